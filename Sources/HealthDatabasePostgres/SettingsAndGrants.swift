import Foundation
import HealthDatabase
import PostgresNIO

/// The `setting` and `app_grant` tables of one owner.
enum SettingsAndGrants {
    /// The value under `key`.
    static func setting(_ key: String, owner: Int64, _ session: Session) throws -> String? {
        try session.rows(SQL("SELECT value FROM setting WHERE owner_id = \(owner) AND key = ?::text", [.text(key)]))
            .first?.decode(String.self)
    }

    /// Sets or (with nil) removes the value under `key`.
    static func setSetting(_ key: String, to value: String?, _ transaction: WriteTransaction) throws {
        if let value {
            try transaction.session.execute(SQL("""
                INSERT INTO setting (owner_id, key, value) VALUES (\(transaction.owner), ?, ?)
                ON CONFLICT (owner_id, key) DO UPDATE SET value = excluded.value
                """, [.text(key), .text(value)]))
        } else {
            try transaction.session.execute(SQL("DELETE FROM setting WHERE owner_id = \(transaction.owner) AND key = ?::text", [.text(key)]))
        }
    }

    /// The grants of `app`, or of every app, ordered by app, type and access.
    static func grants(for app: String?, owner: Int64, _ session: Session) throws -> [AuthorizationGrant] {
        var sql = SQL("SELECT app, type, access, allowed, decided_at FROM app_grant WHERE owner_id = \(owner)")
        if let app { sql = sql + SQL(" AND app = ?::text", [.text(app)]) }
        sql.text += " ORDER BY app COLLATE \"C\", type COLLATE \"C\", access COLLATE \"C\""
        return try session.rows(sql).map { row in
            let (app, type, access, allowed, decided) = try row.decode((String, String, String, Bool, Double).self)
            guard let access = AuthorizationGrant.Access(rawValue: access) else {
                throw StorageError.unavailable("a grant has an unknown access \(access)")
            }
            return AuthorizationGrant(app: app, type: type, access: access, allowed: allowed, decidedAt: Date(timeIntervalSince1970: decided))
        }
    }

    /// Records or replaces each grant, in one statement.
    static func setGrants(_ grants: [AuthorizationGrant], _ transaction: WriteTransaction) throws {
        guard !grants.isEmpty else { return }
        try transaction.session.execute(SQL("""
            INSERT INTO app_grant (owner_id, app, type, access, allowed, decided_at)
            SELECT DISTINCT ON (app, type, access) \(transaction.owner), app, type, access, allowed, decided_at
            FROM unnest(?::text[], ?::text[], ?::text[], ?::bool[], ?::float8[]) WITH ORDINALITY AS g(app, type, access, allowed, decided_at, n)
            ORDER BY app, type, access, n DESC
            ON CONFLICT (owner_id, app, type, access) DO UPDATE SET allowed = excluded.allowed, decided_at = excluded.decided_at
            """, [.texts(grants.map(\.app)), .texts(grants.map(\.type)), .texts(grants.map(\.access.rawValue)),
                  .bools(grants.map(\.allowed)), .doubles(grants.map(\.decidedAt.timeIntervalSince1970))]))
    }

    /// Removes `app`'s grants for `types`, or all of them.
    static func removeGrants(for app: String, types: Set<String>?, _ transaction: WriteTransaction) throws {
        var sql = SQL("DELETE FROM app_grant WHERE owner_id = \(transaction.owner) AND app = ?::text", [.text(app)])
        if let types {
            guard !types.isEmpty else { return }
            sql = sql + SQL(" AND type = ANY(?::text[])", [.texts(types.sorted())])
        }
        try transaction.session.execute(sql)
    }
}
