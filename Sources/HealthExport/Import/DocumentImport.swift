import Foundation
import HealthDatabase
import HealthKitModel
import HealthRecords
import OpenHealthKit

/// `export_cda.xml` (one or more CDA documents, Apple's file can hold several roots) to `HKCDADocumentSample`s,
/// each with a content-hash UUID so a re-import stores nothing twice.
enum DocumentImport {
    static func run(_ data: Data, store: HKHealthStore, summary: inout ImportSummary) {
        do {
            let samples = try CDADocumentFile.samples(in: data, fallbackDate: Date(timeIntervalSince1970: 0))
            let storage = try store.storage()
            var records: [SampleRecord] = []
            for sample in samples {
                var record = try ObjectMapping.record(from: sample)
                var hasher = IdentityHasher(kind: "CDA")
                (record.payload ?? Data()).withUnsafeBytes { hasher.add(bytes: $0.bindMemory(to: UInt8.self)) }
                record.uuid = hasher.uuid(at: record.startDate)
                record.source = SourceMapping.record(from: HKSourceRevision(source: HKSource(name: "Health", bundleIdentifier: "com.apple.Health"), version: nil))
                records.append(record)
            }
            let existing = Set(try storage.records(matching: .uuids(Set(records.map(\.uuid))), sort: [], limit: nil, includePayload: false).map(\.uuid))
            let fresh = records.filter { !existing.contains($0.uuid) }
            summary.alreadyStored += records.count - fresh.count
            if !fresh.isEmpty { _ = try storage.save(fresh) }
            summary.stored += fresh.count
            summary.storedByType[HKDocumentTypeIdentifier.CDA.rawValue, default: 0] += fresh.count
        } catch {
            summary.problems.add(ImportProblem(.invalidObject, line: 0, "\(error)", file: "export_cda.xml"))
        }
    }
}
