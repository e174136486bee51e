import Foundation
import OpenHealthKit

/// What an ingestion did, per input: records stored, resources that are not clinical records, and
/// resources that could not be read (each with its file, line or JSON path).
public struct ClinicalIngestReport: Sendable {
    /// A resource read but not stored because it fits no clinical type.
    public struct Skipped: Sendable, Hashable {
        /// Where it was: `file`, `file:line` or `file: entry[3].resource`.
        public var location: String
        /// Its resource type.
        public var resourceType: String
        /// Why it was not stored.
        public var reason: String
    }

    /// A resource (or input) that could not be read; nothing was stored for it.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// Where it was: `file`, `file:line`, with the JSON path in the message.
        public var location: String
        /// What is wrong, with the JSON path: `entry[3].resource.code: required member is missing`.
        public var message: String

        /// `location: message`.
        public var description: String { "\(location): \(message)" }
    }

    /// Records added, replaced and unchanged.
    public var outcome = ClinicalSaveOutcome()
    /// Resources read and classified (stored or unchanged).
    public var clinicalResources = 0
    /// The first ``skippedExamplesLimit`` resources that are not clinical records (``skippedByType`` counts them all).
    public private(set) var skipped: [Skipped] = []
    /// Resources that are not clinical records, counted by type.
    public private(set) var skippedByType: [String: Int] = [:]
    /// How many skipped resources are kept with their location: a report's size must not grow with a bulk file.
    public static let skippedExamplesLimit = 100
    /// Resources marked `entered-in-error` (withdrawn by the institution): read, not stored.
    public var enteredInError = 0
    /// Stored records removed because their resource came again marked `entered-in-error`.
    public var withdrawn = 0
    /// Resources and inputs that could not be read.
    public var failures: [Failure] = []
    /// Files in an imported folder that are not `.json` or `.ndjson` (FHIR XML, notes...), not read.
    public var unreadFiles: [String] = []

    /// An empty report.
    public init() {}

    /// Counts a resource that is not a clinical record, keeping its location while under the limit.
    public mutating func skip(_ item: Skipped) {
        skippedByType[item.resourceType, default: 0] += 1
        if skipped.count < Self.skippedExamplesLimit { skipped.append(item) }
    }

    /// Adds another report's counts and entries to this one.
    public mutating func merge(_ other: ClinicalIngestReport) {
        outcome.add(other.outcome)
        clinicalResources += other.clinicalResources
        enteredInError += other.enteredInError
        withdrawn += other.withdrawn
        skipped += other.skipped.prefix(max(0, Self.skippedExamplesLimit - skipped.count))
        skippedByType.merge(other.skippedByType, uniquingKeysWith: +)
        failures += other.failures
        unreadFiles += other.unreadFiles
    }
}
