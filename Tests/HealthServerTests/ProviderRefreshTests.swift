import Foundation
import HealthKitModel
@testable import HealthServer
import OpenHealthKit
import OpenHealthKitTestSupport
import TestSupport
import Testing

/// The background refresh inside the server, driven by a clock the test moves: nothing is refreshed before a
/// connection is due; once the clock passes its next due time (24 hours ± 10% after the connect's sync), the server's
/// scheduler syncs it into its own person's store and no one else's; and it stops with the server.
@Suite(.serialized, .enabled(if: ProviderRig.current != nil, ServerHarness.rigSkip), .providerRigExclusive)
struct ProviderRefreshTests {
    let rig = ProviderRig.current!

    @Test("the scheduler refreshes a due connection into its person's store, and only then")
    func refreshesDueConnections() async throws {
        let clock = ManualPollClock(start: Date())
        let syncs = EventRecorder<(person: String, connection: String, complete: Bool)>()
        let harness = try await ServerHarness.withRig(rig) { configuration in
            configuration.providers.clock = clock
            configuration.providers.refreshCheckInterval = 600
            configuration.providers.onSync = { syncs.record(($0, $1, $2)) }
        }
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")
        _ = try await harness.signIn("bob")
        try await harness.connectRig(alice, rig: rig)
        let aliceID = try #require(try harness.server.services.directory.person(named: "alice")?.person.id)
        #expect(syncs.events.count == 1, "the connect's own sync")

        let marker = "Rig-background-\(UUID().uuidString.prefix(6))"
        try await rig.write("POST", "Condition", ["resourceType": "Condition", "subject": ["reference": "Patient/\(rig.patientID)"],
                                                  "code": ["text": marker]])
        // Ten minutes on: the scheduler looks, and nothing is due yet.
        clock.advance(by: 600)
        try await Task.sleep(for: .milliseconds(300))   // a pass that wrongly synced would have reported by now
        #expect(syncs.events.count == 1, "not due: not refreshed")
        #expect(try await ProviderConnectionsTests.records(harness, of: "alice").contains { $0.displayName == marker } == false)

        // Past the next due time (at most 24 h + 10% after the sync): refreshed in the background.
        clock.advance(by: 27 * 3600)
        let events = await syncs.wait(for: 2)
        #expect(events.count == 2)
        #expect(events.last?.person == aliceID && events.last?.complete == true)
        #expect(try await ProviderConnectionsTests.records(harness, of: "alice").contains { $0.displayName == marker })
        #expect(try await ProviderConnectionsTests.records(harness, of: "bob").isEmpty, "bob has no connection; nothing lands in his store")
        let page = try await harness.send("GET", "/providers", cookie: alice)
        #expect(!page.text.contains("Due now"), "the next refresh is scheduled again")
    }
}
