import Foundation
import HealthProviders
import Hummingbird

/// `POST /oauth/token`: an authorization code (with its PKCE verifier) for an app's access token (RFC 6749 §4.1.3,
/// RFC 7636). Errors are RFC 6749's JSON (`invalid_grant`, `invalid_request`…), status 400.
struct TokenRoute: Sendable {
    let services: ServerServices

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("/oauth/token") { request, _ in try await token(request) }
    }

    private struct Issued: JSONWritable {
        var access_token: String
        var token_type = "Bearer"
        var scope: String

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("access_token", access_token)
                try json.field("scope", scope)
                try json.field("token_type", token_type)
            }
        }
    }

    private func token(_ request: Request) async throws -> Response {
        let form = try await FormFields.read(request)
        func failure(_ error: String, _ description: String) throws -> Response {
            try APIResponses.json(["error": error, "error_description": description], status: .badRequest)
        }
        guard form["grant_type"] == "authorization_code" else {
            return try failure("unsupported_grant_type", "grant_type must be authorization_code")
        }
        guard let secret = form["code"], let verifier = form["code_verifier"], let clientID = form["client_id"],
              let redirectURI = form["redirect_uri"] else {
            return try failure("invalid_request", "code, code_verifier, client_id and redirect_uri are required")
        }
        guard let code = try services.directory.takeCode(secret: secret) else {
            return try failure("invalid_grant", "the code is unknown, used already or expired")
        }
        guard code.clientID == clientID, code.redirectURI == redirectURI else {
            return try failure("invalid_grant", "the code was issued to another client or redirect URI")
        }
        guard PKCE.challenge(for: verifier) == code.challenge else {
            return try failure("invalid_grant", "code_verifier does not match the code_challenge")
        }
        let token = TokenSecret.make(prefix: "ohk_a_")
        // A guest's app token lasts as long as a guest session can.
        try services.directory.addToken(secret: token, TokenGrant(kind: code.guest ? .guestApp : .app, personID: code.personID,
                                                                  clientID: clientID, scope: code.scope),
                                        label: code.guest ? "guest app access" : "app access",
                                        expires: code.guest ? Date().addingTimeInterval(GuestAccess.sessionSeconds) : nil)
        var response = try APIResponses.json(Issued(access_token: token, scope: code.scope.joined(separator: " ")))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
