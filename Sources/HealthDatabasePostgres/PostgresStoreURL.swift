import Foundation
import HealthDatabase

/// One person's store named by one URL: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE?owner=NAME[&schema=SCHEMA]`.
///
/// What `OPENHEALTHKIT_DATABASE` and the CLI's `--database` accept for the PostgreSQL engine, where one database holds
/// everyone's store: `owner` (percent-encoded) says whose store to open and is required; `schema` is the PostgreSQL
/// schema (default `public`). Both are taken out of the URL before it reaches the connection; the other parameters
/// (`sslmode`, `host`) keep their meaning (``PostgresLocation``).
public struct PostgresStoreURL: Sendable, CustomStringConvertible {
    /// The database's URL, without `owner` and `schema`.
    public let databaseURL: String
    /// The person whose store it is.
    public let owner: String
    /// The PostgreSQL schema holding the tables.
    public let schema: String
    /// The URL without its password, for messages.
    public let description: String

    /// Whether `text` is a `postgres://` or `postgresql://` URL (and not a file path).
    public static func isPostgres(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Parses `url`.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` naming the URL (password left out) and what is wrong with it: not
    ///   a PostgreSQL URL, no `owner`, an empty `owner` or `schema`.
    public init(_ url: String) throws {
        let location = try PostgresLocation(url: url)
        description = location.description
        guard var parts = URLComponents(string: url) else {
            throw StorageError.unavailable("'\(description)' is not a postgres:// URL")
        }
        let items = parts.queryItems ?? []
        let owners = items.filter { $0.name == "owner" }.compactMap(\.value)
        guard let owner = owners.last, !owner.isEmpty else {
            throw StorageError.unavailable("\(description) names no person: add ?owner=NAME (whose store to open; "
                + "one PostgreSQL database holds everyone's)")
        }
        let schema = items.last { $0.name == "schema" }.map { $0.value ?? "" } ?? "public"
        guard !schema.isEmpty else { throw StorageError.unavailable("\(description): schema= is empty") }
        let rest = items.filter { $0.name != "owner" && $0.name != "schema" }
        parts.queryItems = rest.isEmpty ? nil : rest
        guard let database = parts.string else { throw StorageError.unavailable("'\(description)' is not a postgres:// URL") }
        self.owner = owner
        self.schema = schema
        databaseURL = database
    }

    /// Opens the person's store (created empty on first use), the database once per process
    /// (``PostgresHealthStorage/open(url:owner:schema:)``).
    public func open() throws -> PostgresHealthStorage {
        try PostgresHealthStorage.open(url: databaseURL, owner: owner, schema: schema)
    }
}
