import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A sample institution's SMART authorization server: its configuration, `/oauth2/authorize` (the sample person
/// approves at once: 302 to the redirect URI with a code and the state), `/oauth2/token` (codes checked against their
/// PKCE S256 challenge and redirect URI; refresh tokens rotate) and `/oauth2/revoke`. It keeps nothing between
/// requests: a code carries its challenge, scope, redirect URI and expiry; an access token carries its expiry (one
/// hour), so a later process can refresh it like any other.
struct SampleAuthorization {
    let sample: SampleInstitution
    let now: Date
    static let accessLifetime: TimeInterval = 3600

    var origin: String { "https://\(sample.fhirBase.host ?? SampleServer.domain)" }

    func configuration() -> HTTPTransport.Response {
        let v2 = sample.release == .r4
        return SampleServer.json([
            "issuer": origin, "authorization_endpoint": origin + "/oauth2/authorize", "token_endpoint": origin + "/oauth2/token",
            "revocation_endpoint": origin + "/oauth2/revoke", "code_challenge_methods_supported": ["S256"],
            "grant_types_supported": ["authorization_code", "refresh_token"], "token_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": ["launch/patient", "openid", "fhirUser", "offline_access", v2 ? "patient/*.rs" : "patient/*.read"],
            "capabilities": ["launch-standalone", "client-public", "context-standalone-patient", "permission-patient", "permission-offline",
                             v2 ? "permission-v2" : "permission-v1"],
        ], type: "application/json")
    }

    func respond(to request: URLRequest) -> HTTPTransport.Response {
        guard let url = request.url else { return SampleServer.outcome(400, "no URL") }
        switch (request.httpMethod ?? "GET", url.path) {
        case ("GET", "/oauth2/authorize"): return authorize(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
        case ("POST", "/oauth2/token"): return token(Self.form(request.httpBody))
        case ("POST", "/oauth2/revoke"): return HTTPTransport.Response(status: 200, headers: [:], body: Data())
        default: return SampleServer.outcome(404, "\(url.path) is not an endpoint of this server")
        }
    }

    private func authorize(_ items: [URLQueryItem]) -> HTTPTransport.Response {
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("response_type") == "code", let redirect = value("redirect_uri"), let state = value("state") else {
            return Self.error("invalid_request", "response_type=code, redirect_uri and state are required")
        }
        guard value("code_challenge_method") == "S256", let challenge = value("code_challenge") else {
            return Self.error("invalid_request", "PKCE S256 is required")
        }
        guard value("aud").map({ DirectoryEndpoint.key(URL(string: $0) ?? sample.fhirBase) == DirectoryEndpoint.key(sample.fhirBase) }) ?? true else {
            return Self.error("invalid_request", "aud is not this FHIR server")
        }
        let code = Self.pack(["c": challenge, "s": value("scope") ?? "", "r": redirect, "e": String(Int(now.timeIntervalSince1970) + 60)])
        var target = URLComponents(string: redirect)
        let existing = target?.queryItems ?? []
        target?.queryItems = existing + [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
        return HTTPTransport.Response(status: 302, headers: ["Location": target?.url?.absoluteString ?? redirect], body: Data())
    }

    private func token(_ form: [String: String]) -> HTTPTransport.Response {
        let scope: String
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"].flatMap(Self.unpack), let challenge = code["c"], let verifier = form["code_verifier"],
                  PKCE.challenge(for: verifier) == challenge, code["r"] == form["redirect_uri"],
                  (Double(code["e"] ?? "") ?? 0) >= now.timeIntervalSince1970 else {
                return Self.error("invalid_grant", "unknown or expired code, or the PKCE verifier does not match")
            }
            scope = code["s"] ?? ""
        case "refresh_token":
            guard let token = form["refresh_token"], token.hasPrefix("sample-refresh."),
                  let packed = token.split(separator: ".").dropFirst().first, let granted = Self.unpack(String(packed))?["s"] else {
                return Self.error("invalid_grant", "unknown refresh token")
            }
            scope = granted
        default:
            return Self.error("unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
        }
        var body: [String: Any] = [
            "access_token": "sample-access.\(Int(now.timeIntervalSince1970 + Self.accessLifetime)).\(RandomToken.make(bytes: 16))",
            "token_type": "Bearer", "expires_in": Int(Self.accessLifetime), "scope": scope, "patient": sample.chart.patientID,
        ]
        if scope.split(separator: " ").contains("offline_access") {
            body["refresh_token"] = "sample-refresh.\(Self.pack(["s": scope])).\(RandomToken.make(bytes: 16))"
        }
        var answer = SampleServer.json(body, type: "application/json")
        answer.headers["Cache-Control"] = "no-store"
        return answer
    }

    /// Whether `authorization` is a sample bearer token that has not expired.
    static func accepts(_ authorization: String?, now: Date) -> Bool {
        guard let token = authorization?.split(separator: " ").last, token.hasPrefix("sample-access.") else { return false }
        let parts = token.split(separator: ".")
        return parts.count == 3 && (Double(parts[1]) ?? 0) > now.timeIntervalSince1970
    }

    static func error(_ code: String, _ description: String) -> HTTPTransport.Response {
        SampleServer.json(["error": code, "error_description": description], status: 400, type: "application/json")
    }

    static func form(_ body: Data?) -> [String: String] {
        var parts = URLComponents()
        parts.percentEncodedQuery = String(decoding: body ?? Data(), as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        return Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    static func pack(_ fields: [String: String]) -> String {
        Base64URL.encode((try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data())
    }

    static func unpack(_ text: String) -> [String: String]? {
        Base64URL.decode(text).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] }
    }
}
