import Foundation
import HealthServer
import Testing

/// Personal access tokens from the browser, over real HTTP: made on `/tokens` (the secret shown once and working at
/// once), listed without the secret, revoked (then refused), and never reachable by another person or a guest.
@Suite struct TokensPageTests {
    @Test("a token made on the page works, is listed without its secret, and stops working when revoked; bob cannot revoke it")
    func makeListRevoke() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")

        let page = try await harness.send("GET", "/tokens", cookie: alice)
        #expect(page.status == 200)
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        #expect(try await harness.send("POST", "/tokens", cookie: alice, form: [("label", "no csrf")]).status == 403)
        #expect(try await harness.send("POST", "/tokens", cookie: alice, form: [("csrf", csrf), ("label", " ")]).status == 400)

        let made = try await harness.send("POST", "/tokens", cookie: alice, form: [("csrf", csrf), ("label", "my <script>")])
        #expect(made.status == 200)
        let secret = try #require(ServerHarness.firstMatch(#"<code>(ohk_p_[^<]+)</code>"#, in: made.text).first)
        #expect(made.text.contains("my &lt;script&gt;"))
        let me = try await harness.send("GET", "/v1/me", token: secret)
        #expect(me.status == 200)
        #expect(me.text.contains("alice"))

        let listed = try await harness.send("GET", "/tokens", cookie: alice)
        #expect(!listed.text.contains(secret), "the secret is shown only when made")
        let id = try #require(ServerHarness.firstMatch(#"name="id" value="([0-9a-f]{16})""#, in: listed.text).first)

        // Bob's session cannot revoke alice's token, even knowing its id.
        let bobPage = try await harness.send("GET", "/tokens", cookie: bob)
        let bobCSRF = try #require(ServerHarness.csrf(in: bobPage.text))
        #expect(!bobPage.text.contains(id))
        #expect(try await harness.send("POST", "/tokens/revoke", cookie: bob, form: [("csrf", bobCSRF), ("id", id)]).status == 404)
        #expect(try await harness.send("GET", "/v1/me", token: secret).status == 200)

        let revoked = try await harness.send("POST", "/tokens/revoke", cookie: alice, form: [("csrf", csrf), ("id", id)])
        #expect(revoked.status == 200)
        #expect(revoked.text.contains("no longer works"))
        #expect(try await harness.send("GET", "/v1/me", token: secret).status == 401)
        #expect(try await harness.send("POST", "/tokens/revoke", cookie: alice, form: [("csrf", csrf), ("id", id)]).status == 404)
    }

    @Test("a guest can neither see nor make tokens")
    func guestsCannot() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let alice = try await harness.signIn("alice")
        let guest = try await GuestSessionTests.enter(harness, link: try await GuestSessionTests.guestLink(harness, cookie: alice))
        let page = try await harness.send("GET", "/tokens", cookie: guest)
        #expect(page.text.contains("A guest cannot see or make access tokens."))
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        #expect(try await harness.send("POST", "/tokens", cookie: guest, form: [("csrf", csrf), ("label", "x")]).status == 403)
    }
}
