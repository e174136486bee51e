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
    public var outcome = HKClinicalIngestOutcome()
    /// Resources read and classified (stored or unchanged).
    public var clinicalResources = 0
    /// Resources that are not clinical records.
    public var skipped: [Skipped] = []
    /// Resources and inputs that could not be read.
    public var failures: [Failure] = []
    /// Files in an imported folder that are not `.json` or `.ndjson` (FHIR XML, notes...), not read.
    public var unreadFiles: [String] = []

    /// An empty report.
    public init() {}

    /// Skipped resources counted by type, for summaries.
    public var skippedByType: [String: Int] {
        skipped.reduce(into: [:]) { $0[$1.resourceType, default: 0] += 1 }
    }

    /// Adds another report's counts and entries to this one.
    public mutating func merge(_ other: ClinicalIngestReport) {
        outcome.add(other.outcome)
        clinicalResources += other.clinicalResources
        skipped += other.skipped
        failures += other.failures
        unreadFiles += other.unreadFiles
    }
}
