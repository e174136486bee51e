import Foundation
import HealthKitModel
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// Clinical records read over the API, with their FHIR resource as JSON.
@Suite struct ClinicalAPITests {
    @Test("a clinical record comes back with its display name, FHIR identity and the resource itself as a JSON object")
    func clinicalRecordsCarryTheirResource() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (token, path) = try await harness.personWithStore("alice")
        _ = try await harness.send("GET", "/v1/me", token: token)   // opens (creates) the store
        let resource = #"{"resourceType":"AllergyIntolerance","id":"a1","code":{"text":"Peanut"},"criticality":"high"}"#
        let record = HKClinicalRecord(
            type: HKClinicalType(.allergyRecord), displayName: "Peanut",
            fhirResource: HKFHIRResource(fhirVersion: .primaryR4(), resourceType: .allergyIntolerance, identifier: "a1",
                                         data: Data(resource.utf8), sourceURL: URL(string: "https://fhir.example/AllergyIntolerance/a1")),
            start: Date(timeIntervalSince1970: 1_795_687_200), end: Date(timeIntervalSince1970: 1_795_687_200))
        let store = try HKHealthStore.owner(databasePath: path)
        _ = try store.ingestClinicalRecords([record], from: HKSource(name: "Example Hospital", bundleIdentifier: "org.example.hospital"))
        let reply = try await harness.send("GET", "/v1/samples?type=allergyRecord", token: token)
        #expect(reply.status == 200, "\(reply.text)")
        let sample = try #require((reply.json["samples"] as? [[String: Any]])?.first)
        let clinical = try #require(sample["clinical"] as? [String: Any])
        #expect(clinical["displayName"] as? String == "Peanut")
        #expect(clinical["resourceType"] as? String == "AllergyIntolerance")
        #expect(clinical["identifier"] as? String == "a1")
        #expect(clinical["fhirVersion"] as? String == "4.0.1")
        let json = try #require(clinical["resource"] as? [String: Any])
        #expect((json["code"] as? [String: Any])?["text"] as? String == "Peanut")
        #expect(json["criticality"] as? String == "high")
        // Clinical records are read-only for apps and people alike: they come from institutions.
        let write = #"{"samples":[{"type":"allergyRecord","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T10:00:00Z"}]}"#
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: write).status == 400)
    }
}
