public import Foundation
import GRDB
import HealthLocking
public import HealthDatabase

/// The storage contract on SQLite, through GRDB: one database file (or memory) is one person's store.
///
/// A file store is a GRDB `DatabasePool` in WAL mode, so readers run while a writer writes; several
/// instances (in this process or others) may open the same file. Foreign keys are on; the schema is
/// migrated on open (see `Schema`). Every method is synchronous and thread-safe.
public final class SQLiteHealthStorage: HealthStorage {
    let writer: any DatabaseWriter   // internal: SlotSums.swift reads and installs the statistics summaries
    let identities = IdentityCache()   // internal: SlotSums.swift maps type names and ids
    /// The record selects built lately, for reads that repeat.
    private let selects = SelectMemo()
    /// The summaries totalled since ``collectSlotSums()`` (SlotSums.swift), fed by every save while collecting.
    let slotSumTotals = Locked<SlotSumTotals?>(nil)
    /// The SQL of the indexes a new store's build creates after its rows (``DeferredIndexes``); empty once built.
    let deferredIndexes = Locked<[String]>([])
    /// Where the store lives: a file path, or `":memory:"`.
    public let path: String
    /// This instance's commits, announced after each write transaction commits.
    public let changeFeed = ChangeFeed()
    /// The layers above's per-store state.
    public let attachments = StorageAttachments()
    /// A file store opened for writing: checkpoints off the writer's path (``checkpointInBackground()``).
    let backgroundCheckpoint: BackgroundCheckpoint?   // internal: tests wait for it
    /// A file store's read-only connection for its record reads (``RecordReadConnection``); nil in memory or for a
    /// file read as immutable.
    let recordReads: RecordReadConnection?   // internal: tests watch it open and close

    /// Opens (creating it and its parent folders when needed) the store at `path`.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` naming the path when it cannot be created or opened;
    ///   ``StorageError/unsupportedSchema(found:supported:)`` when a newer OpenHealthKit wrote it.
    public init(path: String) throws {
        self.path = path
        backgroundCheckpoint = BackgroundCheckpoint(path: path)
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            writer = try DatabasePool(path: path, configuration: Self.configuration)
        } catch {
            throw StorageError.unavailable("cannot open the health database at \(path): \(Self.reason(error))")
        }
        try Self.migrate(writer, path: path)
        recordReads = RecordReadConnection(path: path, configuration: writer.configuration)
    }

    /// Opens the existing store at `path` for reading only: nothing is created (no file, folder or journal the
    /// file does not already have), migrated or written, so a store on read-only media or owned by someone else
    /// reads fully, and statistics fall back to the samples when the store has no summaries yet.
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` naming the path when there is no file there, it is no health
    ///   database, it cannot be read, or an older OpenHealthKit wrote it (opening it once for writing upgrades it);
    ///   ``StorageError/unsupportedSchema(found:supported:)`` when a newer OpenHealthKit wrote it.
    public init(readingAt path: String) throws {
        self.path = path
        backgroundCheckpoint = nil
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw StorageError.unavailable("there is no health database at \(path)")
        }
        var configuration = Self.configuration
        configuration.readonly = true
        let version = { (writer: any DatabaseWriter) in try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 } }
        let found: Int
        // Without a write-ahead log no connection has the file open (SQLite removes the log when the last one closes
        // it cleanly): read it as immutable, which creates no journal or shared-memory file. With a log, read through
        // it; when that fails (a folder this process cannot write, no shared-memory file), an empty log still allows
        // the immutable read, which is then exact.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        do {
            guard walSize != nil else { throw StorageError.unavailable("no write-ahead log") }
            let pool = try DatabasePool(path: path, configuration: configuration)
            found = try version(pool)
            writer = pool
            recordReads = RecordReadConnection(path: path, configuration: configuration)
        } catch {
            let wal = walSize ?? 0
            guard wal == 0, let immutable = try? DatabaseQueue(path: Self.immutableURI(path), configuration: configuration),
                  let readable = try? version(immutable) else {
                let reason = wal > 0 ? "its latest changes are in \(path)-wal, which cannot be read without write access to the folder"
                    : Self.reason(error)
                throw StorageError.unavailable("cannot read the health database at \(path): \(reason)")
            }
            found = readable
            writer = immutable
            recordReads = nil
        }
        guard found <= Schema.version else { throw StorageError.unsupportedSchema(found: found, supported: Schema.version) }
        guard found > 0 else { throw StorageError.unavailable("\(path) is not a health database") }
        guard found == Schema.version else {
            throw StorageError.unavailable("the health database at \(path) was written by an older OpenHealthKit; "
                + "open it once for writing (for example with `health add` or `health import`) to upgrade it")
        }
    }

    /// `file:PATH?immutable=1`, the path made absolute and percent-encoded where a URI needs it.
    private static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// A store in memory, empty, gone when the instance is released: for tests and ephemeral stores.
    public static func inMemory() throws -> SQLiteHealthStorage {
        try SQLiteHealthStorage(memory: ())
    }

    private init(memory: Void) throws {
        path = ":memory:"
        backgroundCheckpoint = nil
        recordReads = nil
        do {
            writer = try DatabaseQueue(configuration: Self.configuration)
        } catch {
            throw StorageError.unavailable("cannot create an in-memory health database: \(Self.reason(error))")
        }
        try Self.migrate(writer, path: path)
    }

    /// A new store built in the file `file` without a journal (``NewStoreFile``), its messages naming `path`.
    init(building file: String, shownAs path: String, configuration: Configuration) throws {
        self.path = path
        backgroundCheckpoint = nil
        recordReads = nil
        do {
            writer = try DatabaseQueue(path: file, configuration: configuration)
        } catch {
            throw StorageError.unavailable("cannot create the health database at \(path): \(Self.reason(error))")
        }
        try Self.migrate(writer, path: path)
    }

    /// The size, in bytes, the WAL file is truncated to after a checkpoint resets it.
    static let walSizeLimit = 64 << 20

    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.label = "OpenHealthKit"
        configuration.prepareDatabase { db in
            // Durability: WAL with synchronous=NORMAL never corrupts the file. A commit is durable against a crash
            // of the process (it is in the WAL, which the OS holds); a power cut or OS crash may lose the commits
            // since the last checkpoint's sync, never part of one. See BENCHMARKS.md.
            // The writer's 64 MB page cache keeps the UUID and date indexes of large stores in memory while inserting.
            // Checkpointing every 10,000 WAL pages (~40 MB) instead of SQLite's 1,000 writes hot index pages to the
            // file less often: 1,000,000 inserts in 10,000-row transactions took 27% less time in plain SQLite here.
            // A large transaction (a migration, a big save) grows the WAL file, and SQLite reuses it without
            // shrinking it: the journal size limit truncates it back to 64 MB when it is next reset.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if !db.configuration.readonly {
                try db.execute(sql: "PRAGMA cache_size = -65536")
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
                try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
            }
        }
        return configuration
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        do {
            try Schema.prepare(writer)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable("cannot prepare the health database at \(path): \(reason(error))")
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return (error as NSError).localizedDescription
    }

    private var reader: RecordReader { RecordReader(identities: identities) }

    /// Runs `body` in an immediate write transaction; ids it creates reach the cache only after commit.
    /// After the commit it announces the newest change position on ``changeFeed``.
    private func write<T>(_ body: (Database, inout Int64, inout IdentityCache.Pending) throws -> T) throws -> T {
        var pending = IdentityCache.Pending()
        let (result, latest): (T, Int64) = try storageErrors {
            try writer.writeWithoutTransaction { db in
                var result: T?
                var next: Int64 = 0
                do {
                    try db.inTransaction(.immediate) {
                        next = try ChangeLog.nextPosition(db)
                        result = try body(db, &next, &pending)
                        return .commit
                    }
                } catch {
                    slotSumTotals.current?.invalidate()   // they may hold rows the rollback undid
                    throw error
                }
                return (result!, next - 1)
            }
        }
        identities.publish(pending)
        changeFeed.announce(latest)
        backgroundCheckpoint?.afterCommit()
        return result
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try storageErrors { try writer.read(body) }
    }

    /// A read outside any transaction (`body` opens one when it needs it): on ``recordReads`` (only the read's own
    /// statements, no `PRAGMA schema_version` before them), else on a pool reader. Nothing in `body` may use GRDB's
    /// schema introspection.
    private func recordRead<T>(_ body: (Database) throws -> T) throws -> T {
        guard let recordReads else { return try writer.unsafeRead(body) }
        return try recordReads.read(body, otherwise: writer)
    }

    func storageErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable("the health database at \(path) failed: \(Self.reason(error))")
        }
    }

    /// Sets the writer connection's page cache to `megabytes` (64 when the store opens). A bulk import of
    /// time-ordered records needs little: `health import` uses 16 MB, which took its peak memory on a
    /// 1,000,000-record export from 147 MB to 89 MB at the same speed. Stores saving random UUIDs into millions of
    /// rows want the default.
    public func setWriterCacheSize(megabytes: Int) throws {
        try storageErrors {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = \(-max(1, megabytes) * 1024)") }
        }
    }

    /// Copies the write-ahead log into the database file and empties it, so the file alone holds every commit
    /// (a copy of just `health.sqlite` is then the whole store). Best done after a bulk write; waits for readers.
    public func checkpoint() throws {
        try storageErrors {
            try writer.writeWithoutTransaction { db in _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// Starts copying the write-ahead log into the file on a connection and thread of its own (a passive checkpoint),
    /// while this store's writer goes on; nothing when one is already running, or for a store in memory or read only.
    public func checkpointInBackground() {
        backgroundCheckpoint?.start()
    }

    /// Whether each commit from now on starts a ``checkpointInBackground()``: for a long series of small write
    /// transactions between waits, such as a provider sync storing page after page. The writer's automatic
    /// checkpoint (at 10,000 log pages) and the one when the store closes then have only the last commits left to
    /// copy, so they block the writing and the exit less. Durability is unchanged: the store's close still
    /// checkpoints what is left, after waiting for a running background checkpoint.
    public func setBackgroundCheckpoints(_ on: Bool) {
        backgroundCheckpoint?.setEveryCommit(on)
    }

    deinit {
        recordReads?.close()
        backgroundCheckpoint?.close()
    }

    /// See ``HealthStorage/save(_:associating:)``.
    public func save(_ records: [SampleRecord], associating association: SampleAssociation?) throws -> SaveOutcome {
        guard !records.isEmpty || !(association?.members.isEmpty ?? true) else { return SaveOutcome() }
        let totals = slotSumTotals.current
        let writer = RecordWriter(identities: identities, totals: totals)
        return try write { db, next, pending in
            if association != nil { totals?.invalidate() }   // moved rows take new positions
            var outcome = try writer.save(records, db, next: &next, pending: &pending)
            if let association, !(association.parent.map(outcome.ignored.contains) ?? false) {
                outcome.associated = try RecordMover.move(association, db, next: &next)
            }
            return outcome
        }
    }

    /// See ``HealthStorage/delete(uuids:source:)``.
    public func delete(uuids: [UUID], source: String?) throws -> [Tombstone] {
        guard !uuids.isEmpty else { return [] }
        return try write { db, next, _ in
            slotSumTotals.current?.invalidate()
            try ChangeLog.prepareDoomed(db)
            let sql = "INSERT OR IGNORE INTO doomed (id) SELECT s.id FROM sample s WHERE s.uuid = ?"
                + (source == nil ? "" : " AND s.source_id IN (SELECT id FROM source WHERE bundle_id = ?)")
            let statement = try db.cachedStatement(sql: sql)
            for uuid in uuids {
                try statement.execute(arguments: source.map { [uuid, $0] } ?? [uuid])
            }
            return try ChangeLog.deleteDoomed(db, next: &next)
        }
    }

    /// See ``HealthStorage/delete(matching:)``.
    public func delete(matching filter: SampleFilter) throws -> [Tombstone] {
        try write { db, next, _ in
            slotSumTotals.current?.invalidate()
            let condition = try FilterSQL.samples(filter, identities, db)
            try ChangeLog.prepareDoomed(db)
            try db.execute(sql: "INSERT INTO doomed (id) SELECT s.id FROM sample s WHERE \(condition.sql) ORDER BY s.id",
                           arguments: condition.arguments)
            return try ChangeLog.deleteDoomed(db, next: &next)
        }
    }

    /// See ``HealthStorage/records(matching:sort:limit:includePayload:)``: one transaction (the fields are read after
    /// the select), on a file store's record-read connection (``RecordReadConnection``) when it is free.
    public func records(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, includePayload: Bool) throws -> [SampleRecord] {
        try storageErrors { try recordRead { db in try db.inSnapshot {
            let query = try selects.select(filter, FilterSQL(for: filter, identities, db), sort: sort, limit: limit,
                                               parts: includePayload ? .all : RecordParts.all.subtracting(.payload))
            return try reader.records(db, sql: query.sql, arguments: query.arguments)
        } } }
    }

    /// See ``HealthStorage/forEachRecord(matching:sort:limit:parts:_:)``: one record value rewritten row after
    /// row (``RecordReader/forEach(_:sql:arguments:parts:_:)``), the columns of the parts not in `parts` neither
    /// selected nor decoded (nor the parent joined); what `body` throws comes out as it was thrown. No
    /// `BEGIN`/`COMMIT` around it: the select holds its snapshot while the fields and any source or device not yet
    /// cached are read beside it, so the read is as consistent as ``records(matching:sort:limit:includePayload:)``'s.
    /// A file store reads on its record-read connection (``RecordReadConnection``) when it is free.
    public func forEachRecord(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, parts: RecordParts,
                              _ body: (SampleRecord) throws -> Void) throws {
        var bodyError: (any Error)?
        do {
            try storageErrors { try recordRead { db in
                let query = try selects.select(filter, FilterSQL(for: filter, identities, db), sort: sort, limit: limit,
                                                   parts: parts)
                try reader.forEach(db, sql: query.sql, arguments: query.arguments, parts: parts) { record in
                    do { try body(record) } catch { bodyError = error; throw error }
                }
            } }
        } catch {
            throw bodyError ?? error
        }
    }

    /// See ``HealthStorage/recordsBeforeWriting(matching:)``: on the writer connection, between its transactions.
    public func recordsBeforeWriting(matching filter: SampleFilter) throws -> [SampleRecord] {
        try storageErrors {
            try writer.writeWithoutTransaction { db in
                let query = try SampleQuery.select(filter, FilterSQL(for: filter, identities, db), sort: [], limit: nil)
                return try reader.records(db, sql: query.sql, arguments: query.arguments)
            }
        }
    }

    /// See ``HealthStorage/count(matching:)``.
    public func count(matching filter: SampleFilter) throws -> Int {
        try read { db in
            let condition = try FilterSQL.samples(filter, identities, db)
            return try Int.fetchOne(db.filterStatement(sql: "SELECT count(*) FROM sample s WHERE \(condition.sql)"),
                             arguments: condition.arguments) ?? 0
        }
    }

    /// See ``HealthStorage/changes(after:through:matching:limit:)``.
    public func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?) throws -> ChangeBatch {
        try read { db in try ChangeLog.changes(after: after, through: through, matching: filter, limit: limit, reader: reader, db) }
    }

    /// See ``HealthStorage/latestChangePosition()``.
    public func latestChangePosition() throws -> Int64 {
        try read(ChangeLog.latestPosition)
    }

    /// See ``HealthStorage/sources(matching:)``.
    public func sources(matching filter: SampleFilter) throws -> [SourceRecord] {
        try read { db in
            let query = try SampleQuery.sources(FilterSQL.samples(filter, identities, db))
            return try Int64.fetchAll(db.filterStatement(sql: query.sql), arguments: query.arguments)
                .map { try identities.source($0, db) }
        }
    }

    /// See ``HealthStorage/setting(_:)``.
    public func setting(_ key: String) throws -> String? {
        try read { db in try Settings.get(key, db) }
    }

    /// See ``HealthStorage/setSetting(_:to:)``.
    public func setSetting(_ key: String, to value: String?) throws {
        try write { db, _, _ in try Settings.set(key, to: value, db) }
    }

    /// See ``HealthStorage/grants(for:)``.
    public func grants(for app: String?) throws -> [AuthorizationGrant] {
        try read { db in try Grants.get(for: app, db) }
    }

    /// See ``HealthStorage/setGrants(_:)``.
    public func setGrants(_ grants: [AuthorizationGrant]) throws {
        try write { db, _, _ in try Grants.set(grants, db) }
    }

    /// See ``HealthStorage/removeGrants(for:types:)``.
    public func removeGrants(for app: String, types: Set<String>?) throws {
        try write { db, _, _ in try Grants.remove(for: app, types: types, db) }
    }
}
