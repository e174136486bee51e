import Foundation
import HealthKitModel
@testable import HealthServer
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

/// Characteristics read over the API: the person's own token reads them; an app reads only with permission.
@Suite struct CharacteristicAPITests {
    @Test("the owner reads characteristics the person set; an app that never asked gets HealthKit's error, not the value")
    func characteristics() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (token, path) = try await harness.personWithStore("alice")
        let store = try HKHealthStore.owner(databasePath: path)
        try store.setCharacteristic(HKBloodType.oPositive)
        try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 5, day: 17))
        let blood = try await harness.send("GET", "/v1/characteristics?type=bloodType", token: token)
        #expect(blood.json["value"] as? String == String(HKBloodType.oPositive.rawValue), "\(blood.text)")
        let birth = try await harness.send("GET", "/v1/characteristics?type=HKCharacteristicTypeIdentifierDateOfBirth", token: token)
        #expect(birth.json["value"] as? String == "1990-05-17")
        #expect(try await harness.send("GET", "/v1/characteristics?type=stepCount", token: token).status == 400)

        try harness.server.registerApp(clientID: "com.example.steps", name: "Steps", redirectURIs: ["https://steps.example/cb"],
                                       shareUsage: "To chart steps.", updateUsage: nil)
        // The app's token as the token endpoint would issue it (the OAuth flow itself is AuthorizationFlowTests').
        let app = "ohk_a_test-\(UUID())"
        let person = try #require(try harness.server.services.directory.person(named: "alice")?.person.id)
        try harness.server.services.directory.addToken(
            secret: app, TokenGrant(kind: .app, personID: person, clientID: "com.example.steps", scope: []), label: "test", expires: nil)
        let denied = try await harness.send("GET", "/v1/characteristics?type=bloodType", token: app)
        #expect(denied.status == 403, "\(denied.text)")
        #expect(!denied.text.contains("\"value\""))
    }
}
