import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// 429 and 503 with `Retry-After` inside a real sync: the rig's proxy (the test AS forwarding to the FHIR server)
/// answers a type's searches with the fault first.
extension RigTests {
    @Test(.enabled(if: Rig.current?.proxyBase != nil, "needs the rig's proxy (restart the rig)"))
    func throttlingInsideASyncIsWaitedOutAndALastingOneMakesThatTypePartial() async throws {
        try await rig.reset()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = ["Condition", "Observation", "Procedure"], lane = UUID().uuidString
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: types,
                                               base: try #require(rig.proxy(lane: lane)))
        try await rig.configure(["faults": [lane: ["Condition": ["count": 1, "status": 429, "after": 1],
                                                   "Observation": ["count": 1, "status": 503, "after": 1]]]])
        let transport = HTTPTransport(attempts: 3, baseDelay: 0.05)
        let started = Date()
        let report = try await ProviderSync(connections: connections, http: transport, health: health).sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        #expect(Date().timeIntervalSince(started) >= 2, "both Retry-After waits were honoured")
        #expect(try await rig.faultsServed(lane: lane) == ["Condition": 1, "Observation": 1])
        for type in types {
            #expect(try await report.types.first { $0.resourceType == type }?.ingest.outcome.added == serverCount(type), "\(type)")
        }

        // Throttling that outlasts the retries: that type fails, named, the sync is partial, the other types finish.
        try await rig.configure(["faults": [lane: ["Procedure": ["count": 10, "status": 429, "after": 0]]]])
        let partial = try await ProviderSync(connections: connections, http: transport, health: health).sync(connection.id, full: true)
        #expect(!partial.isComplete)
        #expect(partial.types.first { $0.resourceType == "Procedure" }?.error?.status == 429)
        #expect(partial.problems.contains { $0.hasPrefix("Procedure: downloading Procedure: GET ") && $0.contains("HTTP 429") }, "\(partial.problems)")
        #expect(partial.types.filter { $0.resourceType != "Procedure" && $0.notSearched == nil }.allSatisfy { $0.error == nil })
        #expect(try await rig.faultsServed(lane: lane)["Procedure"] == 3, "three attempts, then the 429 is the answer")
        #expect(try connections.connection(connection.id).failuresInARow == 1, "the partial sync backs off the next try")
    }
}

/// A page whose JSON breaks midway (the rig's proxy puts a stray comma into its second entry's resource).
extension RigTests {
    @Test(.enabled(if: Rig.current?.proxyBase != nil, "needs the rig's proxy (restart the rig)"))
    func aPageWhoseJSONBreaksMidwayFailsItsTypeAndRemovesNothing() async throws {
        try await rig.reset()
        let (health, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lane = UUID().uuidString
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["Condition"], base: try #require(rig.proxy(lane: lane)))
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let first = try await sync.sync(connection.id)
        #expect(first.isComplete, "\(first.problems)")
        let conditions = try await serverCount("Condition")
        #expect(conditions >= 3, "the rig's patient has conditions after the broken entry")
        let stored = { try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(.conditionRecord))],
                                                         sortDescriptors: []).result(for: health).count }
        #expect(try await stored() == conditions)

        // A full check whose first Condition page breaks after one entry: the type fails, named, and the records the
        // broken page did not show are kept (a sync that took the page as whole would remove them as deleted).
        try await rig.configure(["faults": [lane: ["Condition": ["count": 1, "corrupt": true]]]])
        let broken = try await sync.sync(connection.id, full: true)
        #expect(try await rig.faultsServed(lane: lane) == ["Condition": 1])
        #expect(!broken.isComplete)
        let result = try #require(broken.types.first { $0.resourceType == "Condition" })
        #expect(result.removed == 0)
        #expect(result.error?.description.contains("entry[1].resource: not valid JSON (expected a member name at byte ") == true,
                "\(String(describing: result.error))")
        #expect(result.error?.description.contains("the entries after it were not read") == true)
        #expect(try await stored() == conditions, "nothing removed")

        // The next sync, the page whole again, completes.
        let again = try await sync.sync(connection.id, full: true)
        #expect(again.isComplete && again.types.allSatisfy { $0.removed == 0 }, "\(again.problems)")
        #expect(try await stored() == conditions)
    }
}
