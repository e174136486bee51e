import Foundation
import HealthKitModel
import HealthLocking
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// A search's pages are stored several to a transaction (``ProviderSync/resourcesPerCommit``), with the same records
/// and added and replaced counts as one page a transaction: the built-in R4 sample institution synced in pages of 2
/// resources. (A referenced Medication that several pages bring is counted unchanged for each page after the first
/// one by one, and once together.)
@Suite struct PagesPerCommitTests {
    /// A first sync of the R4 sample in pages of two with at most `perCommit` resources a transaction: the store's
    /// commits during the sync, the pages read, the records stored (type, identifier, bytes) and the counts.
    static func sync(perCommit: Int) async throws -> (commits: Int, pages: Int, records: [String], addedAndReplaced: [Int]) {
        let sample = try #require(SampleInstitution.named("r4"))
        let (health, connections, folder) = try ProviderRig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Date()
        let http = HTTPTransport(attempts: 1, baseDelay: 0.01, maximumWait: 1, timeout: 5,
                                 samples: SampleServer(clock: { clock }, institutions: [sample]))
        let connection = try await sample.connect(connections: connections, http: http)
        var sync = ProviderSync(connections: connections, http: http, health: health)
        sync.pageSize = 2
        sync.resourcesPerCommit = perCommit
        let path = folder.appendingPathComponent("health.sqlite").path
        let before = try WriteAheadLog.commits(ofStoreAt: path)
        let report = try await sync.sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        let commits = try WriteAheadLog.commits(ofStoreAt: path) - before
        var stored: [String] = []
        for type in [HKClinicalTypeIdentifier.allergyRecord, .conditionRecord, .immunizationRecord, .labResultRecord,
                     .medicationRecord, .procedureRecord, .vitalSignRecord, .clinicalNoteRecord] {
            stored += try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(type))], sortDescriptors: [])
                .result(for: health)
                .map { "\(type.rawValue) \($0.fhirResource?.identifier ?? "?") \($0.displayName) \($0.fhirResource?.data.count ?? 0)" }
        }
        let outcome = report.outcome
        return (commits, report.types.map(\.pages).reduce(0, +), stored.sorted(), [outcome.added, outcome.replaced])
    }

    @Test func pagesAreStoredSeveralToATransaction() async throws {
        let alone = try await Self.sync(perCommit: 1)
        let together = try await Self.sync(perCommit: 500)
        #expect(alone.pages == together.pages && alone.pages > 20, "pages of two: many pages")
        #expect(alone.commits >= alone.pages, "one page a transaction: a commit each")
        #expect(together.commits < alone.pages / 2, "\(together.commits) commits for \(together.pages) pages")
        #expect(together.records == alone.records && !together.records.isEmpty)
        #expect(together.addedAndReplaced == alone.addedAndReplaced && together.addedAndReplaced[0] > 20)
    }
}
