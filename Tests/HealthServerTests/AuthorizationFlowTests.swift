import Foundation
import HealthProviders
import HealthServer
import Testing

/// An app's whole OAuth flow as a browser and the app perform it, over real HTTP: sign-in form, HealthKit's
/// permission sheet as a page, toggles submitted, code exchanged with PKCE, and the app's token held to its grants.
@Suite struct AuthorizationFlowTests {
    static let redirect = "http://127.0.0.1:9/callback"

    /// Registers the step app and signs alice in; returns her session cookie.
    static func prepare(_ harness: ServerHarness, shareUsage: String? = "To chart your steps.",
                        updateUsage: String? = "To save walks you log.") async throws -> String {
        _ = try await harness.person("alice")
        try harness.server.registerApp(clientID: "com.example.steps", name: "Step Counter", redirectURIs: [redirect],
                                       shareUsage: shareUsage, updateUsage: updateUsage)
        return try await harness.signIn("alice")
    }

    static func authorizePath(scope: String, challenge: String, state: String = "xyz") -> String {
        "/oauth/authorize?" + ServerHarness.encode([
            ("response_type", "code"), ("client_id", "com.example.steps"), ("redirect_uri", redirect), ("scope", scope),
            ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ])
    }

    /// The hidden fields of the sheet's form, as a browser would send them back.
    static func hiddenFields(_ html: String) -> [(String, String)] {
        let pattern = try! NSRegularExpression(pattern: #"<input type="hidden" name="([^"]+)" value="([^"]*)">"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let name = String(html[Range(match.range(at: 1), in: html)!])
            let value = String(html[Range(match.range(at: 2), in: html)!])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            return (name, value)
        }
    }

    static func query(_ location: String?, _ name: String) -> String? {
        location.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == name }?.value }
    }

    @Test("the sheet lists the undecided types with the app's reasons; the answer is HealthKit's: shared types saved, read denial invisible")
    func sheetThenToken() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.prepare(harness)
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        // Alice's own heart rate, which the app will not be allowed to read.
        let heart = #"{"samples":[{"type":"heartRate","startDate":"2026-11-26T08:00:00Z","endDate":"2026-11-26T08:00:00Z","quantity":{"value":61,"unit":"count/min"}}]}"#
        #expect(try await harness.send("POST", "/v1/samples", token: owner, json: heart).status == 200)

        let pkce = PKCE()
        let scope = "share:stepCount read:stepCount read:HKQuantityTypeIdentifierHeartRate"
        let unsigned = try await harness.send("GET", Self.authorizePath(scope: scope, challenge: pkce.challenge))
        #expect(unsigned.status == 303)
        #expect(unsigned.header("Location")?.hasPrefix("/signin?next=") == true)

        let sheet = try await harness.send("GET", Self.authorizePath(scope: scope, challenge: pkce.challenge), cookie: cookie)
        #expect(sheet.status == 200)
        for text in ["Step Counter", "To chart your steps.", "To save walks you log.", "Step Count", "Heart Rate", "Allow", "Don’t Allow", "Turn On All"] {
            #expect(sheet.text.contains(text), "the sheet lacks \(text)")
        }
        #expect(sheet.text.contains("name=\"share\" value=\"HKQuantityTypeIdentifierStepCount\""))
        #expect(sheet.text.contains("name=\"read\" value=\"HKQuantityTypeIdentifierHeartRate\""))

        // Submitted without the CSRF token: refused.
        let forged = try await harness.send("POST", "/oauth/authorize", cookie: cookie,
                                            form: Self.hiddenFields(sheet.text).filter { $0.0 != "csrf" } + [("action", "allow")])
        #expect(forged.status == 403)

        // Steps shared and read; heart rate left off.
        let answer = Self.hiddenFields(sheet.text) + [("share", "HKQuantityTypeIdentifierStepCount"),
                                                      ("read", "HKQuantityTypeIdentifierStepCount"), ("action", "allow")]
        let submitted = try await harness.send("POST", "/oauth/authorize", cookie: cookie, form: answer)
        #expect(submitted.status == 303)
        let again = try await harness.send("GET", try #require(submitted.header("Location")), cookie: cookie)
        #expect(again.status == 303, "decided types show no sheet again")
        let location = again.header("Location")
        #expect(location?.hasPrefix(Self.redirect) == true)
        #expect(Self.query(location, "state") == "xyz")
        let code = try #require(Self.query(location, "code"))

        let wrong = try await harness.send("POST", "/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
            ("client_id", "com.example.steps"), ("code_verifier", PKCE().verifier)])
        #expect(wrong.status == 400)
        #expect(wrong.json["error"] as? String == "invalid_grant")

        // A code works once: the wrong verifier used it up, so the flow runs again (no sheet now) for a fresh code.
        let rerun = try await harness.send("GET", Self.authorizePath(scope: scope, challenge: pkce.challenge), cookie: cookie)
        let fresh = try #require(Self.query(rerun.header("Location"), "code"))
        let issued = try await harness.send("POST", "/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", fresh), ("redirect_uri", Self.redirect),
            ("client_id", "com.example.steps"), ("code_verifier", pkce.verifier)])
        #expect(issued.status == 200, "\(issued.text)")
        let token = try #require(issued.json["access_token"] as? String)

        let steps = SampleAPITests.batch([SampleAPITests.steps(300, minute: 0)])
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: steps)
        #expect(saved.status == 200, "\(saved.text)")
        let refused = try await harness.send("POST", "/v1/samples", token: token, json: heart)
        #expect(refused.status == 403)
        // Heart rate was asked for reading only: sharing it was never decided (HealthKit: errorAuthorizationNotDetermined).
        #expect((refused.json["error"] as? [String: Any])?["code"] as? Int == 5)
        // Read denial is invisible: the heart rate is simply not there, and no status says why.
        let hearts = try await harness.send("GET", "/v1/samples?type=heartRate", token: token)
        #expect(hearts.status == 200)
        #expect((hearts.json["samples"] as? [Any])?.isEmpty == true)
        let status = try await harness.send("GET", "/v1/authorization/status?type=stepCount&type=heartRate", token: token)
        let statuses = status.json["status"] as? [String: String]
        #expect(statuses?["HKQuantityTypeIdentifierStepCount"] == "sharingAuthorized")
        #expect(statuses?["HKQuantityTypeIdentifierHeartRate"] == "notDetermined")
        // The app's own save carries the app as its source, as on a device.
        let mine = try await harness.send("GET", "/v1/samples?type=stepCount", token: token)
        let source = ((mine.json["samples"] as? [[String: Any]])?.first?["source"] as? [String: Any])?["bundleIdentifier"] as? String
        #expect(source == "com.example.steps")
    }

    @Test("an app without the usage description HealthKit requires gets an error at its redirect URI, and no sheet")
    func usageDescriptionsAreRequired() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.prepare(harness, shareUsage: "To chart your steps.", updateUsage: nil)
        let reply = try await harness.send("GET", Self.authorizePath(scope: "share:stepCount", challenge: PKCE().challenge), cookie: cookie)
        #expect(reply.status == 303)
        #expect(Self.query(reply.header("Location"), "error") == "invalid_request")
        #expect(Self.query(reply.header("Location"), "error_description")?.contains("NSHealthUpdateUsageDescription") == true)
        let unknown = try await harness.send("GET", Self.authorizePath(scope: "read:noSuchType", challenge: PKCE().challenge), cookie: cookie)
        #expect(Self.query(unknown.header("Location"), "error") == "invalid_scope")
    }

    @Test("an unknown client or unregistered redirect URI is shown as an error page, never redirected to")
    func badClientIsNotRedirected() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.prepare(harness)
        let path = Self.authorizePath(scope: "read:stepCount", challenge: PKCE().challenge)
        let evil = try await harness.send("GET", path.replacingOccurrences(of: "127.0.0.1%3A9", with: "evil.example"), cookie: cookie)
        #expect(evil.status == 400)
        #expect(evil.header("Location") == nil)
        let unknown = try await harness.send("GET", path.replacingOccurrences(of: "com.example.steps", with: "com.example.other"), cookie: cookie)
        #expect(unknown.status == 400)
    }

    @Test("\"Don't Allow\" completes the flow with every type denied: the app's saves are refused")
    func dontAllow() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.prepare(harness)
        let pkce = PKCE()
        let sheet = try await harness.send("GET", Self.authorizePath(scope: "share:stepCount", challenge: pkce.challenge), cookie: cookie)
        let answer = Self.hiddenFields(sheet.text) + [("share", "HKQuantityTypeIdentifierStepCount"), ("action", "deny")]
        let submitted = try await harness.send("POST", "/oauth/authorize", cookie: cookie, form: answer)
        let done = try await harness.send("GET", try #require(submitted.header("Location")), cookie: cookie)
        let code = try #require(Self.query(done.header("Location"), "code"))
        let issued = try await harness.send("POST", "/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
            ("client_id", "com.example.steps"), ("code_verifier", pkce.verifier)])
        let token = try #require(issued.json["access_token"] as? String)
        let refused = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([SampleAPITests.steps(1, minute: 0)]))
        #expect(refused.status == 403)
        #expect((refused.json["error"] as? [String: Any])?["code"] as? Int == 4, "errorAuthorizationDenied")
        let status = try await harness.send("GET", "/v1/authorization/status?type=stepCount", token: token)
        #expect((status.json["status"] as? [String: String])?["HKQuantityTypeIdentifierStepCount"] == "sharingDenied")
    }

    @Test("sign-in: a wrong password is refused, and five failures in a minute refuse even the right one (429)")
    func signInLimits() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        for _ in 0..<5 {
            let wrong = try await harness.send("POST", "/signin", form: [("name", "alice"), ("password", "not it at all")])
            #expect(wrong.status == 401)
            #expect(wrong.header("Set-Cookie") == nil)
        }
        let limited = try await harness.send("POST", "/signin", form: [("name", "alice"), ("password", "correct horse battery")])
        #expect(limited.status == 429)
        // Another name is not held back, and its session cookie is HttpOnly and SameSite=Lax.
        _ = try await harness.person("bob")
        let bob = try await harness.send("POST", "/signin", form: [("name", "bob"), ("password", "correct horse battery"), ("next", "//evil.example")])
        #expect(bob.status == 303)
        #expect(bob.header("Location") == "/", "no open redirect")
        let cookie = try #require(bob.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
    }
}
