import Foundation
import HealthKitModel
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// A full check's removal and the identifiers a sync compares read an institution's records a page at a time: more
/// records than a page, all of one date (ties across every page boundary), each counted once, and only the ones the
/// source no longer returns removed.
@Suite struct ClinicalRemovalPagingTests {
    @Test func removalAndIdentifiersReadEveryRecordOnceAcrossPages() throws {
        let (health, _, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let institution = ClinicalInstitution(name: "Paging General", baseURL: URL(string: "https://paging.example/fhir")!)
        let ids = (0..<2_345).map { "c\($0)" }
        let entries = ids.map { id in
            #"{"resource":{"resourceType":"Condition","id":"\#(id)","code":{"text":"Condition \#(id)"},"recordedDate":"2024-03-01"}}"#
        }
        let bundle = Data(#"{"resourceType":"Bundle","type":"searchset","entry":[\#(entries.joined(separator: ","))]}"#.utf8)
        _ = try ClinicalRecordIngestor(store: health, institution: institution).ingest(json: bundle, location: "test")
        let stored = try health.clinicalRecordIdentifiers(from: institution.source, resourceType: "Condition")
        #expect(stored.count == ids.count, "every record once, across three pages of ties")
        let kept = Set(stored.sorted().enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        let removed = try health.removeClinicalRecords(from: institution.source, resourceType: "Condition", keeping: kept)
        #expect(removed == ids.count - kept.count)
        #expect(try health.clinicalRecordIdentifiers(from: institution.source, resourceType: "Condition") == kept)
    }
}
