import Foundation
import HealthDatabase
import HealthLocking
import PostgresNIO

/// One PostgreSQL database holding every person's store: its connection pool, its schema (migrated on open), the
/// one change listener of this process for it, and the open store of each person (``storage(owner:)``).
///
/// Open it once per process and database (``shared(url:schema:)``); every ``PostgresHealthStorage`` opened through it
/// shares the pool and hears, through the listener, the commits other processes make to its person's store.
public final class PostgresHealthDatabase: @unchecked Sendable {
    /// Where the database is (without password).
    public let location: PostgresLocation
    /// The PostgreSQL schema the tables live in (`public` by default).
    public let schema: String
    /// A random token in every notification this object sends, so the listener skips its own commits (already
    /// announced by the committing instance); its listening connection's `application_name` is `ohk-listener-ORIGIN`.
    package let origin = String(UUID().uuidString.prefix(8)).lowercased()
    let pool: ConnectionPool
    private var listener: ChangeListener?
    /// The stores open in this process, by owner id, held weakly.
    private let open = Locked<[Int64: WeakStorage]>([:])

    /// Connects to the database at `url`, creates or migrates the schema, and starts listening for other processes'
    /// commits.
    ///
    /// - Parameters:
    ///   - url: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (see ``PostgresLocation``).
    ///   - schema: The PostgreSQL schema for the tables; created when missing.
    ///   - maxConnections: The most connections the pool opens (the listener has one more).
    /// - Throws: ``StorageError/unavailable(_:)`` naming the database when it cannot be reached or migrated;
    ///   ``StorageError/unsupportedSchema(found:supported:)`` when a newer OpenHealthKit migrated it.
    public init(url: String, schema: String = "public", maxConnections: Int = 8) throws {
        location = try PostgresLocation(url: url)
        self.schema = schema
        pool = ConnectionPool(location: location, setup: ["SET search_path TO \(Schema.quoted(schema))", Self.noJIT], limit: maxConnections)
        do {
            try pool.withSession { try Schema.migrate($0, schema: schema) }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable("cannot prepare the health database \(location) (schema \(schema)): \(PostgresFailure.describe(error))")
        }
        listener = try ChangeListener(database: self)
    }

    deinit { listener?.stop() }

    /// Every statement of the engine reads or writes one person's rows along an index; PostgreSQL's JIT compiler, which
    /// it starts when a plan's estimated cost passes `jit_above_cost`, spent 30 to 60 ms compiling such reads and saved
    /// nothing. Among many people the estimates pass it for a few thousand rows: each person's dates repeat the
    /// others', so the dates' correlation with the table's order is near 0 and every index read is costed as random.
    static let noJIT = "SET jit = off"

    /// The database at `url` as this process has it open, opening it on first use; the same object for the same URL
    /// and schema while anyone holds it.
    public static func shared(url: String, schema: String = "public") throws -> PostgresHealthDatabase {
        let key = "\(schema)\u{1F}\(url)"
        return try SharedDatabases.open.withLock { databases in
            if let open = databases[key]?.database { return open }
            let database = try PostgresHealthDatabase(url: url, schema: schema)
            databases = databases.filter { $0.value.database != nil }
            databases[key] = SharedDatabases.Entry(database: database)
            return database
        }
    }

    /// The store of the person `owner` (any string the caller identifies people by: a user id, an email address),
    /// created empty on first use. One instance per person while anyone holds it, so its change feed and the
    /// state the layers above attach to it are shared.
    public func storage(owner: String) throws -> PostgresHealthStorage {
        try TextCheck.check(owner, "the owner name \(owner.debugDescription)")
        let ownerID = try run("opening the store of \(owner)") { session in try OwnerDirectory.ownerID(of: owner, session) }
        return open.withLock { open in
            if let existing = open[ownerID]?.storage { return existing }
            let storage = PostgresHealthStorage(database: self, owner: owner, ownerID: ownerID)
            open = open.filter { $0.value.storage != nil }
            open[ownerID] = WeakStorage(storage: storage)
            return storage
        }
    }

    /// The open store of owner id `ownerID` in this process, if any (the listener announces to it).
    func openStorage(_ ownerID: Int64) -> PostgresHealthStorage? {
        open.withLock { $0[ownerID]?.storage }
    }

    /// Announces every open store's latest position on its feed (the listener missed notifications while away).
    func announceLatestPositions() {
        let stores = open.withLock { $0.values.compactMap(\.storage) }
        for store in stores {
            if let latest = try? store.latestChangePosition() { store.changeFeed.announce(latest) }
        }
    }

    /// The channel commits are announced on (one per schema).
    var channel: String { "ohk_changes:" + schema }

    /// Runs `body` on a pooled connection, turning failures into ``StorageError/unavailable(_:)`` saying `what` failed.
    func run<T>(_ what: @autoclosure () -> String, _ body: (Session) throws -> T) throws -> T {
        do {
            return try pool.withSession(body)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable("\(what()) in \(location) failed: \(PostgresFailure.describe(error))")
        }
    }

    private struct WeakStorage {
        weak var storage: PostgresHealthStorage?
    }
}

/// The databases this process has open through ``PostgresHealthDatabase/shared(url:schema:)``, held weakly.
private enum SharedDatabases {
    struct Entry {
        weak var database: PostgresHealthDatabase?
    }

    static let open = Locked<[String: Entry]>([:])
}

/// `owner_directory` (a person's name → owner id, a reference table) and `owner_state` (the person's change counter
/// row, distributed): both made on a person's first use.
enum OwnerDirectory {
    /// The owner id of `name`, registering the person (and their counter row) when new.
    static func ownerID(of name: String, _ session: Session) throws -> Int64 {
        try session.execute(SQL("""
            INSERT INTO owner_directory (name, owner_id) SELECT ?, nextval('owner_ids')
            WHERE NOT EXISTS (SELECT 1 FROM owner_directory WHERE name = ?) ON CONFLICT (name) DO NOTHING
            """, [.text(name), .text(name)]))
        guard let id = try session.rows(SQL("SELECT owner_id FROM owner_directory WHERE name = ?", [.text(name)])).first?
            .decode(Int64.self) else {
            throw StorageError.unavailable("the owner \(name) could not be registered")
        }
        try session.execute(SQL("INSERT INTO owner_state (owner_id) VALUES (?) ON CONFLICT (owner_id) DO NOTHING", [.int(id)]))
        return id
    }
}
