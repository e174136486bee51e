public import Foundation

/// Gives a connection's access token, refreshing it before it expires and after a 401. Refreshes are serialized
/// (an actor per connection); a rotated refresh token is saved before the new access token is handed out; a refused
/// refresh marks the connection ``ProviderConnection/Status/needsSignIn`` instead of retrying forever.
public actor TokenKeeper {
    /// The connection's id.
    public let connectionID: String
    let store: ConnectionStore
    let http: HTTPTransport
    /// How long before expiry a token is refreshed.
    public let margin: TimeInterval
    /// The refresh under way, which concurrent callers wait for instead of starting their own.
    private var refreshing: Task<String, any Error>?
    /// Why the connection needs sign-in, once a refresh here found it: later callers get the same error (the token
    /// endpoint's `invalid_grant`, say), not only "needs sign-in", whichever request of a sync asked first.
    private var refusal: ProviderError?

    /// A keeper for connection `id` in `store`.
    public init(connectionID: String, store: ConnectionStore, http: HTTPTransport, margin: TimeInterval = 60) {
        self.connectionID = connectionID
        self.store = store
        self.http = http
        self.margin = margin
    }

    /// The access token last read or obtained, with its expiry: a sync's requests use it without reading and
    /// decrypting the connection's files each time, until it nears expiry or the server refuses it.
    private var current: (token: String, expiry: Date?)?

    /// A usable access token: the stored one, or a refreshed one when it expires within ``margin``.
    public func accessToken() async throws -> String {
        if let refusal { throw refusal }
        if let current, current.expiry.map({ $0.timeIntervalSinceNow >= margin }) ?? true { return current.token }
        let connection = try store.connection(connectionID)
        guard connection.status == .active else {
            throw ProviderError(.refresh, "connection \(connectionID) needs sign-in")
        }
        let secrets = try store.secrets(of: connection)
        if let expiry = secrets.accessExpiry, expiry.timeIntervalSinceNow < margin {
            return try await refresh(connection, secrets)
        }
        return remember(secrets.accessToken, expiry: secrets.accessExpiry)
    }

    /// After a 401 with `rejected`: refreshes, unless another request (or another process) already replaced that
    /// token.
    public func replace(rejected: String) async throws -> String {
        if let refusal { throw refusal }
        if let current, current.token != rejected { return current.token }
        current = nil
        let connection = try store.connection(connectionID)
        let secrets = try store.secrets(of: connection)
        if secrets.accessToken != rejected, connection.status == .active { return remember(secrets.accessToken, expiry: secrets.accessExpiry) }
        return try await refresh(connection, secrets)
    }

    private func remember(_ token: String, expiry: Date?) -> String {
        current = (token, expiry)
        return token
    }

    /// Refreshes, or joins the refresh already under way: the actor lets other callers in while a refresh awaits the
    /// token endpoint, and a second refresh would spend a refresh token the first one rotated away (`invalid_grant`).
    private func refresh(_ connection: ProviderConnection, _ secrets: ConnectionSecrets) async throws -> String {
        if let refreshing { return try await refreshing.value }
        let task = Task { try await self.exchange(connection, secrets) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func exchange(_ connection: ProviderConnection, _ secrets: ConnectionSecrets) async throws -> String {
        guard let refreshToken = secrets.refreshToken else {
            let error = ProviderError(.refresh, "connection \(connection.id): no refresh token; sign in again")
            try markNeedsSignIn(connection, "the access token expired and there is no refresh token (offline_access not granted)",
                                refusal: error)
            throw error
        }
        let endpoint = TokenEndpoint(http: http, url: connection.configuration.tokenEndpoint, client: try client(connection, secrets))
        let tokens: TokenResponse
        do {
            tokens = try await endpoint.token([("grant_type", "refresh_token"), ("refresh_token", refreshToken)], step: .refresh)
        } catch let error as ProviderError where error.needsSignIn {
            try markNeedsSignIn(connection, error.description, refusal: error)
            throw error
        }
        var next = secrets
        next.accessToken = tokens.accessToken
        next.accessExpiry = tokens.expiresAt
        if let rotated = tokens.refreshToken { next.refreshToken = rotated }
        var updated = connection
        if let scope = tokens.scope { updated.granted = scope }
        try store.write(updated, secrets: next)  // saved before the new access token is used
        return remember(next.accessToken, expiry: next.accessExpiry)
    }

    /// Marks the connection as needing sign-in for `reason`; this keeper's later callers get `refusal`.
    private func markNeedsSignIn(_ connection: ProviderConnection, _ reason: String, refusal: ProviderError) throws {
        self.refusal = refusal
        var updated = try store.connection(connection.id)
        updated.status = .needsSignIn
        updated.lastError = reason
        try store.update(updated)
    }

    /// The client authentication the connection was made with.
    func client(_ connection: ProviderConnection, _ secrets: ConnectionSecrets) throws -> ClientAuthentication {
        try store.client(for: connection, secrets: secrets)
    }
}

extension ConnectionStore {
    /// The client authentication `connection` uses: its method, client id, secret or the product's key.
    func client(for connection: ProviderConnection, secrets: ConnectionSecrets) throws -> ClientAuthentication {
        switch connection.authMethod {
        case "client_secret_basic":
            guard let secret = secrets.clientSecret else { throw ProviderError(.secrets, "connection \(connection.id): its client secret is missing") }
            return .clientSecretBasic(clientID: connection.clientID, secret: secret)
        case "private_key_jwt":
            return .privateKeyJWT(clientID: connection.clientID, key: try clientKey(connection.signingAlgorithm ?? .ES384))
        default:
            return .none(clientID: connection.clientID)
        }
    }

    /// Revokes the connection's tokens where the server offers revocation (RFC 7009), then deletes the connection.
    /// Returns whether the server confirmed the revocation (false when it has no revocation endpoint).
    @discardableResult
    public func remove(_ id: String, http: HTTPTransport) async throws -> Bool {
        let connection = try connection(id)
        var revoked = false
        if let revocation = connection.configuration.revocationEndpoint, let secrets = try? secrets(of: connection) {
            let endpoint = TokenEndpoint(http: http, url: connection.configuration.tokenEndpoint, client: try client(for: connection, secrets: secrets))
            revoked = true
            for (token, hint) in [(secrets.refreshToken, "refresh_token"), (secrets.accessToken, "access_token")] {
                guard let token else { continue }
                let answer = try? await endpoint.post([("token", token), ("token_type_hint", hint)], step: .revocation, to: revocation)
                revoked = revoked && answer?.status == 200
            }
        }
        try delete(id)
        return revoked
    }
}
