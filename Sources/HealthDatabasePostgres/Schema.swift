import Foundation
import HealthDatabase
import PostgresNIO

/// The database schema and its versioned migrations.
///
/// The version is the highest row of `schema_version`. Opening a database takes a transaction-level advisory lock
/// (so two processes opening at once migrate one after the other; the second finds nothing left to do), refuses a
/// version newer than ``version`` with ``StorageError/unsupportedSchema(found:supported:)``, and applies each missing
/// migration, all in that one transaction: a failing migration leaves the database as it was.
enum Schema {
    /// The newest schema version this code knows.
    static let version = 3

    /// The migrations, in order: migration `n` is `migrations[n - 1]`.
    static let migrations: [[String]] = [version1, version2, version3]

    /// Tables every owner shares (Citus reference tables): no `owner_id`, small, rarely written.
    static let referenceTables: Set<String> = ["object_type", "owner_directory", "schema_version"]

    /// Every other table, distributed by `owner_id` (the order `create_distributed_table` is called in docs/PostgreSQL.md).
    static let distributedTables = ["owner_state", "source", "device", "sample", "field", "tombstone", "app_grant", "setting",
                                    "stat_slot", "stat_raw", "stat_deleted", "stat_note"]

    /// Brings the schema `schema` (created when missing) to ``version``.
    static func migrate(_ session: Session, schema: String) throws {
        try session.transaction {
            try session.execute(SQL("SELECT pg_advisory_xact_lock(hashtext(?))", [.text("openhealthkit-migrate:" + schema)]))
            try session.execute(SQL("CREATE SCHEMA IF NOT EXISTS \(quoted(schema))"))
            try session.execute(SQL("""
                CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """))
            let found = try session.rows(SQL("SELECT coalesce(max(version), 0)::int8 FROM schema_version")).first?
                .decode(Int64.self) ?? 0
            guard found <= Int64(version) else {
                throw StorageError.unsupportedSchema(found: Int(found), supported: version)
            }
            for number in Int(found) + 1 ... max(version, Int(found) + 1) where number <= version {
                for statement in migrations[number - 1] { try session.execute(SQL(statement)) }
                try session.execute(SQL("INSERT INTO schema_version (version) VALUES (?)", [.int(Int64(number))]))
            }
        }
    }

    /// `name` as a quoted SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
