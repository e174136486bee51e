import Foundation
import GRDB
import HealthDatabase

/// The `setting` table: a string per key.
enum Settings {
    /// The value under `key`.
    static func get(_ key: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
    }

    /// Sets or (with nil) removes the value under `key`.
    static func set(_ key: String, to value: String?, _ db: Database) throws {
        if let value {
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }
}

/// The `grant` table: one row per app, type and access.
enum Grants {
    /// The grants of `app`, or of every app, ordered by app, type and access.
    static func get(for app: String?, _ db: Database) throws -> [AuthorizationGrant] {
        let sql = "SELECT app, type, access, allowed, decided_at FROM \"grant\""
            + (app == nil ? "" : " WHERE app = ?") + " ORDER BY app, type, access"
        return try Row.fetchAll(db, sql: sql, arguments: app.map { [$0] } ?? []).map { row in
            guard let access = AuthorizationGrant.Access(rawValue: row[2]) else {
                throw StorageError.unavailable("a grant has an unknown access \(row[2] as String)")
            }
            return AuthorizationGrant(app: row[0], type: row[1], access: access, allowed: row[3],
                                      decidedAt: Date(timeIntervalSince1970: row[4]))
        }
    }

    /// Records or replaces each grant.
    static func set(_ grants: [AuthorizationGrant], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO "grant" (app, type, access, allowed, decided_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(app, type, access) DO UPDATE SET allowed = excluded.allowed, decided_at = excluded.decided_at
            """)
        for grant in grants {
            try statement.execute(arguments: [grant.app, grant.type, grant.access.rawValue, grant.allowed,
                                              grant.decidedAt.timeIntervalSince1970])
        }
    }

    /// Removes `app`'s grants for `types`, or all of them.
    static func remove(for app: String, types: Set<String>?, _ db: Database) throws {
        guard let types else {
            try db.execute(sql: "DELETE FROM \"grant\" WHERE app = ?", arguments: [app])
            return
        }
        guard !types.isEmpty else { return }
        let condition = SQLPart.isIn("type", types.sorted())
        var arguments: StatementArguments = [app]
        arguments += condition.arguments
        try db.execute(sql: "DELETE FROM \"grant\" WHERE app = ? AND \(condition.sql)", arguments: arguments)
    }
}
