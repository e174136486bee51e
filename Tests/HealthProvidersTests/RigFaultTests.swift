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
