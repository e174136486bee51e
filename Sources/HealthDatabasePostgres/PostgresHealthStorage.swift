import Foundation
import HealthDatabase
import PostgresNIO

/// The storage contract on PostgreSQL: one person's store inside a database that holds every person's.
///
/// Open it through its database, which keeps one instance per person in a process:
/// ```swift
/// let storage = try PostgresHealthStorage.open(url: "postgres://app@db.example/health", owner: "alice")
/// ```
/// The owner is any string the caller identifies people by; the database maps it to an integer `owner_id`
/// (`owner_directory`) that leads every key of every table (docs/PostgreSQL.md). Every method is synchronous and
/// thread-safe: it blocks the calling thread (never an event loop) on a pooled connection. Each write is one
/// transaction; after it commits, the instance announces the newest position on ``changeFeed``, and other processes'
/// instances of the same person hear it by `LISTEN`/`NOTIFY`.
public final class PostgresHealthStorage: HealthStorage, @unchecked Sendable {
    /// The database the store lives in.
    public let database: PostgresHealthDatabase
    /// The person's id, as the caller gave it.
    public let owner: String
    /// The person's `owner_id` in every table.
    public let ownerID: Int64
    /// This store's commits (its own, and other processes' as the listener hears them).
    public let changeFeed = ChangeFeed()
    /// The layers above's per-store state.
    public let attachments = StorageAttachments()
    let identities: Identities

    init(database: PostgresHealthDatabase, owner: String, ownerID: Int64) {
        self.database = database
        self.owner = owner
        self.ownerID = ownerID
        identities = Identities(ownerID: ownerID)
    }

    /// The store of `owner` in the database at `url` (opened once per process, see
    /// ``PostgresHealthDatabase/shared(url:schema:)``), created empty on first use.
    public static func open(url: String, owner: String, schema: String = "public") throws -> PostgresHealthStorage {
        try PostgresHealthDatabase.shared(url: url, schema: schema).storage(owner: owner)
    }

    /// Runs `body` in a write transaction holding the owner's counter row (see ``WriteTransaction``), after `prepare`
    /// ran on the same connection outside it; after the commit, announces the newest position unless `announce` is
    /// false.
    func write<T>(_ what: String, announce: Bool = true, prepare: (Session) throws -> Void = { _ in },
                  _ body: (WriteTransaction) throws -> T) throws -> T {
        let (result, latest) = try database.run("\(what) for owner \(owner)") { session in
            try prepare(session)
            return try session.transaction {
                let transaction = try WriteTransaction(session: session, owner: ownerID)
                let result = try body(transaction)
                try transaction.finish(channel: database.channel, origin: database.origin)
                return (result, transaction.latest)
            }
        }
        if announce { changeFeed.announce(latest) }
        return result
    }

    /// Runs `body` on a pooled connection (each statement sees what was committed when it began).
    func read<T>(_ what: String, _ body: (Session) throws -> T) throws -> T {
        try database.run("\(what) for owner \(owner)", body)
    }

    /// See ``HealthStorage/save(_:associating:)``.
    public func save(_ records: [SampleRecord], associating association: SampleAssociation?) throws -> SaveOutcome {
        guard !records.isEmpty || !(association?.members.isEmpty ?? true) else { return SaveOutcome() }
        try TextCheck.check(records)
        return try write("saving records", prepare: { try self.identities.register(records, $0) }) { transaction in
            var outcome = try RecordWriter(identities: identities, transaction: transaction).save(records)
            if let association, !(association.parent.map(outcome.ignored.contains) ?? false) {
                outcome.associated = try RecordMover.move(association, transaction)
            }
            return outcome
        }
    }

    /// See ``HealthStorage/delete(uuids:source:)``.
    public func delete(uuids: [UUID], source: String?) throws -> [Tombstone] {
        guard !uuids.isEmpty else { return [] }
        return try write("deleting records") { transaction in
            var sql = SQL("SELECT uuid FROM sample WHERE owner_id = \(ownerID) AND uuid = ANY(?::uuid[])", [.uuids(uuids)])
            if let source {
                sql = sql + SQL(" AND source_id IN (SELECT id FROM source WHERE owner_id = \(ownerID) AND bundle_id = ?::text)", [.text(source)])
            }
            let found = Set(try transaction.session.rows(sql).map { try $0.decode(UUID.self) })
            var seen: Set<UUID> = []
            let roots = uuids.filter { found.contains($0) && seen.insert($0).inserted }
            return try ChangeLog.delete(roots, transaction)
        }
    }

    /// See ``HealthStorage/delete(matching:)``.
    public func delete(matching filter: SampleFilter) throws -> [Tombstone] {
        try write("deleting records") { transaction in
            let condition = try FilterSQL(for: filter, identities, transaction.session).samples(filter)
            let rows = try transaction.session.rows(SQL("SELECT s.uuid FROM sample s WHERE s.owner_id = \(ownerID) AND (")
                                                    + condition + SQL(") ORDER BY s.change_seq"))
            return try ChangeLog.delete(rows.map { try $0.decode(UUID.self) }, transaction)
        }
    }

    /// See ``HealthStorage/records(matching:sort:limit:includePayload:)``.
    public func records(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, includePayload: Bool) throws -> [SampleRecord] {
        try read("reading records") { session in
            let compiler = try FilterSQL(for: filter, identities, session)
            let query = SampleQuery.select(owner: ownerID, filter, compiler, sort: sort, limit: limit, includePayload: includePayload)
            return try RecordReader(identities: identities, session: session).records(session.rows(query))
        }
    }

    /// See ``HealthStorage/count(matching:)``.
    public func count(matching filter: SampleFilter) throws -> Int {
        try read("counting records") { session in
            let condition = try FilterSQL(for: filter, identities, session).samples(filter)
            let rows = try session.rows(SQL("SELECT count(*) FROM sample s WHERE s.owner_id = \(ownerID) AND (") + condition + SQL(")"))
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }
    }

    /// See ``HealthStorage/changes(after:through:matching:limit:)``.
    public func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?) throws -> ChangeBatch {
        try read("reading changes") { session in
            try ChangeLog.changes(after: after, through: through, matching: filter, limit: limit,
                                  reader: RecordReader(identities: identities, session: session))
        }
    }

    /// See ``HealthStorage/latestChangePosition()``.
    public func latestChangePosition() throws -> Int64 {
        try read("reading the latest change position") { session in
            try session.rows(SQL("SELECT last_change FROM owner_state WHERE owner_id = \(ownerID)")).first?.decode(Int64.self) ?? 0
        }
    }

    /// See ``HealthStorage/sources(matching:)``.
    public func sources(matching filter: SampleFilter) throws -> [SourceRecord] {
        try read("reading sources") { session in
            let condition = try FilterSQL(for: filter, identities, session).samples(filter)
            let rows = try session.rows(SampleQuery.sources(owner: ownerID, condition))
            let ids = try rows.map { try $0.decode(Int64.self) }
            try identities.load(sources: Set(ids), devices: [], session)
            return try ids.map(identities.source)
        }
    }

    /// See ``HealthStorage/setting(_:)``.
    public func setting(_ key: String) throws -> String? {
        try read("reading a setting") { session in try SettingsAndGrants.setting(key, owner: ownerID, session) }
    }

    /// See ``HealthStorage/setSetting(_:to:)``.
    public func setSetting(_ key: String, to value: String?) throws {
        try TextCheck.check(key, "the setting key \(key)")
        try TextCheck.check(value, "the value of setting \(key)")
        try write("changing a setting") { transaction in try SettingsAndGrants.setSetting(key, to: value, transaction) }
    }

    /// See ``HealthStorage/grants(for:)``.
    public func grants(for app: String?) throws -> [AuthorizationGrant] {
        try read("reading grants") { session in try SettingsAndGrants.grants(for: app, owner: ownerID, session) }
    }

    /// See ``HealthStorage/setGrants(_:)``.
    public func setGrants(_ grants: [AuthorizationGrant]) throws {
        for grant in grants { try TextCheck.check(grant.app + grant.type, "the grant of \(grant.app) for \(grant.type)") }
        try write("recording grants") { transaction in try SettingsAndGrants.setGrants(grants, transaction) }
    }

    /// See ``HealthStorage/removeGrants(for:types:)``.
    public func removeGrants(for app: String, types: Set<String>?) throws {
        try write("removing grants") { transaction in try SettingsAndGrants.removeGrants(for: app, types: types, transaction) }
    }
}
