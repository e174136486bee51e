public import Foundation

/// Connections on disk: one JSON file per connection in a folder (mode 0700, files 0600), secrets sealed with a
/// ``SecretBox``; the product's `private_key_jwt` key sealed beside them. Writes are atomic (write, then rename).
public final class ConnectionStore: Sendable {
    /// The folder.
    public let folder: URL
    let box: SecretBox

    /// The store in `folder`, sealing with `box`.
    public init(folder: URL, box: SecretBox) throws {
        self.folder = folder
        self.box = box
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// The store beside a database: `<database>.providers/`, its key in `<database>.providers/secrets.key` unless
    /// `OPENHEALTHKIT_SECRETS_KEY` is set.
    public convenience init(database: URL) throws {
        let folder = URL(fileURLWithPath: database.path + ".providers", isDirectory: true)
        try self.init(folder: folder, box: SecretBox.open(keyFile: folder.appendingPathComponent("secrets.key")))
    }

    /// Every connection, oldest first.
    public func all() throws -> [ProviderConnection] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        return try files.map(Self.read).sorted { $0.created < $1.created }
    }

    /// The connection `id`.
    public func connection(_ id: String) throws -> ProviderConnection {
        let file = folder.appendingPathComponent(id + ".json")
        guard FileManager.default.fileExists(atPath: file.path) else { throw ProviderError(.storage, "no connection \(id)") }
        return try Self.read(file)
    }

    /// Saves a completed launch: a new connection, or the existing one for the same endpoint and patient with new
    /// tokens (reconnecting never duplicates). Returns it.
    public func save(grant: AuthorizationFlow.Grant, institution: String, accept: String? = nil,
                     searchParameters: [String: [String]]? = nil) throws -> ProviderConnection {
        guard let patient = grant.tokens.patient else {
            throw ProviderError(.tokenExchange, "the token answer names no patient (was launch/patient granted?)")
        }
        var secret: String?, algorithm: ClientSigningKey.Algorithm?
        if case .clientSecretBasic(_, let value) = grant.client { secret = value }
        if case .privateKeyJWT(_, let key) = grant.client { algorithm = key.algorithm }
        let now = Date()
        var connection = ProviderConnection(
            id: UUID().uuidString.lowercased(), institution: institution, fhirBase: grant.fhirBase, patientID: patient,
            clientID: grant.client.clientID, authMethod: grant.client.methodName, configuration: grant.configuration,
            requested: grant.requested, granted: grant.granted, status: .active, created: now, accept: accept,
            searchParameters: searchParameters)
        connection.signingAlgorithm = algorithm
        connection.fhirUser = grant.identity?.fhirUser
        let others = try all()
        if let existing = others.first(where: { $0.identity == connection.identity }) {
            connection.sourceBundleIdentifier = existing.sourceBundleIdentifier
            connection.id = existing.id
            connection.created = existing.created
            connection.checkpoints = existing.checkpoints
            connection.lastSync = existing.lastSync
            connection.lastFullCheck = existing.lastFullCheck
            connection.refreshPeriod = existing.refreshPeriod
        } else {
            connection.sourceBundleIdentifier = sourceBundleIdentifier(for: connection, among: others)
        }
        try write(connection, secrets: ConnectionSecrets(accessToken: grant.tokens.accessToken, accessExpiry: grant.tokens.expiresAt,
                                                         refreshToken: grant.tokens.refreshToken, clientSecret: secret))
        return try self.connection(connection.id)
    }

    /// Writes `connection`'s public part, keeping its secrets.
    public func update(_ connection: ProviderConnection) throws {
        let current = try self.connection(connection.id)
        var next = connection
        next.sealedSecrets = current.sealedSecrets
        try write(next)
    }

    /// Reads connection `id`, lets `change` change its public part and writes it back with the secrets just read (one
    /// read where ``update(_:)`` of a connection read before takes two); the connection as written.
    @discardableResult
    public func update(_ id: String, _ change: (inout ProviderConnection) -> Void) throws -> ProviderConnection {
        var connection = try self.connection(id)
        let sealed = connection.sealedSecrets
        change(&connection)
        connection.sealedSecrets = sealed
        try write(connection)
        return connection
    }

    /// Deletes the connection's file (tokens included) and its kept parties.
    public func delete(_ id: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(id + ".json"))
        deleteParties(of: id)
    }

    func secrets(of connection: ProviderConnection) throws -> ConnectionSecrets {
        guard let sealed = Data(base64Encoded: connection.sealedSecrets) else {
            throw ProviderError(.secrets, "connection \(connection.id): its secrets are damaged")
        }
        do { return try JSONDecoder().decode(ConnectionSecrets.self, from: box.open(sealed)) } catch let error as ProviderError {
            throw error
        } catch {
            throw ProviderError(.secrets, "connection \(connection.id): its secrets are damaged")
        }
    }

    func write(_ connection: ProviderConnection, secrets: ConnectionSecrets) throws {
        var sealed = connection
        sealed.sealedSecrets = try box.seal(JSONEncoder().encode(secrets)).base64EncodedString()
        try write(sealed)
    }

    private func write(_ connection: ProviderConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try atomicWrite(encoder.encode(connection), to: folder.appendingPathComponent(connection.id + ".json"))
    }

    static func read(_ file: URL) throws -> ProviderConnection {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(ProviderConnection.self, from: Data(contentsOf: file)) } catch {
            throw ProviderError(.storage, "\(file.lastPathComponent): not a readable connection (\(error.localizedDescription))")
        }
    }

    /// The product's `private_key_jwt` key for `algorithm`, generated on first use and kept sealed in
    /// `client-key-<alg>.sealed`.
    public func clientKey(_ algorithm: ClientSigningKey.Algorithm = .ES384) throws -> ClientSigningKey {
        let file = folder.appendingPathComponent("client-key-\(algorithm.rawValue.lowercased()).sealed")
        if let sealed = try? Data(contentsOf: file) {
            guard let pem = String(data: try box.open(sealed), encoding: .utf8) else {
                throw ProviderError(.secrets, "\(file.lastPathComponent): not a key")
            }
            return try ClientSigningKey(pem: pem)
        }
        let key = try ClientSigningKey(algorithm: algorithm)
        try atomicWrite(box.seal(Data(key.pem.utf8)), to: file)
        return key
    }

    func atomicWrite(_ data: Data, to file: URL) throws {
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ProviderError(.storage, "\(temporary.path): cannot write")
        }
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw ProviderError(.storage, "\(file.path): cannot replace (errno \(errno))")
        }
    }
}
