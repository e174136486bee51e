import Foundation
import HealthKitModel
import HealthRecords
@testable import HealthServer
import OpenHealthKit
import SmartHealthCards
import TestSupport
import Testing

/// The dashboard's health records page over real HTTP, on records the test did not write: a Synthea patient's FHIR
/// bundle (../shared/testdata) imported as a file, a CDA document, and the SMART Health Cards specification's example
/// card — each category's count equal to HealthKit's own query, records with their FHIR details, hostile names
/// escaped, and bob's page never showing alice's records.
@Suite struct ClinicalRecordsPageTests {
    /// Alice's store with a Synthea bundle, a CDA document and a verified card; nil without the corpora.
    static func seed(_ harness: ServerHarness) async throws -> HKHealthStore? {
        guard let patients = TestData.directory("fhir-r4/synthea-selected-patients"),
              let cards = TestData.directory("smart-health-cards/spec-examples") else { return nil }
        let store = try harness.ownerStore(of: "alice")
        let bundle = try #require(try FileManager.default.contentsOfDirectory(at: patients, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }.first)
        let imported = try ClinicalRecordIngestor(store: store, institution: ClinicalInstitution(name: "Synthea File")).ingest(contentsOf: bundle)
        #expect(imported.outcome.added > 0)
        let hostile = #"{"resourceType":"AllergyIntolerance","id":"x1","code":{"text":"<script>alert(1)</script> & pollen"}}"#
        _ = try ClinicalRecordIngestor(store: store, institution: ClinicalInstitution(name: "Synthea File"))
            .ingest(json: Data(hostile.utf8), location: "hostile")
        let cda = #"<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Discharge summary</title><effectiveTime value="20240203"/>"#
            + "<recordTarget><patientRole><patient><name><given>Alice</given><family>Doe</family></name></patient></patientRole></recordTarget>"
            + "</ClinicalDocument>"
        try await store.save(try CDADocumentFile.samples(in: Data(cda.utf8)))
        var trust = TrustStore()
        try trust.load(keysAt: cards.appendingPathComponent("issuer"))
        let jws = try String(contentsOf: cards.appendingPathComponent("example-00-d-jws.txt"), encoding: .utf8)
        let card = try SmartHealthCardVerifier(trustStore: trust).verify(jws: jws.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try SmartHealthCardImporter.store([card], in: store).added == 1)
        return store
    }

    @Test("every category's count is HealthKit's; a category lists its records with FHIR details; bob sees none of alice's")
    func categoriesAndDetails() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        guard let store = try await Self.seed(harness) else { print(TestData.missingMessage); return }
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        #expect(try await harness.send("GET", "/records").status == 303, "signed out: to the sign-in form")

        let index = try await harness.send("GET", "/records", cookie: alice)
        #expect(index.status == 200)
        #expect(index.text.contains(#"<nav aria-label="Record categories">"#))
        var total = 0
        for type in HKObjectType.allClinicalTypes {
            let expected = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: type)], sortDescriptors: []).result(for: store)
            total += expected.count
            #expect(index.text.contains("\(TypeNames.title(type)) (\(expected.count))</a>"), "\(type.shortName)")
            let page = try await harness.send("GET", "/records?category=\(type.shortName)", cookie: alice)
            let listed = ServerHarness.firstMatch(#"<li data-uuid="([0-9A-F-]{36})">"#, in: page.text)
            #expect(Set(listed) == Set(expected.map(\.uuid.uuidString)), "\(type.shortName): every record, once")
            #expect(listed.count == expected.count)
            for record in expected.prefix(5) {
                #expect(page.text.contains("<h3>\(HTML.escape(record.displayName))</h3>"))
                #expect(page.text.contains("\(record.fhirResource!.resourceType.rawValue)/\(record.fhirResource!.identifier)"))
            }
        }
        #expect(total > 20)
        #expect(index.text.contains("Clinical Documents (1)</a>") && index.text.contains(#"<a href="/cards">Health Cards (1)</a>"#))

        let labs = try await harness.send("GET", "/records?category=HKClinicalTypeIdentifierLabResultRecord", cookie: alice)
        #expect(labs.text.contains(#"aria-current="page">Lab Result Record"#), "identifiers name categories too")
        #expect(labs.text.contains(#"<summary aria-label="FHIR details of "#))
        #expect(labs.text.contains("<dt>FHIR version</dt><dd>R4 (4.0.1)</dd>"))
        let allergies = try await harness.send("GET", "/records?category=allergyRecord", cookie: alice)
        #expect(allergies.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; pollen"))
        #expect(!allergies.text.contains("<script>"))
        let documents = try await harness.send("GET", "/records?category=documents", cookie: alice)
        #expect(documents.text.contains("<h3>Discharge summary</h3>") && documents.text.contains("<dd>Alice Doe</dd>"))
        // The cards have one list, on /cards: the records page counts them and links there, and its old category redirects.
        #expect(!index.text.contains("category=cards"))
        let moved = try await harness.send("GET", "/records?category=cards&tz=Europe/Paris", cookie: alice)
        #expect(moved.status == 303 && moved.header("Location") == "/cards?tz=Europe/Paris", "\(moved.status) \(moved.header("Location") ?? "")")
        let cards = try await harness.send("GET", "/cards", cookie: alice)
        #expect(cards.text.contains("John B. Anyperson") && cards.text.contains("<dt>Issuer</dt><dd>https://spec.smarthealth.cards/examples/issuer</dd>"))
        #expect(ServerHarness.firstMatch(#"<li data-uuid="([0-9A-F-]{36})">"#, in: cards.text).count == 1)

        let bobIndex = try await harness.send("GET", "/records", cookie: bob)
        #expect(bobIndex.text.contains("You have no health records yet."))
        #expect(try await harness.send("GET", "/records?category=labResultRecord", cookie: bob).text.contains("No records in this category."))
        #expect(bobIndex.text.contains(#"<a href="/cards">Health Cards (0)</a>"#))
        #expect(!(try await harness.send("GET", "/cards", cookie: bob)).text.contains("Anyperson"))
        #expect(try await harness.send("GET", "/records?category=stepCount", cookie: alice).status == 404)
    }
}
