import Foundation
import HealthKitModel
@testable import HealthServer
import OpenHealthKit
import OpenHealthKitTestSupport
import TestSupport
import Testing

/// Provider connections from the browser over real HTTP, against the loopback rig (a real FHIR server behind a real
/// SMART authorization server): connect from the directory, the provider's redirect back to the server, records in
/// the person's own store, sync now, remove keeping or deleting records — and two people who never reach each
/// other's connections or launches. Serialized: the rig's authorization server is shared.
@Suite(.serialized, .enabled(if: ProviderRig.current != nil, ServerHarness.rigSkip), .providerRigExclusive)
struct ProviderConnectionsTests {
    let rig = ProviderRig.current!

    /// The person's clinical records from `institution`.
    static func records(_ harness: ServerHarness, of name: String, from institution: String = "Rig General Hospital") async throws -> [HKClinicalRecord] {
        let store = try harness.ownerStore(of: name)
        var all: [HKClinicalRecord] = []
        for type in HKObjectType.allClinicalTypes {
            all += try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: type)], sortDescriptors: []).result(for: store)
        }
        return all.filter { $0.sourceRevision.source.name == institution }
    }

    @Test("a connection made from the directory downloads into the person's own store; the page lists it; sync now works")
    func connectListSync() async throws {
        let harness = try await ServerHarness.withRig(rig)
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")

        let empty = try await harness.send("GET", "/providers", cookie: alice)
        #expect(empty.status == 200)
        #expect(empty.text.contains("You have no provider connections."))
        #expect(empty.text.contains("Rig General Hospital (Springfield)"), "the directory's institution is offered")
        #expect(try await harness.send("GET", "/providers?search=nowhere", cookie: alice).text.contains("Rig General Hospital") == false)

        let (connected, synced) = try await harness.connectRig(alice, rig: rig)
        #expect(connected.status == 200, "\(connected.text)")
        #expect(connected.text.contains("Connected to Rig General Hospital. Its records are downloading"), "\(connected.text)")
        #expect(connected.header("Refresh") == "2", "the page follows the first sync")
        let added = try #require(ServerHarness.firstMatch(#"Synced: (\d+) records added"#, in: synced.text).first.flatMap { Int($0) })
        let stored = try await Self.records(harness, of: "alice")
        #expect(added > 0 && stored.count == added, "every downloaded record is in alice's store")
        #expect(stored.contains { $0.clinicalType == HKClinicalType(.conditionRecord) })
        #expect(try await Self.records(harness, of: "bob").isEmpty)

        let listed = try await harness.send("GET", "/providers", cookie: alice)
        let ids = try await harness.connectionIDs(alice)
        #expect(ids.count == 1)
        #expect(listed.text.contains("Connected</td>"))
        #expect(!listed.text.contains("<td>Never</td>"), "the last sync is shown")
        #expect(listed.text.contains("<td>None</td>"), "no problem")

        // Sync now: a resource added at the source is downloaded. (Other rig suites may write to the same patient
        // meanwhile, so counts are not compared; the marker is this test's own.)
        let csrf = try await harness.providersCSRF(alice)
        let marker = "Rig-sync-now-\(UUID().uuidString.prefix(6))"
        try await rig.write("POST", "Condition", ["resourceType": "Condition", "subject": ["reference": "Patient/\(rig.patientID)"],
                                                  "code": ["text": marker]])
        #expect(try await harness.send("POST", "/providers/sync", cookie: alice, form: [("id", ids[0])]).status == 403, "CSRF")
        #expect(try await Self.records(harness, of: "alice").contains { $0.displayName == marker } == false)
        let changed = try await harness.send("POST", "/providers/sync", cookie: alice, form: [("csrf", csrf), ("id", ids[0])])
        #expect(changed.status == 303 && changed.header("Location") == "/providers", "\(changed.text)")
        let after = try await harness.providersAfterSync(alice)
        #expect(after.text.contains("Synced: ") && after.text.contains(" records added"), "\(after.text)")
        #expect(try await Self.records(harness, of: "alice").contains { $0.displayName == marker })
    }

    @Test("sync now runs off the request: the page says syncing while the provider makes it wait, then what the sync did; a second sync now starts nothing")
    func syncNowInTheBackground() async throws {
        let lane = "server-sync-now-\(UUID().uuidString.prefix(6))"
        let syncs = EventRecorder<String>()
        let harness = try await ServerHarness.withRig(rig, lanes: [lane]) { configuration in
            configuration.providers.allowPrivateAddresses = true
            configuration.providers.onSync = { _, connection, _ in syncs.record(connection) }
        }
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let alice = try await harness.signIn("alice")
        let base = try #require(rig.proxy(lane: lane))
        let connected = try await harness.send("GET", try await harness.startLaunch(alice, [("url", base.absoluteString)]), cookie: alice)
        #expect(connected.status == 200, "\(connected.text)")
        _ = try await harness.providersAfterSync(alice)
        let id = try #require(try await harness.connectionIDs(alice).first)
        let institution = try #require(base.host)   // a typed address's connection is named for its host
        #expect(!(try await Self.records(harness, of: "alice", from: institution)).isEmpty, "the connect's own sync downloaded")
        let marker = "Rig-background-sync-now-\(UUID().uuidString.prefix(6))"
        try await rig.write("POST", "Condition", ["resourceType": "Condition", "subject": ["reference": "Patient/\(rig.patientID)"],
                                                  "code": ["text": marker]])
        // The provider answers the next Condition search "busy, come back in 4 seconds": the sync waits that long.
        try await rig.configure(["faults": [lane: ["Condition": ["count": 1, "status": 503, "after": 4]]]])
        defer { Task { try? await rig.configure(["faults": [lane: [String: Any]()]]) } }
        let csrf = try await harness.providersCSRF(alice)
        let posted = ContinuousClock.now
        let started = try await harness.send("POST", "/providers/sync", cookie: alice, form: [("csrf", csrf), ("id", id)])
        #expect(started.status == 303 && started.header("Location") == "/providers")
        // The request did not wait for the provider: the sync it started is still running (no clock: a loaded machine
        // can take seconds to answer a request).
        let during = try await harness.send("GET", "/providers", cookie: alice)
        #expect(during.header("Refresh") == "2", "the page refreshes itself while the sync runs")
        #expect(during.text.contains("<td>Syncing…</td>"), "\(during.text)")
        #expect(harness.server.services.refresher.isSyncing(id, of: try #require(try harness.server.services.directory.person(named: "alice")?.person.id)))
        // Sync now again while it runs: nothing more is started, and the page still says syncing.
        let again = try await harness.send("POST", "/providers/sync", cookie: alice, form: [("csrf", csrf), ("id", id)])
        #expect(again.status == 303)
        #expect(try await Self.records(harness, of: "alice", from: institution).contains { $0.displayName == marker } == false, "not yet downloaded")

        let after = try await harness.providersAfterSync(alice)
        #expect(ContinuousClock.now - posted >= .seconds(4), "the sync honoured the provider's wait")
        let added = try #require(ServerHarness.firstMatch(#"Synced: (\d+) records added"#, in: after.text).first.flatMap { Int($0) })
        #expect(added >= 1, "the marker at least: \(after.text)")
        #expect(try await Self.records(harness, of: "alice", from: institution).contains { $0.displayName == marker })
        #expect(try await rig.faultsServed(lane: lane)["Condition"] == 1)
        #expect(syncs.events == [id, id], "the connect's sync and one sync now: the second started nothing")
    }

    @Test("bob never sees or acts on alice's connection, and a callback carrying alice's state is refused for bob and spent")
    func peopleAreIsolated() async throws {
        let harness = try await ServerHarness.withRig(rig)
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")

        // Alice's sign-in at the provider comes back in bob's browser: refused, and the state is spent.
        let stolen = try await harness.startLaunch(alice, [("url", rig.fhirBase.absoluteString)])
        let inBob = try await harness.send("GET", stolen, cookie: bob)
        #expect(inBob.status == 403, "\(inBob.text)")
        #expect(try await harness.connectionIDs(bob).isEmpty)
        #expect(try await harness.send("GET", stolen, cookie: alice).status == 400, "a state is used once, whoever used it")
        #expect(try await harness.connectionIDs(alice).isEmpty)
        // A forged state is refused too.
        #expect(try await harness.send("GET", "/providers/callback?code=x&state=forged", cookie: alice).status == 400)

        try await harness.connectRig(alice, rig: rig)
        let id = try #require(try await harness.connectionIDs(alice).first)
        let bobPage = try await harness.send("GET", "/providers", cookie: bob)
        #expect(bobPage.text.contains("You have no provider connections."))
        #expect(!bobPage.text.contains(id))
        let bobCSRF = try await harness.providersCSRF(bob)
        #expect(try await harness.send("POST", "/providers/sync", cookie: bob, form: [("csrf", bobCSRF), ("id", id)]).status == 404)
        #expect(try await harness.send("POST", "/providers/remove", cookie: bob,
                                       form: [("csrf", bobCSRF), ("id", id), ("records", "delete")]).status == 404)
        #expect(try await harness.connectionIDs(alice) == [id])
        #expect(!(try await Self.records(harness, of: "alice")).isEmpty)
        #expect(try await Self.records(harness, of: "bob").isEmpty)
        // Not a connection id at all: 404 as well, never a path.
        #expect(try await harness.send("POST", "/providers/sync", cookie: alice,
                                       form: [("csrf", try await harness.providersCSRF(alice)), ("id", "../../server")]).status == 404)
    }

    @Test("removing keeps the records when asked to, deletes them when asked to, and needs the person to say which")
    func removeKeepsOrDeletes() async throws {
        let harness = try await ServerHarness.withRig(rig)
        defer { harness.stop() }
        let (alice, first) = try await harness.personConnected("alice", rig: rig)
        let count = try await Self.records(harness, of: "alice").count
        let csrf = try await harness.providersCSRF(alice)
        #expect(try await harness.send("POST", "/providers/remove", cookie: alice, form: [("csrf", csrf), ("id", first)]).status == 400)

        let kept = try await harness.send("POST", "/providers/remove", cookie: alice, form: [("csrf", csrf), ("id", first), ("records", "keep")])
        #expect(kept.status == 200)
        #expect(kept.text.contains("its access was revoked at the provider"), "\(kept.text)")
        #expect(kept.text.contains("Its records were kept."))
        #expect(try await harness.connectionIDs(alice).isEmpty)
        #expect(try await Self.records(harness, of: "alice").count == count)

        try await harness.connectRig(alice, rig: rig)
        let second = try #require(try await harness.connectionIDs(alice).first)
        let again = try await Self.records(harness, of: "alice")
        let identities = again.compactMap { $0.fhirResource.map { "\($0.resourceType.rawValue)/\($0.identifier)" } }
        #expect(!again.isEmpty && Set(identities).count == again.count, "reconnecting duplicates nothing")
        let deleted = try await harness.send("POST", "/providers/remove", cookie: alice, form: [("csrf", csrf), ("id", second), ("records", "delete")])
        #expect(deleted.text.contains("\(again.count) records from it were deleted."), "\(deleted.text)")
        #expect(try await Self.records(harness, of: "alice").isEmpty)
    }
}
