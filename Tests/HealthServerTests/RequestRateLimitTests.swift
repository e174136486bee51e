import Foundation
import HealthServer
import Testing

/// Request rate limits over real HTTP: each token (and each browser session) has its own bucket, so one of a
/// person's scripts going over its rate does not stop their others.
@Suite struct RequestRateLimitTests {
    @Test("a token over its rate gets 429; another token of the same person still gets answers")
    func limitsArePerToken() async throws {
        let harness = try await ServerHarness { configuration in
            configuration.requestsPerSecond = 0.001
            configuration.requestBurst = 2
        }
        defer { harness.stop() }
        let first = try await harness.person("alice")
        let second = try harness.server.createPersonalToken(for: "alice", label: "second script")

        for _ in 0..<2 { #expect(try await harness.send("GET", "/v1/me", token: first).status == 200) }
        let refused = try await harness.send("GET", "/v1/me", token: first)
        #expect(refused.status == 429)
        #expect(refused.json["error"] != nil)

        #expect(try await harness.send("GET", "/v1/me", token: second).status == 200)
        let cookie = try await harness.signIn("alice")
        #expect(try await harness.send("GET", "/v1/me", cookie: cookie).status == 200)
    }
}
