import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import TestSupport

/// Ingestion: identity, replacement without duplicates, reports, NDJSON and the HealthKit predicates.
@Suite struct IngestionTests {
    static func store() throws -> HKHealthStore {
        let path = TemporaryFiles.folder.appendingPathComponent("records-\(UUID().uuidString).sqlite").path
        return try HKHealthStore.owner(databasePath: path)
    }

    static func records(_ store: HKHealthStore, _ type: HKClinicalTypeIdentifier, _ predicate: NSPredicate? = nil) async throws -> [HKClinicalRecord] {
        try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(type), predicate: predicate)], sortDescriptors: [])
            .result(for: store)
    }

    static let hospital = ClinicalInstitution(name: "General Hospital", baseURL: URL(string: "https://fhir.general.example/r4"))

    static func lab(_ id: String, _ value: Double) -> String {
        #"{"resourceType":"Observation","id":"\#(id)","status":"final","category":[{"coding":[{"code":"laboratory"}]}],"code":{"text":"Glucose"},"valueQuantity":{"value":\#(value)}}"#
    }

    @Test func bundleIsStoredAndNonClinicalResourcesAreReported() async throws {
        let store = try Self.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: Self.hospital)
        let bundle = FHIRFixtures.bundle([Self.lab("g1", 5.1), #"{"resourceType":"Patient","id":"p1"}"#,
                                              #"{"resourceType":"Condition","id":"c1","code":{"text":"Asthma"}}"#], type: "searchset")
        let report = try ingestor.ingest(json: bundle, location: "bundle.json")
        #expect(report.outcome.added == 2)
        #expect(report.skipped.map(\.resourceType) == ["Patient"])
        #expect(report.skipped.first?.location == "bundle.json: entry[1].resource")
        let labs = try await Self.records(store, .labResultRecord)
        #expect(labs.count == 1)
        let record = try #require(labs.first)
        #expect(record.displayName == "Glucose")
        #expect(record.sourceRevision.source.name == "General Hospital")
        #expect(record.fhirResource?.identifier == "g1")
        #expect(record.fhirResource?.resourceType == .observation)
        #expect(record.fhirResource?.fhirVersion.fhirRelease == .r4)
        #expect(record.fhirResource?.sourceURL?.absoluteString == "https://fhir.general.example/r4/Observation/g1")
        #expect(record.fhirResource?.data == Data(Self.lab("g1", 5.1).utf8))
    }

    @Test func updatedResourceReplacesTheRecordAndAnchoredQueriesSeeIt() async throws {
        let store = try Self.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: Self.hospital)
        _ = try ingestor.ingest(json: Data(Self.lab("g1", 5.1).utf8), location: "a")
        let type = HKClinicalType(.labResultRecord)
        let first = try await HKAnchoredObjectQueryDescriptor(predicates: [.clinicalRecord(type: type)], anchor: nil).result(for: store)
        let again = try ingestor.ingest(json: Data(Self.lab("g1", 5.1).utf8), location: "a")
        #expect(again.outcome == { var o = ClinicalSaveOutcome(); o.unchanged = 1; return o }())
        let updated = try ingestor.ingest(json: Data(Self.lab("g1", 6.3).utf8), location: "b")
        #expect(updated.outcome.replaced == 1)
        let labs = try await Self.records(store, .labResultRecord)
        #expect(labs.count == 1)
        #expect(labs.first?.fhirResource?.data == Data(Self.lab("g1", 6.3).utf8))
        let changes = try await HKAnchoredObjectQueryDescriptor(predicates: [.clinicalRecord(type: type)], anchor: first.newAnchor)
            .result(for: store)
        #expect(changes.addedSamples.count == 1)
        #expect(changes.deletedObjects.map(\.uuid) == first.addedSamples.map(\.uuid))
        // The same id from another institution is another record.
        _ = try ClinicalRecordIngestor(store: store, institution: ClinicalInstitution(name: "Clinic"))
            .ingest(json: Data(Self.lab("g1", 6.3).utf8), location: "c")
        #expect(try await Self.records(store, .labResultRecord).count == 2)
    }

    @Test func malformedResourcesStoreNothingForThemselves() async throws {
        let store = try Self.store()
        let bad = #"{"resourceType":"Condition","id":"c2","code":{"coding":[{"system":5}]}}"#
        let bundle = FHIRFixtures.bundle([#"{"resourceType":"Condition","id":"c1","code":{"text":"Asthma"}}"#, bad])
        let report = try ClinicalRecordIngestor(store: store, institution: Self.hospital).ingest(json: bundle, location: "b.json")
        #expect(report.failures.map(\.description) == ["b.json: entry[1].resource.code.coding[0].system: expected a string, found a number"])
        #expect(try await Self.records(store, .conditionRecord).map { $0.fhirResource?.identifier } == ["c1"])
    }

    @Test func ndjsonIsReadLineByLineAndBadLinesAreNamed() async throws {
        let store = try Self.store()
        let file = TemporaryFiles.folder.appendingPathComponent("obs-\(UUID().uuidString).ndjson")
        let lines = [Self.lab("n1", 1), "", #"{"resourceType":"Observation","id":"n2"}"#, Self.lab("n3", 3), "{not json"]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        var ingestor = ClinicalRecordIngestor(store: store, institution: Self.hospital)
        ingestor.batchSize = 1
        let report = try ingestor.ingestNDJSON(at: file, location: "obs.ndjson")
        #expect(report.outcome.added == 2)
        #expect(report.failures.map(\.location) == ["obs.ndjson:3", "obs.ndjson:5"])
        #expect(report.failures.first?.message == "code: required member is missing")
        #expect(try await Self.records(store, .labResultRecord).count == 2)
    }

    @Test func folderIngestsJSONAndNDJSONAndListsOtherFiles() async throws {
        let folder = TemporaryFiles.folder.appendingPathComponent("fhir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("more"), withIntermediateDirectories: true)
        try Data(Self.lab("f1", 1).utf8).write(to: folder.appendingPathComponent("a.json"))
        try Data((Self.lab("f2", 2) + "\n" + Self.lab("f3", 3) + "\n").utf8).write(to: folder.appendingPathComponent("more/b.ndjson"))
        try Data("<Bundle xmlns=\"http://hl7.org/fhir\"/>".utf8).write(to: folder.appendingPathComponent("c.xml"))
        let report = try ClinicalRecordIngestor(store: try Self.store(), institution: Self.hospital).ingest(contentsOf: folder)
        #expect(report.outcome.added == 3)
        #expect(report.unreadFiles == ["c.xml"])
        #expect(report.failures.isEmpty)
    }

    @Test func medicationQueriesMixTheFourResourcesAndPredicatesFilter() async throws {
        let store = try Self.store()
        let medications = ["MedicationStatement", "MedicationRequest", "MedicationDispense", "MedicationOrder"].map {
            #"{"resourceType":"\#($0)","id":"m1","medicationCodeableConcept":{"text":"Aspirin"}}"#
        }
        _ = try ClinicalRecordIngestor(store: store, institution: Self.hospital, release: .r4)
            .ingest(json: FHIRFixtures.bundle(medications), location: "m")
        let all = try await Self.records(store, .medicationRecord)
        #expect(Set(all.compactMap { $0.fhirResource?.resourceType.rawValue }).count == 4)
        let requests = try await Self.records(store, .medicationRecord,
                                              HKQuery.predicateForClinicalRecords(withFHIRResourceType: .medicationRequest))
        #expect(requests.map { $0.fhirResource?.resourceType } == [.medicationRequest])
        let one = HKQuery.predicateForClinicalRecords(from: Self.hospital.source, fhirResourceType: .medicationDispense, identifier: "m1")
        #expect(try await Self.records(store, .medicationRecord, one).count == 1)
        let elsewhere = HKQuery.predicateForClinicalRecords(from: HKSource(name: "x", bundleIdentifier: "x"),
                                                            fhirResourceType: .medicationDispense, identifier: "m1")
        #expect(try await Self.records(store, .medicationRecord, elsewhere).isEmpty)
    }

    @Test func appsStillCannotSaveClinicalRecords() async throws {
        let record = HKClinicalRecord(type: HKClinicalType(.labResultRecord), displayName: "x", fhirResource: nil, start: Date(), end: Date())
        let path = TemporaryFiles.folder.appendingPathComponent("app-\(UUID().uuidString).sqlite").path
        let app = try HKHealthStore(databasePath: path, app: HKSource(name: "App", bundleIdentifier: "com.example.app"))
        await #expect(throws: (any Error).self) { try await app.save(record) }
    }
}
