import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import Testing
import TestSupport

/// FHIR JSON that is hostile or only unusual: deep nesting, a byte-order mark, invalid UTF-8, and the identities of
/// resources without an `id` (issue 16, items 2, 5, 8 and 10).
@Suite struct HostileFHIRTests {
    static let clinic = ClinicalInstitution(name: "Clinic")

    static func nested(_ levels: Int) -> Data {
        var text = #"{"resourceType":"Condition","id":"c","code":{"text":"Asthma"}}"#
        for _ in 0..<levels { text = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":"# + text + "}]}" }
        return Data(text.utf8)
    }

    // Item 2: 1,000 nested bundles (69 KB) overflowed the stack (SIGSEGV).
    @Test func deepNestingIsRefusedBeforeAnyDecoding() throws {
        let read = FHIRReader().read(Self.nested(1_000))
        #expect(read.resources.isEmpty)
        #expect(read.failures.map(\.description) == ["refused: arrays and objects nested deeper than 100 levels (at byte 2231)"])
        let arrays = FHIRReader().read(Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8))
        #expect(arrays.failures.first?.reason.contains("nested deeper than 100") == true)
        // Nesting within the limit still reads: 20 bundles deep is 81 levels.
        #expect(FHIRReader().read(Self.nested(20)).resources.map(\.identifier) == ["c"])
        let store = try IngestionTests.store()
        let report = try ClinicalRecordIngestor(store: store, institution: Self.clinic).ingest(json: Self.nested(1_000), location: "deep.json")
        #expect(report.failures.first?.description.contains("deep.json") == true)
        #expect(report.outcome.added == 0)
    }

    // Item 8: a UTF-8 byte-order mark was "unexpected text after the JSON value at byte 27".
    @Test func byteOrderMarkIsSkippedAndInvalidUTF8IsNamed() {
        let condition = #"{"resourceType":"Condition","id":"c","code":{"text":"Asthma"}}"#
        let read = FHIRReader().read(Data([0xEF, 0xBB, 0xBF]) + Data(condition.utf8))
        #expect(read.failures.isEmpty)
        #expect(read.resources.first?.data == Data(condition.utf8))
        let invalid = Data(condition.utf8).replacing(Data("Asthma".utf8), with: Data([0x41, 0xFF, 0x42]))
        #expect(FHIRReader().read(invalid).failures.map(\.description) == ["not valid JSON (invalid UTF-8 at byte 54)"])
    }

    // Item 5: SMART Health Card bundles name resources `resource:0`, `resource:1`... in every card; importing one card's
    // bundle replaced another card's immunizations.
    @Test func bundleLocalFullUrlsDoNotCollideAcrossBundles() async throws {
        guard let cards = TestData.directory("smart-health-cards/spec-examples") else { print(TestData.missingMessage); return }
        let store = try IngestionTests.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: Self.clinic)
        let first = try ingestor.ingest(contentsOf: cards.appendingPathComponent("example-00-a-fhirBundle.json"))
        let second = try ingestor.ingest(contentsOf: cards.appendingPathComponent("example-03-a-fhirBundle.json"))
        #expect(first.outcome.added == 3)
        #expect(second.outcome.added == 2 && second.outcome.replaced == 0)
        #expect(try await IngestionTests.records(store, .immunizationRecord).count == 5)
        // Idempotent: both again change nothing.
        #expect(try ingestor.ingest(contentsOf: cards.appendingPathComponent("example-00-a-fhirBundle.json")).outcome.unchanged == 3)
        #expect(try ingestor.ingest(contentsOf: cards.appendingPathComponent("example-03-a-fhirBundle.json")).outcome.unchanged == 2)
        #expect(try await IngestionTests.records(store, .immunizationRecord).count == 5)
    }

    // Item 10: the same resources sent once with and once without `fullUrl` were duplicated (no id) or replaced with
    // a new UUID (an http fullUrl's source URL missing the second time).
    @Test func reimportWithAndWithoutFullUrlKeepsTheRecords() async throws {
        let condition = #"{"resourceType":"Condition","id":"1","code":{"text":"Asthma"}}"#
        let immunization = #"{"resourceType":"Immunization","status":"completed","vaccineCode":{"text":"Flu"},"occurrenceDateTime":"2021-01-01"}"#
        let withUrls = Data(#"{"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"https://h.example/fhir/Condition/1","resource":\#(condition)},{"fullUrl":"urn:uuid:7c2b0d1e-0000-4000-8000-000000000001","resource":\#(immunization)}]}"#.utf8)
        let without = Data(#"{"resourceType":"Bundle","type":"collection","entry":[{"resource":\#(condition)},{"resource":\#(immunization)}]}"#.utf8)
        let store = try IngestionTests.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: Self.clinic)
        #expect(try ingestor.ingest(json: withUrls, location: "a.json").outcome.added == 2)
        let before = Set(try await IngestionTests.records(store, .conditionRecord).map(\.uuid)
                         + IngestionTests.records(store, .immunizationRecord).map(\.uuid))
        #expect(try ingestor.ingest(json: without, location: "b.json").outcome.unchanged == 2)
        #expect(try ingestor.ingest(json: withUrls, location: "a.json").outcome.unchanged == 2)
        let conditions = try await IngestionTests.records(store, .conditionRecord)
        let after = Set(try await conditions.map(\.uuid) + IngestionTests.records(store, .immunizationRecord).map(\.uuid))
        #expect(after == before)
        #expect(conditions.first?.fhirResource?.sourceURL?.absoluteString == "https://h.example/fhir/Condition/1")
    }
}

/// Item 6: DSTU2 resources that look the same in both releases took R4 although their entry's `fullUrl` named DSTU2.
@Suite struct FHIRReleaseHintTests {
    @Test func aDSTU2FullUrlNamesTheRelease() {
        let observation = #"{"resourceType":"Observation","id":"o","status":"final","code":{"text":"Weight"}}"#
        func release(_ fullUrl: String) -> HKFHIRRelease? {
            let bundle = #"{"resourceType":"Bundle","type":"searchset","entry":[{"fullUrl":"\#(fullUrl)","resource":\#(observation)}]}"#
            return FHIRReader().read(Data(bundle.utf8)).resources.first?.fhirVersion.fhirRelease
        }
        #expect(release("https://fhir.example.org/api/FHIR/DSTU2/Observation/o") == .dstu2)
        #expect(release("http://hapi.example.org/baseDstu2/Observation/o") == .dstu2)
        #expect(release("https://fhir.example.org/r4/Observation/o") == .r4)
        #expect(release("urn:uuid:4f1c0f2e-0000-4000-8000-000000000000") == .r4)
        // The resource's own evidence wins over its URL.
        let r4Shaped = #"{"resourceType":"Bundle","entry":[{"fullUrl":"https://x.example/dstu2/Observation/o","resource":{"resourceType":"Observation","id":"o","status":"final","code":{"text":"x"},"category":[{"text":"lab"}]}}]}"#
        #expect(FHIRReader().read(Data(r4Shaped.utf8)).resources.first?.fhirVersion.fhirRelease == .r4)
    }
}
