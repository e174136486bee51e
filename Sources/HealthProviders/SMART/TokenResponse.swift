public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A token endpoint's answer. `"refresh_token": null` (and empty strings) count as absent. Its description never
/// shows a token.
public struct TokenResponse: Sendable, CustomStringConvertible {
    /// The access token.
    public var accessToken: String
    /// When it expires (now + `expires_in`), if the server said.
    public var expiresAt: Date?
    /// The refresh token, when one came.
    public var refreshToken: String?
    /// What was granted (`scope`); nil when the server left it out.
    public var scope: SMARTScopes?
    /// The patient in context (`patient`).
    public var patient: String?
    /// The OpenID Connect ID token, when one came.
    public var idToken: String?

    /// Reads a 200 answer's body; `step` names failures.
    static func read(_ body: Data, step: ProviderError.Step, now: Date = Date()) throws -> TokenResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw ProviderError(step, "the token endpoint's answer is not a JSON object")
        }
        func text(_ key: String) -> String? {
            guard let value = object[key] as? String, !value.isEmpty else { return nil }
            return value
        }
        guard let access = text("access_token") else { throw ProviderError(step, "the token answer has no access_token") }
        if let type = text("token_type"), type.lowercased() != "bearer" {
            throw ProviderError(step, "token_type is \(type), not Bearer")
        }
        var response = TokenResponse(accessToken: access)
        if let seconds = (object["expires_in"] as? NSNumber)?.doubleValue ?? text("expires_in").flatMap(Double.init) {
            response.expiresAt = now.addingTimeInterval(seconds)
        }
        response.refreshToken = text("refresh_token")
        response.scope = text("scope").map(SMARTScopes.init)
        response.patient = text("patient")
        response.idToken = text("id_token")
        return response
    }

    init(accessToken: String) {
        self.accessToken = accessToken
    }

    /// Counts only: `TokenResponse(access token, refresh token: yes, scope: …)`.
    public var description: String {
        "TokenResponse(access token, refresh token: \(refreshToken == nil ? "no" : "yes"), scope: \(scope?.description ?? "?"))"
    }
}

/// Token endpoint requests: the code exchange, refresh and revocation.
struct TokenEndpoint: Sendable {
    let http: HTTPTransport
    let url: URL
    let client: ClientAuthentication

    func post(_ fields: [(String, String)], step: ProviderError.Step, to target: URL? = nil) async throws -> HTTPTransport.Response {
        let endpoint = target ?? url
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        var fields = fields
        try client.apply(to: &request, fields: &fields, tokenEndpoint: url)
        request.httpBody = Data(FormBody.encode(fields).utf8)
        return try await http.send(request, step: step)
    }

    func token(_ fields: [(String, String)], step: ProviderError.Step) async throws -> TokenResponse {
        let response = try await post(fields, step: step)
        guard response.status == 200 else { throw Self.failure(response, step: step) }
        return try TokenResponse.read(response.body, step: step)
    }

    /// An OAuth error answer as a ``ProviderError``: status, `error` and a short `error_description`.
    static func failure(_ response: HTTPTransport.Response, step: ProviderError.Step) -> ProviderError {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let code = object?["error"] as? String
        let detail = (object?["error_description"] as? String).map { String($0.prefix(200)) }
        let message = "HTTP \(response.status)" + (code.map { " \($0)" } ?? "") + (detail.map { ": \($0)" } ?? "")
        return ProviderError(step, message, status: response.status, oauthError: code)
    }
}
