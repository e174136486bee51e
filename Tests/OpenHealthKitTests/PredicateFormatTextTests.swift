import Foundation
import HealthDatabase
import OpenHealthKit
import Testing

/// `CONTAINS`, `BEGINSWITH` and `ENDSWITH` (with `[c]` and `[cd]`) on text key paths.
@Suite struct PredicateFormatTextTests {
    @Test func textOperatorsOnCDAAndFHIRKeyPaths() throws {
        let cases: [(NSPredicate, SampleFilter)] = [
            (NSPredicate(format: "%K CONTAINS %@", HKPredicateKeyPathCDAAuthorName, "Smith"),
             .text(FieldKey.cdaAuthorName, TextMatch(.contains, "Smith"))),
            (NSPredicate(format: "%K BEGINSWITH %@", HKPredicateKeyPathCDATitle, "Follow"),
             .text(FieldKey.cdaTitle, TextMatch(.beginsWith, "Follow"))),
            (NSPredicate(format: "%K endswith[c] %@", HKPredicateKeyPathCDACustodianName, "clinic"),
             .text(FieldKey.cdaCustodianName, TextMatch(.endsWith, "clinic", caseInsensitive: true))),
            (NSPredicate(format: "%K CONTAINS[cd] 'pat'", HKPredicateKeyPathCDAPatientName),
             .text(FieldKey.cdaPatientName, TextMatch(.contains, "pat", caseInsensitive: true))),
            (NSPredicate(format: "%K BEGINSWITH[d] %@", HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier, "allergy-"),
             .text(FieldKey.fhirIdentifier, TextMatch(.beginsWith, "allergy-"))),
            (NSPredicate(format: "%K ENDSWITH %@", HKPredicateKeyPathClinicalRecordFHIRResourceType, "Intolerance"),
             .text(FieldKey.fhirResourceType, TextMatch(.endsWith, "Intolerance"))),
        ]
        for (predicate, expected) in cases {
            #expect(try sampleFilter(from: predicate) == expected)
        }
    }

    @Test func textOperatorsOnMetadataValuesCombineWithOthers() throws {
        let key = HKMetadataKeyExternalUUID
        let predicate = NSPredicate(format: "NOT (%K.%K CONTAINS[c] %@) AND metadata.%K BEGINSWITH '100%'",
                                    HKPredicateKeyPathMetadata, key, "run_", key)
        #expect(try sampleFilter(from: predicate) == .and([
            .not(.text(key, TextMatch(.contains, "run_", caseInsensitive: true))),
            .text(key, TextMatch(.beginsWith, "100%")),
        ]))
    }

    @Test func rejectsWhatTheStoreCannotRun() {
        for predicate in [
            NSPredicate(format: "%K CONTAINS %@", HKPredicateKeyPathStartDate, "2024"),
            NSPredicate(format: "%K CONTAINS %d", HKPredicateKeyPathCDATitle, 5),
            NSPredicate(format: "%K CONTAINS[x] %@", HKPredicateKeyPathCDATitle, "a"),
            NSPredicate(format: "%K ==[c] %@", HKPredicateKeyPathCDATitle, "a"),
            NSPredicate(format: "%K CONTAINS[c %@", HKPredicateKeyPathCDATitle, "a"),
            NSPredicate(format: "%K LIKE %@", HKPredicateKeyPathCDATitle, "a*"),
        ] {
            #expect(throws: HKError.self, "\(predicate)") { try sampleFilter(from: predicate) }
        }
    }

    @Test func queriesRunTextOperatorsOnMetadata() async throws {
        let store = try await QueryFixture.store()
        let key = HKMetadataKeyExternalUUID
        let percent = QueryFixture.steps(10, minutes: 0, metadata: [key: "100% Run"])
        let plain = QueryFixture.steps(20, minutes: 60, metadata: [key: "1000 run"])
        let none = QueryFixture.steps(30, minutes: 120)
        try await store.save([percent, plain, none])
        func uuids(_ format: String, _ value: String) async throws -> Set<UUID> {
            let predicate = NSPredicate(format: format, HKPredicateKeyPathMetadata, key, value)
            return Set(try await QueryFixture.samples(store, predicate: predicate).map(\.uuid))
        }
        #expect(try await uuids("%K.%K CONTAINS %@", "%") == [percent.uuid])
        #expect(try await uuids("%K.%K ENDSWITH %@", "Run") == [percent.uuid])
        #expect(try await uuids("%K.%K ENDSWITH[c] %@", "RUN") == [percent.uuid, plain.uuid])
        #expect(try await uuids("%K.%K BEGINSWITH %@", "10") == [percent.uuid, plain.uuid])
        #expect(try await uuids("NOT %K.%K BEGINSWITH %@", "100%") == [plain.uuid, none.uuid])
    }
}
