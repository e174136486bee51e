import Foundation
import HealthDatabase
import NIOSSL
public import PostgresNIO

/// Where a PostgreSQL database is: a `postgres://` (or `postgresql://`) URL turned into postgres-nio's connection
/// configuration.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`; the port defaults to 5432, the database to the user's name;
/// `?host=/path/to/socket/dir` connects through a Unix socket. TLS follows libpq's `sslmode` (``tls(mode:rootCertificate:client:in:)``):
/// `disable` (the default: loopback, a socket or a tunnel), `prefer`, `require`, `verify-ca`, `verify-full`, with
/// `sslrootcert=/path/ca.pem` the certificate authority to trust (else the system's), and `sslcert=/path/client.pem`
/// with `sslkey=/path/client.key` a client certificate to present (PEM; both or neither). Any other mode is refused.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// The configuration every connection is opened with.
    public var configuration: PostgresConnection.Configuration
    /// The URL without its password, for messages.
    public let description: String

    /// Parses `url`.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` naming the URL (password left out) and what is wrong with it.
    public init(url: String) throws {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme,
              ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw StorageError.unavailable("'\(Self.redacted(url))' is not a postgres:// URL")
        }
        var safe = parts
        if safe.password != nil { safe.password = "…" }
        description = safe.string ?? "postgres://"
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let tls = try Self.tls(mode: query["sslmode"] ?? "disable", rootCertificate: query["sslrootcert"],
                               client: try Self.clientFiles(query, in: description), in: description)
        guard let user = parts.user?.removingPercentEncoding, !user.isEmpty else {
            throw StorageError.unavailable("\(description) names no user (postgres://USER@HOST/DATABASE)")
        }
        let password = parts.password?.removingPercentEncoding
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        let database = path.isEmpty ? user : (path.removingPercentEncoding ?? path)
        if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
            let port = parts.port ?? 5432
            configuration = .init(unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password,
                                  database: database)
        } else {
            guard let host = parts.host, !host.isEmpty else {
                throw StorageError.unavailable("\(description) names no host")
            }
            configuration = .init(host: host, port: parts.port ?? 5432, username: user, password: password,
                                  database: database, tls: tls)
        }
    }

    /// The TLS of a TCP connection for libpq's `sslmode`: `disable` none; `prefer` TLS when the server offers it;
    /// `require` TLS, the certificate checked against `rootCertificate` when given (as libpq does), else not at all;
    /// `verify-ca` TLS with a certificate signed by `rootCertificate` (else a system-trusted authority); `verify-full`
    /// that and the host name (or IP address) in the certificate.
    ///
    /// `client`, when given, is the certificate (chain) and private key files presented to a server that asks for one
    /// (PEM), as libpq's `sslcert` and `sslkey`; with `disable` it is not used, as libpq does.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` for another mode, or a `rootCertificate`, certificate or key that is
    ///   not a readable PEM file, naming it.
    static func tls(mode: String, rootCertificate: String?, client: (certificate: String, key: String)? = nil,
                    in description: String) throws -> PostgresConnection.Configuration.TLS {
        let modes = ["disable", "prefer", "require", "verify-ca", "verify-full"]
        guard modes.contains(mode) else {
            throw StorageError.unavailable("\(description): sslmode=\(mode) is not one of \(modes.joined(separator: ", "))")
        }
        if mode == "disable" { return .disable }
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case "verify-full": configuration.certificateVerification = .fullVerification
        case "verify-ca": configuration.certificateVerification = .noHostnameVerification
        default: configuration.certificateVerification = rootCertificate == nil ? .none : .noHostnameVerification
        }
        if let rootCertificate {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
            } catch {
                throw StorageError.unavailable("\(description): sslrootcert \(rootCertificate) is not a readable PEM certificate file (\(error))")
            }
        }
        if let client {
            do {
                configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(client.certificate).map { .certificate($0) }
            } catch {
                throw StorageError.unavailable("\(description): sslcert \(client.certificate) is not a readable PEM certificate file (\(error))")
            }
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: client.key, format: .pem))
            } catch {
                throw StorageError.unavailable("\(description): sslkey \(client.key) is not a readable PEM private key file (\(error))")
            }
        }
        do {
            let context = try NIOSSLContext(configuration: configuration)
            return mode == "prefer" ? .prefer(context) : .require(context)
        } catch {
            throw StorageError.unavailable("\(description): cannot set up TLS (\(error))")
        }
    }

    /// The client certificate and key files the URL's `sslcert` and `sslkey` name: both or neither.
    private static func clientFiles(_ query: [String: String], in description: String) throws -> (certificate: String, key: String)? {
        switch (query["sslcert"], query["sslkey"]) {
        case (nil, nil): return nil
        case (let certificate?, let key?): return (certificate, key)
        case (nil, _): throw StorageError.unavailable("\(description): sslkey needs sslcert, the client certificate it belongs to")
        case (_, nil): throw StorageError.unavailable("\(description): sslcert needs sslkey, the client certificate's private key")
        }
    }

    /// `url` with any password replaced, for an error message.
    private static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "…"
        return parts.string ?? "(unreadable URL)"
    }
}
