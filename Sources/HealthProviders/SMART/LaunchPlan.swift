public import Foundation

/// What a standalone patient launch needs before the browser opens, worked out once for every front end (the CLI's
/// `connect`, the server's provider pages): the server's SMART configuration (discovery, the override winning), the
/// client authentication, and the scopes to ask for (the planned ones in v1 or v2 syntax as the server accepts, the
/// override's or the caller's instead, plus the override's extra scopes).
public struct LaunchPlan: Sendable {
    /// How the app is registered with the provider.
    public enum Client: Sendable, Hashable {
        /// A public client.
        case publicClient(clientID: String)
        /// A confidential client with a secret (`client_secret_basic`).
        case secret(clientID: String, secret: String)
        /// A confidential client signing with the product's own key (`private_key_jwt`; see ``ConnectionStore/clientKey(_:)``).
        case privateKeyJWT(clientID: String)
    }

    /// The FHIR base URL.
    public let fhirBase: URL
    /// The endpoint's override, if any.
    public let override: EndpointOverride?
    /// The server's configuration, as discovered.
    public let configuration: SMARTConfiguration
    /// The client authentication the launch uses.
    public let client: ClientAuthentication
    /// The scopes to ask for.
    public let scopes: SMARTScopes

    /// Discovers `fhirBase`'s configuration and plans the launch; `scope` (space-separated) replaces the planned
    /// scopes. A `privateKeyJWT` client's key comes from `connections` (made on first use, in the algorithm the server
    /// prefers).
    public static func prepare(fhirBase: URL, override: EndpointOverride?, client: Client, scope: String? = nil,
                               connections: ConnectionStore, http: HTTPTransport) async throws -> LaunchPlan {
        let configuration = try await SMARTDiscovery(http: http).discover(fhirBase: fhirBase, override: override)
        let authentication: ClientAuthentication
        switch client {
        case .publicClient(let id): authentication = .none(clientID: id)
        case .secret(let id, let secret): authentication = .clientSecretBasic(clientID: id, secret: secret)
        case .privateKeyJWT(let id):
            authentication = .privateKeyJWT(clientID: id, key: try connections.clientKey(configuration.preferredSigningAlgorithm))
        }
        var scopes = SMARTScopes(scope ?? override?.scopes ?? SMARTScopes.request(
            resourceTypes: ProviderSync.resourceTypes + ProviderSync.referencedTypes, v2: configuration.acceptsV2Scopes).description)
        if let extra = override?.extraScopes { scopes = SMARTScopes(scopes.description + " " + extra) }
        return LaunchPlan(fhirBase: fhirBase, override: override, configuration: configuration, client: authentication, scopes: scopes)
    }

    /// Starts the launch in `flow` with `redirectURI`: the URL to open in the browser, its state kept by the flow.
    public func begin(_ flow: AuthorizationFlow, redirectURI: URL) async throws -> AuthorizationFlow.Pending {
        try await flow.begin(fhirBase: fhirBase, configuration: configuration, client: client, scopes: scopes,
                             redirectURI: redirectURI, aud: override?.aud ?? .asIs)
    }

    /// Saves a completed launch's grant in `connections` with the override's `Accept` header and searches, under
    /// `institution`'s name.
    public func save(_ grant: AuthorizationFlow.Grant, institution: String, in connections: ConnectionStore) throws -> ProviderConnection {
        try connections.save(grant: grant, institution: institution, accept: override?.accept, searchParameters: override?.searchParameters)
    }
}
