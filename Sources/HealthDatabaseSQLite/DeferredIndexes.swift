import GRDB
import HealthDatabase
import HealthLocking

/// The bulk mode's indexes built after the rows: a new store built by ``NewStoreFile`` drops the secondary indexes
/// nothing reads while an import writes (``names``) and creates them again, with the same SQL, once the rows are in
/// (``SQLiteHealthStorage/buildDeferredIndexes()``): SQLite then sorts each index's keys once instead of inserting
/// them into a B-tree row by row, and the writing thread, the import's busy one, does less for every row.
///
/// Kept while the rows are written, for the reads that happen then: the UUID index (the import's lookups of UUIDs
/// its Bloom filter may have seen, a duplicate UUID refused by the insert itself, a parent found by UUID), the sync
/// identifier index (records with a sync identifier and clinical records look their stored versions up by it) and
/// the parent index (a replaced record's children). The rest is read only by queries (date windows, sources, change
/// pages, metadata predicates, device properties), and first by the statistics summaries' install, which builds them before it reads.
enum DeferredIndexes {
    /// The indexes a new store builds after its rows, in the order the schema creates them.
    /// `device_property_value` too: an export naming a new device on every record (a local identifier per record)
    /// inserts seven properties per record into it at random places.
    static let names = ["sample_type", "sample_type_start", "sample_type_end", "sample_source", "field_num", "field_text",
                        "device_property_value"]

    /// Drops the indexes of ``names`` from the freshly migrated, empty store `db`, returning the SQL that creates
    /// them again (the schema's own statements, as `sqlite_master` keeps them), in their order.
    static func drop(_ db: Database) throws -> [String] {
        let rows = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN ("
            + names.map { "'\($0)'" }.joined(separator: ", ") + ")")
        let sql = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as String, $0[1] as String) })
        guard sql.count == names.count else {
            throw StorageError.unavailable("the new health database lacks the indexes \(names.filter { sql[$0] == nil })")
        }
        for name in names { try db.execute(sql: "DROP INDEX \(name)") }
        return names.map { sql[$0]! }
    }

    /// Creates the indexes `statements` (from ``drop(_:)``) in one transaction, with the page cache cut to
    /// ``buildCacheKiB`` meanwhile. SQLite sorts each index's keys in runs of the page cache's size and keeps the
    /// cache's pages beside them: with `health import`'s 16 MB the import peaked at the sort (up to 151 MB against the
    /// 150 MB bound); the runs spill to temporary files. A second sorting thread (`PRAGMA threads = 2`) held more runs
    /// at once: the peak rose from 131 to 145–158 MB, and on a loaded machine it cost more CPU than it saved time.
    static func build(_ statements: [String], _ db: Database) throws {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -\(buildCacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        try db.inTransaction {
            for statement in statements { try db.execute(sql: statement) }
            return .commit
        }
    }

    /// The page cache, in KiB, while the indexes are built (and so the size of the sorter's runs).
    static let buildCacheKiB = 4096
}

extension SQLiteHealthStorage {
    /// Builds the indexes a new store's build left for after its rows (``DeferredIndexes``), if any are left: called
    /// before anything reads along them (the statistics summaries' install) and when the build is finished.
    ///
    /// The statements are kept until they have all run: the install's failure is not the import's (its caller goes
    /// on), so the build's end calls this again, and an index a failure left behind (without a journal nothing is
    /// undone) makes that call fail on it, which ends the build.
    func buildDeferredIndexes() throws {
        let statements = deferredIndexes.current
        guard !statements.isEmpty else { return }
        // What the import's other threads freed (batches, route files read ahead) stays in their malloc arenas, out of
        // the sorter's reach: give it back first, or the peak holds both.
        ReleaseFreeMemory.now()
        try storageErrors { try writer.writeWithoutTransaction { db in try DeferredIndexes.build(statements, db) } }
        deferredIndexes.withLock { $0 = [] }
    }

    /// Drops the indexes of ``DeferredIndexes/names`` from this new, empty store, to be built after its rows.
    func deferIndexes() throws {
        let statements = try storageErrors { try writer.writeWithoutTransaction { db in try DeferredIndexes.drop(db) } }
        deferredIndexes.withLock { $0 = statements }
    }
}
