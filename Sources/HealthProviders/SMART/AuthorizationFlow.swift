public import Foundation

/// A standalone patient launch in progress and its completion: builds the authorization URL (PKCE S256, a 256-bit
/// single-use `state`, `aud`), then checks the redirect and exchanges the code.
public actor AuthorizationFlow {
    /// What the app needs to remember between the authorization URL and the redirect.
    public struct Pending: Sendable {
        /// The URL to open in a browser.
        public let url: URL
        let state: String
        let pkce: PKCE
        let redirectURI: URL
        let fhirBase: URL
        let configuration: SMARTConfiguration
        let client: ClientAuthentication
        let requested: SMARTScopes
        let created: Date
    }

    /// What a completed launch gives: the tokens and everything needed to keep using them.
    public struct Grant: Sendable {
        /// The tokens.
        public let tokens: TokenResponse
        /// The scopes that were asked for.
        public let requested: SMARTScopes
        /// What was granted (the answer's `scope`, else what was asked).
        public let granted: SMARTScopes
        /// The FHIR base URL the tokens are for.
        public let fhirBase: URL
        /// The server's configuration.
        public let configuration: SMARTConfiguration
        /// The client authentication used.
        public let client: ClientAuthentication
        /// The verified ID token (who signed in, `fhirUser`); nil when none came or the server publishes no keys.
        public var identity: IDToken? = nil
    }

    private var pending: [String: Pending] = [:]
    private let http: HTTPTransport
    /// How long a launch may wait for its redirect.
    public let lifetime: TimeInterval

    /// A flow sending requests through `http`.
    public init(http: HTTPTransport, lifetime: TimeInterval = 600) {
        self.http = http
        self.lifetime = lifetime
    }

    /// Starts a launch; returns the authorization URL and keeps the state and verifier until ``complete(redirect:)``.
    public func begin(fhirBase: URL, configuration: SMARTConfiguration, client: ClientAuthentication, scopes: SMARTScopes,
                      redirectURI: URL, aud: EndpointOverride.AudienceMode = .asIs) throws -> Pending {
        let state = RandomToken.make(bytes: 32), pkce = PKCE()
        guard var parts = URLComponents(url: configuration.authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw ProviderError(.authorization, "the authorization endpoint is not a URL")
        }
        var fields = [("response_type", "code"), ("client_id", client.clientID), ("redirect_uri", redirectURI.absoluteString),
                      ("scope", scopes.description), ("state", state), ("code_challenge", pkce.challenge),
                      ("code_challenge_method", pkce.method)]
        switch aud {
        case .asIs: fields.append(("aud", fhirBase.absoluteString))
        case .stripSlash: fields.append(("aud", DirectoryEndpoint.key(fhirBase)))
        case .omit: break
        }
        parts.percentEncodedQuery = ((parts.percentEncodedQuery.map { [$0] } ?? []) + [FormBody.encode(fields)]).joined(separator: "&")
        guard let url = parts.url else { throw ProviderError(.authorization, "cannot build the authorization URL") }
        let launch = Pending(url: url, state: state, pkce: pkce, redirectURI: redirectURI, fhirBase: fhirBase,
                             configuration: configuration, client: client, requested: scopes, created: Date())
        pending[state] = launch
        return launch
    }

    /// Completes a launch from the redirect URL: the `state` must be one this flow issued and not yet used (it is
    /// spent whatever happens next), then the code is exchanged with the PKCE verifier; an ID token in the answer must
    /// pass ``IDToken``'s checks when the server publishes its keys (else the launch fails: its `fhirUser` is a claim
    /// about who signed in).
    public func complete(redirect: URL) async throws -> Grant {
        let query = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard let state = value("state"), let launch = pending.removeValue(forKey: state) else {
            throw ProviderError(.authorization, "the redirect's state is unknown or already used; start again")
        }
        guard Date().timeIntervalSince(launch.created) <= lifetime else {
            throw ProviderError(.authorization, "the sign-in took too long; start again")
        }
        if let error = value("error") {
            let detail = value("error_description").map { ": " + String($0.prefix(200)) } ?? ""
            throw ProviderError(.authorization, "the server refused: \(error)\(detail)", oauthError: error)
        }
        guard let code = value("code"), !code.isEmpty else { throw ProviderError(.authorization, "the redirect has no code") }
        let endpoint = TokenEndpoint(http: http, url: launch.configuration.tokenEndpoint, client: launch.client)
        let tokens = try await endpoint.token([("grant_type", "authorization_code"), ("code", code),
                                               ("redirect_uri", launch.redirectURI.absoluteString),
                                               ("code_verifier", launch.pkce.verifier)], step: .tokenExchange)
        var grant = Grant(tokens: tokens, requested: launch.requested, granted: tokens.scope ?? launch.requested,
                          fhirBase: launch.fhirBase, configuration: launch.configuration, client: launch.client)
        if let idToken = tokens.idToken, launch.configuration.jwksURI != nil {
            grant.identity = try await IDToken.verify(idToken, configuration: launch.configuration, clientID: launch.client.clientID, http: http)
        }
        return grant
    }
}
