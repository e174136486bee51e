import Foundation
import HealthDatabase
import HealthKitModel
import HealthRecords
import OpenHealthKit

/// CDA documents into the store, each with a content-hash UUID so importing the same file again stores nothing
/// twice: `export_cda.xml` during an export import (Apple's file can hold several roots) and `health documents import`.
public enum DocumentImport {
    /// What storing a file of documents did.
    public struct Outcome: Sendable {
        /// The documents found in the file, in order.
        public var documents: [HKCDADocumentSample]
        /// How many of them were new to the store.
        public var stored: Int
        /// How many the store already had (same bytes).
        public var alreadyStored: Int
    }

    /// Stores the CDA documents in `data` (one `ClinicalDocument`, or several concatenated) as `source`'s samples,
    /// each dated by its `effectiveTime` (else `fallbackDate`).
    ///
    /// Every document is validated first: one invalid document throws (naming it) and nothing is stored.
    public static func store(_ data: Data, in store: HKHealthStore, source: HKSource, fallbackDate: Date) throws -> Outcome {
        let samples = try CDADocumentFile.samples(in: data, fallbackDate: fallbackDate)
        let storage = try store.storage()
        let revision = SourceMapping.record(from: HKSourceRevision(source: source, version: nil))
        var records: [SampleRecord] = []
        for sample in samples {
            var record = try ObjectMapping.record(from: sample)
            var hasher = IdentityHasher(kind: "CDA")
            (record.payload ?? Data()).withUnsafeBytes { hasher.add(bytes: $0.bindMemory(to: UInt8.self)) }
            // The bytes alone decide the UUID: an undated document's start is the fallback date, which differs per run.
            record.uuid = hasher.uuid(at: Date(timeIntervalSince1970: 0))
            record.source = revision
            records.append(record)
        }
        let existing = Set(try storage.records(matching: .uuids(Set(records.map(\.uuid))), sort: [], limit: nil,
                                               includePayload: false).map(\.uuid))
        var seen: Set<UUID> = []
        let fresh = records.filter { !existing.contains($0.uuid) && seen.insert($0.uuid).inserted }
        if !fresh.isEmpty { try store.writer.save(fresh, rules: .imported) }
        return Outcome(documents: samples, stored: fresh.count, alreadyStored: records.count - fresh.count)
    }

    /// `export_cda.xml` of an export: stored as the Health app's, problems reported in `summary`.
    static func run(_ data: Data, store: HKHealthStore, summary: inout ImportReport) {
        do {
            let outcome = try Self.store(data, in: store, source: HKSource(name: "Health", bundleIdentifier: "com.apple.Health"),
                                         fallbackDate: Date(timeIntervalSince1970: 0))
            summary.alreadyStored += outcome.alreadyStored
            summary.stored += outcome.stored
            summary.storedByType[HKDocumentTypeIdentifier.CDA.rawValue, default: 0] += outcome.stored
        } catch {
            summary.problems.add(ImportProblem(.invalidObject, line: 0, (error as? HKError)?.localizedDescription ?? "\(error)",
                                               file: "export_cda.xml"))
        }
    }
}
