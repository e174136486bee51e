public import Foundation

/// A server's SMART configuration (`.well-known/smart-configuration`, or the CapabilityStatement's `oauth-uris`
/// security extension when that is missing), with endpoint overrides applied.
public struct SMARTConfiguration: Sendable, Hashable, Codable {
    /// Where the person signs in.
    public var authorizationEndpoint: URL
    /// Where codes and refresh tokens become access tokens.
    public var tokenEndpoint: URL
    /// Where tokens are revoked (RFC 7009), when offered.
    public var revocationEndpoint: URL?
    /// Where the person manages the app's access, when offered.
    public var managementEndpoint: URL?
    /// `capabilities` (`launch-standalone`, `permission-v2`...); empty when read from a CapabilityStatement.
    public var capabilities: [String] = []
    /// `scopes_supported`, when listed.
    public var scopesSupported: [String] = []
    /// `token_endpoint_auth_methods_supported`, when listed.
    public var tokenAuthMethods: [String] = []
    /// `token_endpoint_auth_signing_alg_values_supported`, when listed.
    public var signingAlgorithms: [String] = []
    /// `code_challenge_methods_supported`, when listed.
    public var codeChallengeMethods: [String] = []
    /// `issuer`, when listed (the `iss` of its ID tokens).
    public var issuer: String?
    /// `jwks_uri`, when listed: the keys its ID tokens are signed with.
    public var jwksURI: URL?
    /// Where the configuration was read (the well-known URL, or `…/metadata`).
    public var readFrom: URL

    /// Whether the server takes SMART v2 scopes (`patient/X.rs`): it says `permission-v2`, or lists a v2 scope.
    public var acceptsV2Scopes: Bool {
        capabilities.contains("permission-v2") || scopesSupported.contains { $0.hasSuffix(".rs") || $0.hasSuffix(".cruds") }
    }

    /// The algorithm to sign client assertions with: ES384 unless the server lists RS384 and not ES384.
    public var preferredSigningAlgorithm: ClientSigningKey.Algorithm {
        signingAlgorithms.contains("RS384") && !signingAlgorithms.contains("ES384") ? .RS384 : .ES384
    }

    /// A configuration from explicit endpoints.
    public init(authorizationEndpoint: URL, tokenEndpoint: URL, readFrom: URL) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.readFrom = readFrom
    }
}
