import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import TestSupport

/// Several inputs (a download's pages) ingested together: one commit for all of them, with the records, outcome and
/// report of ingesting each in turn; withdrawals keep their place among the inputs.
@Suite struct IngestInputsTests {
    static func store() throws -> (HKHealthStore, String) {
        let path = TemporaryFiles.folder.appendingPathComponent("inputs-\(UUID().uuidString).sqlite").path
        return (try HKHealthStore.owner(databasePath: path), path)
    }

    static func lab(_ id: String, status: String = "final") -> String {
        ClinicalPolicyTests.lab(id, status: status)
    }

    /// Three pages: labs, a Patient (skipped), an unreadable entry and a Condition.
    static func pages() -> [ClinicalRecordIngestor.Input] {
        let reader = FHIRReader()
        let bodies = [
            FHIRFixtures.bundle((0..<4).map { lab("g\($0)") }, type: "searchset"),
            FHIRFixtures.bundle([lab("g4"), #"{"resourceType":"Patient","id":"p1"}"#, #"{"resourceType":"Observation","id":7}"#],
                                type: "searchset"),
            FHIRFixtures.bundle([#"{"resourceType":"Condition","id":"c1","code":{"text":"Asthma"}}"#, lab("g5")], type: "searchset"),
        ]
        return bodies.enumerated().map { .init(read: reader.read($1), location: "page \($0 + 1)") }
    }

    /// The stored records' identifiers, display names and bytes, sorted.
    static func stored(_ store: HKHealthStore) async throws -> [String] {
        var found: [String] = []
        for type in [HKClinicalTypeIdentifier.labResultRecord, .conditionRecord] {
            found += try await IngestionTests.records(store, type).map {
                "\($0.fhirResource?.identifier ?? "?") \($0.displayName) \($0.fhirResource?.data.count ?? 0)"
            }
        }
        return found.sorted()
    }

    @Test func pagesGoInOneCommitAsIfIngestedOneByOne() async throws {
        let (together, path) = try Self.store(), (alone, alonePath) = try Self.store()
        let ingestor = ClinicalRecordIngestor(store: together, institution: IngestionTests.hospital)
        let oneByOne = ClinicalRecordIngestor(store: alone, institution: IngestionTests.hospital)
        _ = try ingestor.ingest(json: Data(Self.lab("g0").utf8), location: "earlier")
        _ = try oneByOne.ingest(json: Data(Self.lab("g0").utf8), location: "earlier")
        let before = (try WriteAheadLog.commits(ofStoreAt: path), try WriteAheadLog.commits(ofStoreAt: alonePath))

        let report = try ingestor.ingest(Self.pages())
        var expected = ClinicalIngestReport()
        for page in Self.pages() { expected.merge(try oneByOne.ingest(read: page.read, location: page.location, context: page.context)) }

        #expect(try WriteAheadLog.commits(ofStoreAt: path) - before.0 == 1, "one transaction for the three pages")
        #expect(try WriteAheadLog.commits(ofStoreAt: alonePath) - before.1 == 3, "one by one, a transaction each")
        #expect(report.outcome == expected.outcome && report.outcome.added == 6 && report.outcome.unchanged == 1)
        #expect(report.clinicalResources == expected.clinicalResources)
        #expect(report.skipped == expected.skipped && report.skipped.map(\.location) == ["page 2: entry[1].resource"])
        #expect(report.failures == expected.failures && report.failures.map(\.location) == ["page 2"])
        #expect(try await Self.stored(together) == Self.stored(alone))
    }

    /// A withdrawal neither overtakes nor is overtaken: withdrawn then sent again, the record stays; sent then withdrawn
    /// on a later page, it goes.
    @Test func withdrawalsKeepTheirPlaceAmongThePages() async throws {
        let (store, path) = try Self.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: IngestionTests.hospital)
        let reader = FHIRReader()
        let bodies = [[Self.lab("a", status: "entered-in-error"), Self.lab("b")], [Self.lab("a"), Self.lab("c")],
                      [Self.lab("b", status: "entered-in-error")], [Self.lab("d")]]
        let before = try WriteAheadLog.commits(ofStoreAt: path)
        let report = try ingestor.ingest(bodies.enumerated().map {
            .init(read: reader.read(FHIRFixtures.bundle($1, type: "searchset")), location: "page \($0 + 1)")
        })
        #expect(try await IngestionTests.records(store, .labResultRecord).compactMap(\.fhirResource?.identifier).sorted() == ["a", "c", "d"])
        #expect(report.enteredInError == 2 && report.withdrawn == 1 && report.outcome.added == 4)
        #expect(try WriteAheadLog.commits(ofStoreAt: path) - before >= 3, "the withdrawing pages are stored on their own")
    }

    /// More resources than one transaction takes (``ClinicalRecordIngestor/jsonBatchSize``) go in several.
    @Test func aTransactionHoldsAtMostTheBatchSize() async throws {
        let (store, path) = try Self.store()
        var ingestor = ClinicalRecordIngestor(store: store, institution: IngestionTests.hospital)
        ingestor.jsonBatchSize = 5
        let reader = FHIRReader()
        let pages: [ClinicalRecordIngestor.Input] = (0..<4).map { page in
            .init(read: reader.read(FHIRFixtures.bundle((0..<3).map { Self.lab("l\(page)-\($0)") }, type: "searchset")), location: "p\(page)")
        }
        let before = try WriteAheadLog.commits(ofStoreAt: path)
        #expect(try ingestor.ingest(pages).outcome.added == 12)
        #expect(try WriteAheadLog.commits(ofStoreAt: path) - before == 4, "3 + 3 > 5: each page alone")
        #expect(try await IngestionTests.records(store, .labResultRecord).count == 12)
    }
}
