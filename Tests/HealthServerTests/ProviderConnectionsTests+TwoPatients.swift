import Foundation
import HealthKitModel
@testable import HealthServer
import OpenHealthKit
import TestSupport
import Testing

extension ProviderConnectionsTests {
    @Test("two patients at one institution: removing one connection deletes its patient's records and keeps the other's")
    func removingOnePatientKeepsTheOther() async throws {
        let harness = try await ServerHarness.withRig(rig)
        defer { harness.stop() }
        let (alice, first) = try await harness.personConnected("alice", rig: rig)
        // The same person signs in at the same institution as a second patient (a family member's account): the AS's
        // per-client knob puts that patient in the server client's next launch.
        let other = try await rig.addPatient()
        let clientID = try #require(harness.server.services.configuration.providers.clientID)
        try await rig.configure(["clients": [clientID: ["redirect_uris": [harness.base + "/providers/callback"], "patient": other]]])
        let (connected, _) = try await harness.connectRig(alice, rig: rig)
        #expect(connected.status == 200, "\(connected.text)")
        let second = try #require(try await harness.connectionIDs(alice).first { $0 != first })

        let bySource = Dictionary(grouping: try await Self.records(harness, of: "alice")) { $0.sourceRevision.source.bundleIdentifier }
        #expect(bySource.count == 2, "each patient's records have a source of their own")
        let secondSource = try #require(bySource.first { Set($0.value.map(\.displayName)) == ["Sprained ankle", "Migraine"] }?.key)
        let firstRecords = try #require(bySource.first { $0.key != secondSource }?.value)
        #expect(firstRecords.count > 2, "the rig's Synthea patient")

        let csrf = try await harness.providersCSRF(alice)
        let removedSecond = try await harness.send("POST", "/providers/remove", cookie: alice, form: [("csrf", csrf), ("id", second), ("records", "delete")])
        #expect(removedSecond.text.contains("2 records from it were deleted."), "\(removedSecond.text)")
        let left = try await Self.records(harness, of: "alice")
        #expect(Set(left.map(\.uuid)) == Set(firstRecords.map(\.uuid)), "the first patient's records are all kept")
        #expect(try await harness.connectionIDs(alice) == [first])

        let removedFirst = try await harness.send("POST", "/providers/remove", cookie: alice, form: [("csrf", csrf), ("id", first), ("records", "delete")])
        #expect(removedFirst.text.contains("\(firstRecords.count) records from it were deleted."), "\(removedFirst.text)")
        #expect(try await Self.records(harness, of: "alice").isEmpty)
        #expect(try await harness.connectionIDs(alice).isEmpty)
    }
}
