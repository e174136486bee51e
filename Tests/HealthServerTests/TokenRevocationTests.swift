import Foundation
@testable import HealthServer
import Testing

/// Tokens and sessions are remembered between requests (the grant cache); a revocation must still count from the
/// very next request, whoever commits it: the server itself, or another connection to `server.sqlite` (another
/// `health` process).
@Suite struct TokenRevocationTests {
    @Test("a token revoked through another connection to server.sqlite is refused at the next request")
    func revokedElsewhere() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        for _ in 0..<2 { #expect(try await harness.send("GET", "/v1/me", token: token).status == 200) }

        let elsewhere = try ServerDirectory(path: harness.folder.appendingPathComponent("server.sqlite").path)
        let alice = try #require(try elsewhere.person(named: "alice")).person
        #expect(try elsewhere.revokePersonalToken(personID: alice.id, id: String(TokenSecret.digest(token).prefix(16))))

        #expect(try await harness.send("GET", "/v1/me", token: token).status == 401)
    }

    @Test("a session signed out is refused at the next request, by the API and the pages")
    func signedOut() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let cookie = try await harness.signIn("alice")
        #expect(try await harness.send("GET", "/v1/me", cookie: cookie).status == 200)
        let page = try await harness.send("GET", "/tokens", cookie: cookie)
        let csrf = try #require(ServerHarness.csrf(in: page.text))

        #expect(try await harness.send("POST", "/signout", cookie: cookie, form: [("csrf", csrf)]).status == 303)
        #expect(try await harness.send("GET", "/v1/me", cookie: cookie).status == 401)
        #expect(try await harness.send("GET", "/tokens", cookie: cookie).status == 303)
    }
}
