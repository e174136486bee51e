import Foundation
import HealthProviders
import Testing

extension AuthorizationFlowTests {
    /// Runs the whole flow as alice (signed in with `cookie`): the sheet for `scope` with every type allowed (or, for
    /// sharing, only `sharing` when given: the other toggles left off), the code, the token exchange; returns the step
    /// app's access token.
    static func allowedAppToken(_ harness: ServerHarness, cookie: String, share: [String], read: [String],
                                sharing: [String]? = nil) async throws -> String {
        let pkce = PKCE()
        let scope = (share.map { "share:" + $0 } + read.map { "read:" + $0 }).joined(separator: " ")
        let sheet = try await harness.send("GET", authorizePath(scope: scope, challenge: pkce.challenge), cookie: cookie)
        let answer = hiddenFields(sheet.text) + (sharing ?? share).map { ("share", $0) } + read.map { ("read", $0) } + [("action", "allow")]
        let submitted = try await harness.send("POST", "/oauth/authorize", cookie: cookie, form: answer)
        let again = try await harness.send("GET", try #require(submitted.header("Location")), cookie: cookie)
        let code = try #require(query(again.header("Location"), "code"))
        let issued = try await harness.send("POST", "/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect),
            ("client_id", "com.example.steps"), ("code_verifier", pkce.verifier)])
        return try #require(issued.json["access_token"] as? String)
    }
}
