import Foundation
import GRDB

/// The server's own records, apart from anyone's health data: people and their password hashes, registered apps,
/// tokens (stored only as SHA-256 digests), authorization codes and browser sessions. One SQLite file,
/// `server.sqlite`, in the data folder; every person's health data lives in their own store beside it.
///
/// Thread-safe (one GRDB queue). The file is in WAL mode, so the grant cache's reads never wait for a write.
/// Requests find their token's grant in ``grants`` and count accesses in ``accessBuffer``: neither writes to the file.
final class ServerDirectory: Sendable {
    let database: DatabaseQueue
    /// What tokens grant, remembered until the file changes.
    let grants: GrantCache
    /// App accesses counted since the last flush (``flushAccessLog()``).
    let accessBuffer = AccessLogBuffer()

    /// Opens (creating it if needed) the directory at `path`.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        database = try DatabaseQueue(path: path, configuration: configuration)
        try Self.enableWAL(database)
        try Self.migrate(database)
        grants = try GrantCache(path: path, configuration: configuration)
    }

    /// Puts the file in WAL mode (a property of the file: once one opener has done it, the others find it so). Changing
    /// the journal mode needs the file to itself, and SQLite answers "database is locked" at once, without waiting, while
    /// another opener has it (`health serve` and `health users add` started together), so this waits and tries again.
    private static func enableWAL(_ database: DatabaseQueue) throws {
        for attempt in 0... {
            do {
                return try database.writeWithoutTransaction { db in
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() != "wal" {
                        try db.execute(sql: "PRAGMA journal_mode = WAL")
                    }
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 200 {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// Brings the file to the current schema. Two processes opening a new data folder at once (`health serve` and
    /// `health users add`) both find it empty and both try to create the tables; the one that loses sees its
    /// migration fail, waits for the winner's to commit, and goes on.
    private static func migrate(_ database: DatabaseQueue) throws {
        do {
            try migrator.migrate(database)
        } catch {
            for _ in 0..<50 {
                if try database.read({ try migrator.hasCompletedMigrations($0) }) { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw error
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE person (
                    id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
                    is_admin INTEGER NOT NULL, created_at REAL NOT NULL);
                CREATE TABLE app (
                    client_id TEXT PRIMARY KEY, name TEXT NOT NULL, redirect_uris TEXT NOT NULL,
                    share_usage TEXT, update_usage TEXT, clinical_usage TEXT, clinical_access INTEGER NOT NULL,
                    required_read_types TEXT NOT NULL, created_at REAL NOT NULL);
                CREATE TABLE token (
                    digest TEXT PRIMARY KEY, kind TEXT NOT NULL, person_id TEXT NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                    client_id TEXT, label TEXT NOT NULL, scope TEXT NOT NULL, created_at REAL NOT NULL, expires_at REAL);
                CREATE INDEX token_by_person ON token(person_id);
                CREATE TABLE authorization_code (
                    digest TEXT PRIMARY KEY, person_id TEXT NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                    client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, challenge TEXT NOT NULL, scope TEXT NOT NULL,
                    expires_at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("v2: guest authorizations") { db in
            try db.execute(sql: "ALTER TABLE authorization_code ADD COLUMN guest INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v3: access log") { db in
            try db.execute(sql: """
                CREATE TABLE access_log (
                    person_id TEXT NOT NULL REFERENCES person(id) ON DELETE CASCADE, client_id TEXT NOT NULL,
                    action TEXT NOT NULL, types TEXT NOT NULL, minute INTEGER NOT NULL, count INTEGER NOT NULL,
                    last_at REAL NOT NULL, PRIMARY KEY (person_id, minute, client_id, action, types)) WITHOUT ROWID;
                """)
        }
        return migrator
    }

    // MARK: People

    /// How many people have accounts.
    func personCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0 }
    }

    /// Adds a person; the first one is the administrator. Throws ``ServerError/conflict(_:)`` when the name is taken.
    func addPerson(name: String, passwordHash: String) throws -> Person {
        try database.write { db in
            if try Int.fetchOne(db, sql: "SELECT 1 FROM person WHERE name = ?", arguments: [name]) != nil {
                throw ServerError.conflict("an account named \"\(name)\" already exists")
            }
            let isAdmin = try Int.fetchOne(db, sql: "SELECT count(*) FROM person") == 0
            let person = Person(id: UUID().uuidString.lowercased(), name: name, isAdministrator: isAdmin)
            try db.execute(sql: "INSERT INTO person VALUES (?, ?, ?, ?, ?)",
                           arguments: [person.id, name, passwordHash, isAdmin, Date().timeIntervalSince1970])
            return person
        }
    }

    /// The person named `name` (any case) and their password hash.
    func person(named name: String) throws -> (person: Person, passwordHash: String)? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, is_admin, password_hash FROM person WHERE name = ?", arguments: [name]).map {
                (Person(id: $0["id"], name: $0["name"], isAdministrator: $0["is_admin"]), $0["password_hash"])
            }
        }
    }

    /// The person with `id`.
    func person(id: String) throws -> Person? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, is_admin FROM person WHERE id = ?", arguments: [id]).map {
                Person(id: $0["id"], name: $0["name"], isAdministrator: $0["is_admin"])
            }
        }
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, is_admin FROM person ORDER BY name").map {
                Person(id: $0["id"], name: $0["name"], isAdministrator: $0["is_admin"])
            }
        }
    }

    // MARK: Apps

    /// Registers an app. Throws ``ServerError/conflict(_:)`` when the client id is taken.
    func addApp(_ app: RegisteredApp) throws {
        try database.write { db in
            if try Int.fetchOne(db, sql: "SELECT 1 FROM app WHERE client_id = ?", arguments: [app.clientID]) != nil {
                throw ServerError.conflict("an app with client id \"\(app.clientID)\" is already registered")
            }
            try db.execute(sql: "INSERT INTO app VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
                app.clientID, app.name, app.redirectURIs.joined(separator: "\n"), app.shareUsageDescription,
                app.updateUsageDescription, app.clinicalUsageDescription, app.clinicalAccess,
                app.requiredReadTypes.joined(separator: ","), Date().timeIntervalSince1970,
            ])
        }
    }

    /// The app registered as `clientID`.
    func app(clientID: String) throws -> RegisteredApp? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM app WHERE client_id = ?", arguments: [clientID]).map(Self.app)
        }
    }

    /// Every registered app, by name.
    func apps() throws -> [RegisteredApp] {
        try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM app ORDER BY name").map(Self.app) }
    }

    private static func app(_ row: Row) -> RegisteredApp {
        let uris: String = row["redirect_uris"]
        let required: String = row["required_read_types"]
        return RegisteredApp(
            clientID: row["client_id"], name: row["name"], redirectURIs: uris.split(separator: "\n").map(String.init),
            shareUsageDescription: row["share_usage"], updateUsageDescription: row["update_usage"],
            clinicalUsageDescription: row["clinical_usage"], clinicalAccess: row["clinical_access"],
            requiredReadTypes: required.split(separator: ",").map(String.init))
    }

    // MARK: Tokens

    /// Stores a token's digest; `secret` itself is never stored.
    func addToken(secret: String, _ token: TokenGrant, label: String, expires: Date?) throws {
        try database.write { db in
            try db.execute(sql: "INSERT INTO token VALUES (?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
                TokenSecret.digest(secret), token.kind.rawValue, token.personID, token.clientID, label,
                token.scope.joined(separator: " "), Date().timeIntervalSince1970, expires?.timeIntervalSince1970,
            ])
        }
    }

    /// What `secret` grants, when it is a known token that has not expired (remembered in ``grants`` until the file
    /// changes, so a revocation counts from the next request).
    func token(secret: String, now: Date = Date()) throws -> TokenGrant? {
        let digest = TokenSecret.digest(secret)
        return try grants.grant(digest: digest, now: now) {
            try database.read { db -> (grant: TokenGrant, expires: Double?)? in
                let row = try Row.fetchOne(db, sql: "SELECT * FROM token WHERE digest = ?", arguments: [digest])
                guard let row, let kind = TokenGrant.Kind(rawValue: row["kind"]) else { return nil }
                let scope: String = row["scope"]
                let expires: Double? = row["expires_at"]
                return (TokenGrant(kind: kind, personID: row["person_id"], clientID: row["client_id"],
                                   scope: scope.split(separator: " ").map(String.init)), expires)
            }
        }
    }

    /// Takes the token of `kind` whose secret is `secret` (a single-use pass works once), when it has not expired.
    func takeToken(secret: String, kind: TokenGrant.Kind, now: Date = Date()) throws -> TokenGrant? {
        try database.write { db in
            let digest = TokenSecret.digest(secret)
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM token WHERE digest = ? AND kind = ?", arguments: [digest, kind.rawValue]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM token WHERE digest = ?", arguments: [digest])
            if let expires: Double = row["expires_at"], expires <= now.timeIntervalSince1970 { return nil }
            return TokenGrant(kind: kind, personID: row["person_id"], clientID: row["client_id"], scope: [])
        }
    }

    /// Removes the token whose secret is `secret` (signing out).
    func removeToken(secret: String) throws {
        try database.write { db in try db.execute(sql: "DELETE FROM token WHERE digest = ?", arguments: [TokenSecret.digest(secret)]) }
    }

    // MARK: Authorization codes

    /// Stores a one-time authorization code's digest.
    func addCode(secret: String, _ code: AuthorizationCode) throws {
        try database.write { db in
            try db.execute(sql: "INSERT INTO authorization_code VALUES (?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
                TokenSecret.digest(secret), code.personID, code.clientID, code.redirectURI, code.challenge,
                code.scope.joined(separator: " "), code.expires.timeIntervalSince1970, code.guest,
            ])
        }
    }

    /// Takes the code whose secret is `secret` (a code works once), when it has not expired.
    func takeCode(secret: String, now: Date = Date()) throws -> AuthorizationCode? {
        try database.write { db in
            let digest = TokenSecret.digest(secret)
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM authorization_code WHERE digest = ?", arguments: [digest]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM authorization_code WHERE digest = ? OR expires_at <= ?",
                           arguments: [digest, now.timeIntervalSince1970])
            let expires = Date(timeIntervalSince1970: row["expires_at"])
            guard expires > now else { return nil }
            let scope: String = row["scope"]
            return AuthorizationCode(personID: row["person_id"], clientID: row["client_id"], redirectURI: row["redirect_uri"],
                                     challenge: row["challenge"], scope: scope.split(separator: " ").map(String.init), expires: expires,
                                     guest: row["guest"])
        }
    }
}
