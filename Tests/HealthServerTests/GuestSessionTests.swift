import Foundation
import HealthProviders
import HealthServer
import Testing

/// Guest sessions over real HTTP, as HealthKit's Guest User mode: a single-use link, a read-only session, apps that
/// get no sheet and Guest User tokens, and every write refused with `errorNotPermissibleForGuestUserMode` (code 15).
@Suite struct GuestSessionTests {
    typealias Flow = AuthorizationFlowTests
    static let guestModeCode = 15

    /// Alice makes a guest link from her `/guest` page; returns its path.
    static func guestLink(_ harness: ServerHarness, cookie: String) async throws -> String {
        let page = try await harness.send("GET", "/guest", cookie: cookie)
        #expect(page.status == 200)
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        let made = try await harness.send("POST", "/guest", cookie: cookie, form: [("csrf", csrf)])
        #expect(made.status == 200)
        return try #require(ServerHarness.firstMatch(#"<code>(/guest/ohk_g_[^<]+)</code>"#, in: made.text).first)
    }

    /// Opens the link as a guest's browser does; returns the guest's session cookie.
    static func enter(_ harness: ServerHarness, link: String) async throws -> String {
        let invitation = try await harness.send("GET", link)
        #expect(invitation.status == 200)
        #expect(invitation.text.contains("alice invites you"))
        let entered = try await harness.send("POST", link)
        #expect(entered.status == 303)
        return String(try #require(entered.header("Set-Cookie")?.split(separator: ";").first))
    }

    @Test("a guest link works once; the guest reads the person's data and every write fails with the guest-mode code")
    func guestSessionReadsAndNeverWrites() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        let steps = SampleAPITests.batch([SampleAPITests.steps(300, minute: 0)])
        #expect(try await harness.send("POST", "/v1/samples", token: owner, json: steps).status == 200)

        let link = try await Self.guestLink(harness, cookie: cookie)
        // A link preview (GET) does not use it up; the button (POST) does, once.
        #expect(try await harness.send("GET", link).status == 200)
        let guest = try await Self.enter(harness, link: link)
        #expect(try await harness.send("POST", link).status == 404)
        #expect(try await harness.send("GET", link).status == 404)
        // A guest link is not an access token.
        let pass = String(link.dropFirst("/guest/".count))
        #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: pass).status == 401)

        let read = try await harness.send("GET", "/v1/samples?type=stepCount", cookie: guest)
        #expect(read.status == 200)
        #expect((read.json["samples"] as? [Any])?.count == 1)
        let me = try await harness.send("GET", "/v1/me", cookie: guest)
        #expect(me.text.contains("guest"))
        let overview = try await harness.send("GET", "/", cookie: guest)
        #expect(overview.status == 200)
        #expect(overview.text.contains("alice (guest)"))

        let save = try await harness.send("POST", "/v1/samples", cookie: guest, json: steps)
        #expect(save.status == 403)
        #expect((save.json["error"] as? [String: Any])?["code"] as? Int == Self.guestModeCode)
        // A guest's forms are refused too, and a guest cannot make another guest link.
        let guestPage = try await harness.send("GET", "/guest", cookie: guest)
        let guestCSRF = try #require(ServerHarness.csrf(in: guestPage.text))
        #expect(try await harness.send("POST", "/guest", cookie: guest, form: [("csrf", guestCSRF)]).status == 403)
        let after = try await harness.send("GET", "/v1/samples?type=stepCount", token: owner)
        #expect((after.json["samples"] as? [Any])?.count == 1, "nothing the guest sent was stored")
    }

    @Test("an app a guest signs in to gets no sheet and decides nothing; its token reads what alice allowed and cannot write")
    func guestAppAuthorization() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        // Alice allows the app to share and read steps; she saves a sample.
        let steps = "HKQuantityTypeIdentifierStepCount"
        _ = try await Flow.allowedAppToken(harness, cookie: cookie, share: [steps], read: [steps])
        let batch = SampleAPITests.batch([SampleAPITests.steps(300, minute: 0)])
        #expect(try await harness.send("POST", "/v1/samples", token: owner, json: batch).status == 200)

        let guest = try await Self.enter(harness, link: try await Self.guestLink(harness, cookie: cookie))
        // Asking for more than alice decided shows no sheet to the guest: the code comes back at once.
        let wider = "share:stepCount read:stepCount read:HKQuantityTypeIdentifierHeartRate"
        let guestPKCE = PKCE()
        let reply = try await harness.send("GET", Flow.authorizePath(scope: wider, challenge: guestPKCE.challenge), cookie: guest)
        #expect(reply.status == 303)
        let code = try #require(Flow.query(reply.header("Location"), "code"))
        let issued = try await harness.send("POST", "/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Flow.redirect),
            ("client_id", "com.example.steps"), ("code_verifier", guestPKCE.verifier)])
        #expect(issued.status == 200, "\(issued.text)")
        let token = try #require(issued.json["access_token"] as? String)

        let read = try await harness.send("GET", "/v1/samples?type=stepCount", token: token)
        #expect((read.json["samples"] as? [Any])?.count == 1)
        let status = try await harness.send("GET", "/v1/authorization/status?type=stepCount&type=heartRate", token: token)
        let statuses = status.json["status"] as? [String: String]
        #expect(statuses?["HKQuantityTypeIdentifierStepCount"] == "sharingAuthorized")
        #expect(statuses?["HKQuantityTypeIdentifierHeartRate"] == "notDetermined", "the guest decided nothing")
        let save = try await harness.send("POST", "/v1/samples", token: token, json: batch)
        #expect(save.status == 403)
        #expect((save.json["error"] as? [String: Any])?["code"] as? Int == Self.guestModeCode)

        // Alice herself still sees the sheet for heart rate: nothing was recorded for her.
        let hers = try await harness.send("GET", Flow.authorizePath(scope: wider, challenge: PKCE().challenge), cookie: cookie)
        #expect(hers.status == 200)
        #expect(hers.text.contains("name=\"read\" value=\"HKQuantityTypeIdentifierHeartRate\""))
    }
}
