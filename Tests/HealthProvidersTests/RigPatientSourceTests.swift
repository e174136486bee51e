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

/// One institution, two connected patients: each patient's records have their own source, so a full check or a
/// removal of one connection never touches the other's; connections made when the source was the institution's
/// alone are separated by a migration.
extension RigTests {
    /// Connects the rig's patient, then `other` at the same institution (a client whose patient knob names it).
    func connectBoth(other: String, connections: ConnectionStore) async throws -> (ProviderConnection, ProviderConnection) {
        let first = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        let client = try await rig.client(["patient": other])
        let second = try await rig.connect(.none(clientID: client), connections: connections, http: http, types: ["Condition"])
        return (first, second)
    }

    @Test func twoPatientsAtOneInstitutionKeepTheirRecordsApart() async throws {
        try await rig.reset()
        let other = try await rig.addPatient()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, second) = try await connectBoth(other: other, connections: connections)
        #expect(first.id != second.id && first.source != second.source && first.source.name == second.source.name)
        let sync = ProviderSync(connections: connections, http: http, health: health)
        for id in [first.id, second.id] {
            let report = try await sync.sync(id)
            #expect(report.isComplete, "\(report.problems)")
        }
        let again = try await sync.sync(first.id, full: true)
        #expect(again.isComplete && again.types.allSatisfy { $0.removed == 0 }, "the other patient's records are not the first's to remove")
        let firstCount = try await serverCount("Condition")
        #expect(try health.clinicalRecordIdentifiers(from: first.source, resourceType: "Condition").count == firstCount)
        #expect(try health.removeClinicalRecords(from: first.source, resourceType: nil) == firstCount)
        #expect(try health.clinicalRecordIdentifiers(from: second.source, resourceType: "Condition").count == 2, "the second patient's stay")
    }

    @Test func connectionsThatSharedTheInstitutionsSourceAreSeparated() async throws {
        try await rig.reset()
        let other = try await rig.addPatient()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        var (first, second) = try await connectBoth(other: other, connections: connections)
        // As connections were before sources were per patient: both under the institution's source, records mixed.
        for connection in [first, second] {
            var legacy = connection
            legacy.sourceBundleIdentifier = nil
            if connection.id == first.id { legacy.created = connection.created.addingTimeInterval(-60) }  // made earlier
            try connections.update(legacy)
            var request = URLRequest(url: URL(string: "\(rig.fhirBase.absoluteString)/Condition?patient=\(connection.patientID)&_count=500")!)
            request.setValue("Bearer " + rig.seedToken, forHTTPHeaderField: "Authorization")
            let (page, _) = try await URLSession.shared.data(for: request)
            _ = try ClinicalRecordIngestor(store: health, institution: ClinicalInstitution(name: connection.institution, baseURL: rig.fhirBase))
                .ingest(json: page, location: "legacy")
        }
        let shared = ClinicalInstitution(name: first.institution).source
        let firstCount = try await serverCount("Condition")
        #expect(try health.clinicalRecordIdentifiers(from: shared, resourceType: "Condition").count == firstCount + 2)

        let moved = try connections.separateSharedSources()
        #expect(moved.map(\.id) == [second.id])
        (first, second) = (try connections.connection(first.id), try connections.connection(second.id))
        #expect(first.source == shared && second.source != shared)
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let firstReport = try await sync.sync(first.id)
        #expect(firstReport.fullCheck && firstReport.types.first { $0.resourceType == "Condition" }?.removed == 2, "the other patient's left")
        let secondReport = try await sync.sync(second.id)
        #expect(secondReport.fullCheck && secondReport.outcome.added == 2)
        #expect(try health.clinicalRecordIdentifiers(from: shared, resourceType: "Condition").count == firstCount)
        #expect(try health.clinicalRecordIdentifiers(from: second.source, resourceType: "Condition").count == 2)
        #expect(try connections.separateSharedSources().isEmpty, "once is enough")
    }
}
