import Foundation
import HealthDatabase
public import PostgresNIO

/// Where a PostgreSQL database is: a `postgres://` (or `postgresql://`) URL turned into postgres-nio's connection
/// configuration.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`; the port defaults to 5432, the database to the user's name.
/// Connections are not encrypted (`sslmode=disable`): use loopback, a Unix socket (`?host=/path/to/socket/dir`), or a
/// tunnel. Any other `sslmode` is refused rather than silently ignored.
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
        if let mode = query["sslmode"], mode != "disable" {
            throw StorageError.unavailable("\(description): sslmode=\(mode) is not supported yet (only sslmode=disable)")
        }
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
                                  database: database, tls: .disable)
        }
    }

    /// `url` with any password replaced, for an error message.
    private static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "…"
        return parts.string ?? "(unreadable URL)"
    }
}
