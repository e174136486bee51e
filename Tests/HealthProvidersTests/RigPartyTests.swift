import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HealthKitModel
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// Practitioners and Organizations the records name, kept with the connection as reference data: read once per sync,
/// read again (and replaced when changed) by a full check, named on display, forgotten with the connection.
extension RigTests {
    /// Two Observations naming an Organization and a Practitioner of the test's own (one reference relative, one
    /// absolute) and a Condition whose recorder is contained; returns the references and the Observations' code text.
    func partiesAtTheSource() async throws -> (organization: String, practitioner: String, marker: String) {
        let organization = try await rig.write("POST", "Organization", ["resourceType": "Organization", "name": "Springfield Reference Lab"])
        let practitioner = try await rig.write("POST", "Practitioner", ["resourceType": "Practitioner",
                                                                        "name": [["prefix": ["Dr."], "given": ["Ada"], "family": "Quinn"]]])
        let (organizationRef, practitionerRef) = ("Organization/\(try #require(organization["id"] as? String))",
                                                  "Practitioner/\(try #require(practitioner["id"] as? String))")
        let marker = "Party test \(UUID().uuidString.prefix(6))"
        for absolute in [false, true] {
            try await rig.write("POST", "Observation", [
                "resourceType": "Observation", "status": "final", "code": ["text": marker],
                "subject": ["reference": "Patient/\(rig.patientID)"],
                "performer": [["reference": organizationRef],
                              ["reference": absolute ? "\(rig.fhirBase.absoluteString)/\(practitionerRef)" : practitionerRef]]])
        }
        try await rig.write("POST", "Condition", [
            "resourceType": "Condition", "code": ["text": marker], "subject": ["reference": "Patient/\(rig.patientID)"],
            "contained": [["resourceType": "Practitioner", "id": "p1", "name": [["text": "Nurse Contained"]]]],
            "recorder": ["reference": "#p1"], "asserter": ["reference": practitionerRef, "display": "Dr. A. Quinn"]])
        return (organizationRef, practitionerRef, marker)
    }

    @Test func practitionersAndOrganizationsAreReadOncePerSyncAndRefreshedWhenChanged() async throws {
        try await rig.reset()
        let (organization, practitioner, marker) = try await partiesAtTheSource()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["Observation", "Condition", "MedicationRequest", "Practitioner", "Organization"])
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let first = try await sync.sync(connection.id)
        #expect(first.isComplete, "\(first.problems)")
        let kept = try connections.parties(of: connection.id)
        #expect(kept.name(for: practitioner) == "Dr. Ada Quinn")
        #expect(kept.name(for: "\(rig.fhirBase.absoluteString)/\(practitioner)") == "Dr. Ada Quinn")
        #expect(kept.name(for: organization) == "Springfield Reference Lab")
        #expect(first.parties.fetched == kept.parties.count && first.parties.unavailable == 0,
                "each party read once, though several records name it: \(first.parties)")

        // The Synthea patient's prescriptions name their prescriber: kept under the name the server has for them.
        let (_, requester, expected) = try await rig.prescriber()
        #expect(kept.name(for: requester) == expected)

        // Display: the kept names, the contained recorder's, and nothing read for it.
        let conditions = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(.conditionRecord))], sortDescriptors: [])
            .result(for: health)
        let condition = try #require(conditions.first { $0.displayName == marker }?.fhirResource)
        #expect(PartyReferences.lines(for: condition.data, parties: kept) == [
            .init(role: "asserter", name: "Dr. Ada Quinn", reference: practitioner),
            .init(role: "recorder", name: "Nurse Contained", reference: "#p1")])
        #expect(PartyReferences.lines(for: condition.data, parties: nil).first?.name == "Dr. A. Quinn", "unkept: the reference's display")

        // An incremental sync reads no kept party again.
        let second = try await sync.sync(connection.id)
        #expect(second.isComplete && second.parties.fetched == 0, "\(second.parties)")

        // Renamed at the source: a full check reads every party once more and keeps the new name.
        var renamed = try await rig.read(practitioner)
        renamed["name"] = [["prefix": ["Dr."], "given": ["Ada"], "family": "Quinn-Lovelace"]]
        try await rig.write("PUT", practitioner, renamed)
        let third = try await sync.sync(connection.id, full: true)
        #expect(third.isComplete, "\(third.problems)")
        #expect(third.parties.fetched == kept.parties.count && third.parties.changed == 1, "\(third.parties)")
        #expect(try connections.parties(of: connection.id).name(for: practitioner) == "Dr. Ada Quinn-Lovelace")
        let database = folder.appendingPathComponent("health.sqlite").path
        #expect(ConnectionStore.parties(database: database, sourceBundleIdentifier: connection.source.bundleIdentifier)?
            .name(for: practitioner) == "Dr. Ada Quinn-Lovelace", "found from a record's source, as displays look them up")
        #expect(ConnectionStore.parties(database: database, sourceBundleIdentifier: "org.example.other") == nil)

        // Removing the connection forgets its parties.
        try await connections.remove(connection.id, http: http)
        #expect(ConnectionStore.parties(database: database, sourceBundleIdentifier: connection.source.bundleIdentifier) == nil)
        #expect(!FileManager.default.fileExists(atPath: connections.folder.appendingPathComponent("\(connection.id).parties").path))
    }

    @Test func partiesNotGrantedAreNeverAskedFor() async throws {
        try await rig.configure(["consent": "launch/patient openid fhirUser patient/Patient.rs patient/Condition.rs", "ttl": 3600])
        _ = try await partiesAtTheSource()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["Condition", "Practitioner", "Organization"])
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        try await rig.reset()
        #expect(report.isComplete, "\(report.problems)")
        #expect(report.parties == SyncReport.PartyCounts(), "not granted: not read, not counted as unavailable")
        #expect(try connections.parties(of: connection.id).parties.isEmpty)
    }
}
