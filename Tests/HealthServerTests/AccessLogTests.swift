import Foundation
import HealthServer
import Testing

/// The access log over real HTTP: an app's reads, writes and deletions are counted per type and minute on the
/// person's `/access` page; the person's own access is not an app's, and nobody sees another person's log.
@Suite struct AccessLogTests {
    typealias Flow = AuthorizationFlowTests
    static let steps = "HKQuantityTypeIdentifierStepCount"

    @Test("an app's saves, reads and deletions appear on the person's access log with their types and counts; only the person's")
    func appAccessesAreLogged() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let token = try await Flow.allowedAppToken(harness, cookie: cookie, share: [Self.steps], read: [Self.steps])
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        _ = try await harness.person("bob")
        let bob = try await harness.signIn("bob")

        let empty = try await harness.send("GET", "/access", cookie: cookie)
        #expect(empty.status == 200)
        #expect(empty.text.contains("No app has read or written your health data yet."))

        let sample = SampleAPITests.steps(300, minute: 0)
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([sample])).status == 200)
        for _ in 0..<2 { #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).status == 200) }
        #expect(try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token: token).status == 200)
        // The person's own reads are hers, not an app's.
        #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: owner).status == 200)
        let uuid = try #require(firstUUID(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).json))
        #expect(try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(uuid)", token: token).status == 200)

        let page = try await harness.send("GET", "/access?tz=UTC", cookie: cookie)
        #expect(page.status == 200)
        let lines = page.text.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><td>") }
        #expect(lines.count == 3, "\(page.text)")
        #expect(lines.contains { $0.contains("Step Counter") && $0.contains("<td>Wrote</td>") && $0.contains("Step Count") && $0.hasSuffix("<td>1</td></tr>") })
        #expect(lines.contains { $0.contains("<td>Read</td>") && $0.hasSuffix("<td>4</td></tr>") }, "two sample reads, statistics and the read before deleting")
        #expect(lines.contains { $0.contains("<td>Deleted</td>") && $0.hasSuffix("<td>1</td></tr>") })

        let bobs = try await harness.send("GET", "/access", cookie: bob)
        #expect(bobs.text.contains("No app has read or written your health data yet."))
        #expect(!bobs.text.contains("Step Counter"))
    }

    private func firstUUID(_ json: [String: Any]) -> String? {
        ((json["samples"] as? [[String: Any]])?.first)?["uuid"] as? String
    }
}
