import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import SmartHealthCards
import Testing
import TestSupport

/// Verified cards are stored once and read with HKVerifiableClinicalRecordQuery; CDA files with several
/// ClinicalDocument roots import as several documents, read back with HKDocumentQuery.
@Suite struct CardAndDocumentStoreTests {
    static func card() throws -> VerifiedSmartHealthCard? {
        guard let root = TestData.directory("smart-health-cards") else { return nil }
        var trust = TrustStore()
        try trust.load(keysAt: root.appendingPathComponent("spec-examples/issuer"))
        let jws = try String(contentsOf: root.appendingPathComponent("spec-examples/example-00-d-jws.txt"), encoding: .utf8)
        return try SmartHealthCardVerifier(trustStore: trust).verify(jws: jws.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func query(_ store: HKHealthStore, types: [String], predicate: NSPredicate? = nil) async throws -> [HKVerifiableClinicalRecord] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKVerifiableClinicalRecordQuery(recordTypes: types, predicate: predicate) { _, records, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: records ?? []) }
            }
            store.execute(query)
        }
    }

    @Test func verifiedCardsAreStoredOnceAndQueried() async throws {
        guard let card = try Self.card() else { print(TestData.missingMessage); return }
        let store = try IngestionTests.store()
        #expect(try SmartHealthCardImporter.store([card], in: store).added == 1)
        #expect(try SmartHealthCardImporter.store([card], in: store).unchanged == 1)
        let all = try await Self.query(store, types: ["https://smarthealth.cards#health-card"])
        #expect(all.count == 1)
        #expect(all.first?.subject.fullName == "John B. Anyperson")
        #expect(all.first?.itemNames.count == 2)
        #expect(all.first?.dataRepresentation == Data(card.jws.utf8))
        #expect(all.first?.sourceRevision.source.bundleIdentifier == SmartHealthCardImporter.source.bundleIdentifier)
        #expect(try await Self.query(store, types: ["https://smarthealth.cards#laboratory"]).isEmpty)
        let interval = DateInterval(start: Date(timeIntervalSince1970: 1_662_000_000), duration: 86_400 * 30)
        let inRange = HKQuery.predicateForVerifiableClinicalRecords(withRelevantDateWithin: interval)
        #expect(try await Self.query(store, types: [], predicate: inRange).count == 1)
        let descriptor = HKVerifiableClinicalRecordQueryDescriptor(
            recordTypes: [HKVerifiableClinicalRecordCredentialType(rawValue: "https://smarthealth.cards#health-card")],
            sourceTypes: [.smartHealthCard])
        #expect(try await descriptor.result(for: store).map(\.issuerIdentifier) == ["https://spec.smarthealth.cards/examples/issuer"])
        let eu = HKVerifiableClinicalRecordQueryDescriptor(recordTypes: [], sourceTypes: [.euDigitalCOVIDCertificate])
        #expect(try await eu.result(for: store).isEmpty)
    }

    static func cda(_ title: String, patient: String, time: String) -> String {
        """
        <ClinicalDocument xmlns="urn:hl7-org:v3"><title>\(title)</title><effectiveTime value="\(time)"/>\
        <recordTarget><patientRole><patient><name><given>\(patient)</given><family>Doe</family></name></patient></patientRole></recordTarget>\
        <author><assignedAuthor><assignedPerson><name><given>Ann</given><family>Smith</family></name></assignedPerson></assignedAuthor></author>\
        <custodian><assignedCustodian><representedCustodianOrganization><name>General Hospital</name></representedCustodianOrganization></assignedCustodian></custodian>\
        </ClinicalDocument>
        """
    }

    @Test func exportWithSeveralClinicalDocumentsImportsEach() async throws {
        let file = "<?xml version=\"1.0\"?>\n" + Self.cda("Visit summary", patient: "John", time: "20240102103000-0500") + "\n"
            + Self.cda("Lab report", patient: "John", time: "20240203") + "\n"
        let samples = try CDADocumentFile.samples(in: Data(file.utf8))
        #expect(samples.map { $0.document?.title } == ["Visit summary", "Lab report"])
        #expect(samples.first?.startDate == ISO8601DateFormatter().date(from: "2024-01-02T15:30:00Z"))
        #expect(samples.first?.document?.patientName == "John Doe")
        #expect(samples.first?.document?.authorName == "Ann Smith")
        #expect(samples.first?.document?.custodianName == "General Hospital")
        let store = try IngestionTests.store()
        try await store.save(samples)
        let documents: [HKDocumentSample] = try await withCheckedThrowingContinuation { continuation in
            var collected: [HKDocumentSample] = []
            let predicate = NSPredicate(format: "%K == %@", HKPredicateKeyPathCDATitle, "Lab report")
            let query = HKDocumentQuery(documentType: HKDocumentType(.CDA), predicate: predicate, limit: HKObjectQueryNoLimit,
                                        sortDescriptors: nil, includeDocumentData: true) { _, batch, done, error in
                if let error { continuation.resume(throwing: error); return }
                collected += batch ?? []
                if done { continuation.resume(returning: collected) }
            }
            store.execute(query)
        }
        let document = try #require((documents.first as? HKCDADocumentSample)?.document)
        #expect(documents.count == 1)
        #expect(document.documentData == Data(Self.cda("Lab report", patient: "John", time: "20240203").utf8))
    }

    @Test func badDocumentsAreNamed() {
        #expect { try CDADocumentFile.documents(in: Data("<html/>".utf8)) } throws: { "\($0)".contains("<html> is not a ClinicalDocument") }
        let unclosed = Self.cda("A", patient: "J", time: "2024") + "<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>B</title>"
        #expect { try CDADocumentFile.documents(in: Data(unclosed.utf8)) } throws: { "\($0)".contains("ClinicalDocument 2") }
        let wrongNamespace = "<ClinicalDocument xmlns=\"urn:other\"><title>x</title></ClinicalDocument>"
        #expect { try CDADocumentFile.samples(in: Data(wrongNamespace.utf8)) } throws: { "\($0)".contains("ClinicalDocument 1") }
    }
}
