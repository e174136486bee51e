import Foundation
import GRDB
import HealthLocking
public import HealthDatabase

/// The statistics summaries (``SlotSumStorage``) on SQLite, kept by triggers in the transaction of every write.
///
/// - `stat_slot (type, slot, source_id, device_id, total, n)`: per type (an `object_type` id), 15-minute UTC slot,
///   source revision and device (0 for none), the sum and count of the quantity samples wholly inside the slot.
/// - `stat_raw (sample_id, type, start, end)`: quantity samples that cross a slot edge or carry
///   `HKWasUserEntered = 1`; statistics read those samples themselves.
/// - `stat_deleted (seq, type, first_slot, last_slot)`: the slots of deleted quantity samples, so an in-memory
///   cache can tell which slots a deletion touched (tombstones carry no dates).
///
/// Triggers: inserting a quantity sample adds it to its slot or lists it as raw; inserting its `HKWasUserEntered`
/// field moves it from its slot to raw; deleting it (directly or by cascade) takes it out and records the slots.
/// Sample rows are never updated in their type, dates, quantity or source, so no update trigger is needed.
///
/// The tables and triggers are installed on first use (``SlotSumStorage/prepareSlotSums()``), in one transaction
/// that also summarises the samples already stored (or, after an import into an empty store, writes the totals kept
/// while its rows were written: ``SlotSumTotals``), so stores that never compute statistics pay nothing on writes;
/// once installed, every writer (any process) keeps them. ``uninstall(_:)`` drops them (the v2 migration does, since
/// version 1 keyed them by type name); the next statistics query installs them again. SlotSums installed before
/// `stat_slot` had its `device_id` are dropped and installed again the same way, in the same transaction
/// (``isCurrent(_:)``).
enum SlotSums {
    /// The slot length in seconds.
    static let slotSeconds = 900.0

    /// The field whose value 1 (`HKWasUserEntered = 1`) moves a sample from its slot to the raw samples.
    static let userEnteredKey = "HKWasUserEntered"

    /// 1 when the `sample` row `alias` carries `HKWasUserEntered = 1`, else 0: `field` is sought only for rows that have
    /// fields (`has_fields`), so a read of many samples without any pays no seek for them.
    static func userEntered(_ alias: String) -> String {
        """
        CASE WHEN \(alias).has_fields THEN EXISTS (SELECT 1 FROM field f WHERE f.sample_id = \(alias).id \
        AND f.key = '\(userEnteredKey)' AND f.num = 1) ELSE 0 END
        """
    }

    /// `sample.kind` of quantity samples, the only ones summarised.
    private static let quantityKind = RecordKind.quantity.code

    /// `floor(x / 900)` in SQL without the math extension (CAST truncates toward zero).
    private static func slot(_ x: String) -> String {
        "(CAST(\(x) / 900 AS INTEGER) - (\(x) < CAST(\(x) / 900 AS INTEGER) * 900))"
    }

    /// Whether the sample `row` (NEW or OLD) lies wholly inside the slot of its start.
    private static func inside(_ row: String) -> String {
        "\(row).end <= (\(slot("\(row).start")) + 1) * 900"
    }

    /// Whether the summaries are installed in their current layout (a `stat_slot` with a `device_id`).
    static func isCurrent(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('stat_slot') WHERE name = 'device_id')") ?? false
    }

    /// Creates the tables and triggers and summarises the samples already stored, unless they exist in the current
    /// layout; summaries of an earlier layout are dropped first. With `totals` that describe the store
    /// (``SlotSumTotals/describes(_:)``) the summaries are those totals instead of a read of every sample: the same rows.
    static func install(_ db: Database, totals: SlotSumTotals? = nil) throws {
        guard try !isCurrent(db) else { return }
        try uninstall(db)
        try db.execute(sql: tables)
        if let totals, try totals.describes(db) { try totals.insert(db) } else { try db.execute(sql: summariseStored) }
        try db.execute(sql: triggers)
    }

    /// The summaries' tables.
    private static let tables = """
            CREATE TABLE stat_slot (
                type INTEGER NOT NULL, slot INTEGER NOT NULL, source_id INTEGER NOT NULL, device_id INTEGER NOT NULL,
                total REAL NOT NULL, n INTEGER NOT NULL,
                PRIMARY KEY (type, slot, source_id, device_id)
            ) WITHOUT ROWID;
            CREATE TABLE stat_raw (sample_id INTEGER PRIMARY KEY, type INTEGER NOT NULL, start REAL NOT NULL, end REAL NOT NULL);
            CREATE INDEX stat_raw_type ON stat_raw(type);
            CREATE TABLE stat_deleted (seq INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER NOT NULL,
                                       first_slot INTEGER NOT NULL, last_slot INTEGER NOT NULL);
            """

    /// The summaries of the samples stored, read from them.
    private static let summariseStored = """
            INSERT INTO stat_raw (sample_id, type, start, end)
                SELECT s.id, s.type, s.start, s.end FROM sample s WHERE s.kind = \(quantityKind) AND (NOT (\(inside("s")))
                    OR \(userEntered("s")));
            INSERT INTO stat_slot (type, slot, source_id, device_id, total, n)
                SELECT s.type, \(slot("s.start")), s.source_id, COALESCE(s.device_id, 0), sum(COALESCE(s.quantity, 0)), count(*)
                FROM sample s WHERE s.kind = \(quantityKind) AND NOT EXISTS (SELECT 1 FROM stat_raw r WHERE r.sample_id = s.id)
                GROUP BY 1, 2, 3, 4;
            """

    /// The triggers that keep the summaries in every write transaction from now on.
    private static let triggers = """
            CREATE TRIGGER stat_sample_insert AFTER INSERT ON sample WHEN NEW.kind = \(quantityKind) BEGIN
                INSERT INTO stat_slot (type, slot, source_id, device_id, total, n)
                    SELECT NEW.type, \(slot("NEW.start")), NEW.source_id, COALESCE(NEW.device_id, 0), COALESCE(NEW.quantity, 0), 1
                    WHERE \(inside("NEW"))
                    ON CONFLICT (type, slot, source_id, device_id) DO UPDATE SET total = total + excluded.total, n = n + 1;
                INSERT INTO stat_raw (sample_id, type, start, end)
                    SELECT NEW.id, NEW.type, NEW.start, NEW.end WHERE NOT (\(inside("NEW")));
            END;

            CREATE TRIGGER stat_user_entered AFTER INSERT ON field
            WHEN NEW.key = '\(userEnteredKey)' AND NEW.num = 1 BEGIN
                UPDATE stat_slot SET total = total - (SELECT COALESCE(quantity, 0) FROM sample WHERE id = NEW.sample_id), n = n - 1
                    WHERE (type, slot, source_id, device_id) = (SELECT type, \(slot("start")), source_id, COALESCE(device_id, 0)
                                                                FROM sample WHERE id = NEW.sample_id AND kind = \(quantityKind))
                    AND NOT EXISTS (SELECT 1 FROM stat_raw WHERE sample_id = NEW.sample_id);
                DELETE FROM stat_slot WHERE n <= 0
                    AND (type, slot, source_id, device_id) = (SELECT type, \(slot("start")), source_id, COALESCE(device_id, 0)
                                                              FROM sample WHERE id = NEW.sample_id);
                INSERT OR IGNORE INTO stat_raw (sample_id, type, start, end)
                    SELECT id, type, start, end FROM sample WHERE id = NEW.sample_id AND kind = \(quantityKind);
            END;

            CREATE TRIGGER stat_sample_delete AFTER DELETE ON sample WHEN OLD.kind = \(quantityKind) BEGIN
                UPDATE stat_slot SET total = total - COALESCE(OLD.quantity, 0), n = n - 1
                    WHERE type = OLD.type AND slot = \(slot("OLD.start")) AND source_id = OLD.source_id
                    AND device_id = COALESCE(OLD.device_id, 0) AND NOT EXISTS (SELECT 1 FROM stat_raw WHERE sample_id = OLD.id);
                DELETE FROM stat_slot WHERE type = OLD.type AND slot = \(slot("OLD.start")) AND source_id = OLD.source_id
                    AND device_id = COALESCE(OLD.device_id, 0) AND n <= 0;
                DELETE FROM stat_raw WHERE sample_id = OLD.id;
                INSERT INTO stat_deleted (type, first_slot, last_slot) VALUES (OLD.type, \(slot("OLD.start")), \(slot("OLD.end")));
            END;
            """

    /// Drops the tables and triggers, if installed.
    static func uninstall(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS stat_sample_insert;
            DROP TRIGGER IF EXISTS stat_user_entered;
            DROP TRIGGER IF EXISTS stat_sample_delete;
            DROP TABLE IF EXISTS stat_slot;
            DROP TABLE IF EXISTS stat_raw;
            DROP TABLE IF EXISTS stat_deleted;
            DROP TABLE IF EXISTS stat_note;
            """)
    }
}

extension SQLiteHealthStorage: SlotSumStorage {
    /// See ``SlotSumStorage/slotSeconds``.
    public var slotSeconds: Double { SlotSums.slotSeconds }

    /// See ``SlotSumStorage/prepareSlotSums()``.
    public func prepareSlotSums() throws {
        try buildDeferredIndexes()   // a new store's build: the install's fallback read, and all that follows, read along them
        let totals = slotSumTotals.withLock { totals in
            defer { totals = nil }
            return totals
        }
        try slotSumAccess {
            if try writer.read({ db in try SlotSums.isCurrent(db) }) { return }
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) { try SlotSums.install(db, totals: totals); return .commit }
            }
        }
        // The totals' megabytes are free now, but partly in the writing thread's malloc arena, where the statistics
        // that follow an import (other threads) cannot reuse them: give them back, or the peak holds both.
        if totals != nil { ReleaseFreeMemory.now() }
    }

    /// See ``SlotSumStorage/collectSlotSums()``: the saves that follow feed ``SlotSumTotals`` when the store is empty
    /// and has no summaries (any layout).
    public func collectSlotSums() throws {
        let empty = try slotSumAccess { try writer.read { db in
            try !db.tableExists("stat_slot") && ChangeLog.latestPosition(db) == 0
        } }
        slotSumTotals.withLock { $0 = empty ? SlotSumTotals() : nil }
    }

    /// See ``SlotSumStorage/stopCollectingSlotSums()``.
    public func stopCollectingSlotSums() {
        slotSumTotals.withLock { $0 = nil }
    }

    /// See ``SlotSumStorage/slotSums(type:slots:)``: ``slotSumTable(type:slots:)``'s rows.
    public func slotSums(type: String, slots: ClosedRange<Int64>?) throws -> [SlotSum] {
        try slotSumTable(type: type, slots: slots).sums
    }

    /// See ``SlotSumStorage/slotSumTable(type:slots:)``: stepped straight through the C API (``StatementRows``), each
    /// source numbered once (a type's sums in a large store are hundreds of thousands, all loaded by the first
    /// statistics query of a process).
    public func slotSumTable(type: String, slots: ClosedRange<Int64>?) throws -> SlotSumTable {
        try slotSumAccess { try writer.read { db in
            guard let typeID = try identities.typeIDs([type], db)[type] else { return SlotSumTable(sourceNames: [], entries: []) }
            var sources = try SourceNumbers(db)
            let range = slots ?? Int64.min...Int64.max
            let statement = try db.cachedStatement(sql: """
                SELECT slot, source_id, total, n, device_id FROM stat_slot WHERE type = ? AND slot BETWEEN ? AND ? ORDER BY slot
                """)
            var entries: [SlotSumEntry] = []
            try StatementRows.forEach(statement, integers: [typeID, range.lowerBound, range.upperBound], db) { row in
                entries.append(SlotSumEntry(slot: row.int64(0), source: sources.number(row.int64(1)), total: row.double(2),
                                                  count: Int(row.int64(3)), device: row.int64(4)))
            }
            return SlotSumTable(sourceNames: sources.names, entries: entries)
        } }
    }

    /// See ``SlotSumStorage/rawSamples(type:)``: ``rawSampleTable(type:)``'s rows.
    public func rawSamples(type: String) throws -> [RawSample] {
        try rawSampleTable(type: type).samples
    }

    /// See ``SlotSumStorage/rawSampleTable(type:)``: stepped straight through the C API (``StatementRows``), each
    /// source numbered once; the user-entered flag is looked up only for samples that have fields (a `CASE`, as
    /// ``quantityValues(matching:type:starts:)`` does). A type's raw samples in a large store are tens of
    /// thousands, all loaded by the first statistics query of a process.
    public func rawSampleTable(type: String) throws -> RawSampleTable {
        try slotSumAccess { try writer.read { db in
            guard let typeID = try identities.typeIDs([type], db)[type] else { return RawSampleTable(sourceNames: [], entries: []) }
            var sources = try SourceNumbers(db)
            let sql = """
                SELECT r.start, r.end, s.source_id, s.uuid,
                       \(SlotSums.userEntered("s")),
                       COALESCE(s.device_id, 0)
                FROM stat_raw r JOIN sample s ON s.id = r.sample_id WHERE r.type = ?
                """
            var entries: [RawSampleEntry] = []
            try StatementRows.forEach(db.cachedStatement(sql: sql), integers: [typeID], db) { row in
                guard let uuid = try row.uuid(3) else { throw StorageError.unavailable("raw sample without a UUID") }
                entries.append(RawSampleEntry(start: Date(timeIntervalSince1970: row.double(0)),
                                                    end: Date(timeIntervalSince1970: row.double(1)), uuid: uuid,
                                                    source: sources.number(row.int64(2)), userEntered: row.bool(4),
                                                    device: row.int64(5)))
            }
            return RawSampleTable(sourceNames: sources.names, entries: entries)
        } }
    }

    /// Numbers the store's source rows by bundle identifier as a table read meets them (``SourceNumbering``); a
    /// bundle's revisions share one number.
    private struct SourceNumbers {
        private let bundles: [Int64: String]
        private var numbering = SourceNumbering()
        private var byID: [Int64: Int32] = [:]
        private var last: (id: Int64, number: Int32) = (-1, -1)

        init(_ db: Database) throws { bundles = try SQLiteHealthStorage.bundleIdentifiers(db) }

        var names: [String] { numbering.names }

        /// The number of source row `id` (the empty name's for an unknown row, as the row reads did).
        mutating func number(_ id: Int64) -> Int32 {
            if id == last.id { return last.number }
            let number = byID[id] ?? numbering.number(bundles[id] ?? "")
            byID[id] = number
            last = (id, number)
            return number
        }
    }

    /// Every source's bundle identifier by its row id.
    fileprivate static func bundleIdentifiers(_ db: Database) throws -> [Int64: String] {
        try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, bundle_id FROM source").map {
            ($0[0] as Int64, $0[1] as String)
        })
    }

    /// See ``SlotSumStorage/slotSumDevices(matching:)``: the filter evaluated on every stored device and on none.
    public func slotSumDevices(matching filter: SampleFilter) throws -> Set<Int64>? {
        try slotSumAccess { try writer.read { db in
            let condition = try FilterSQL.samples(filter, identities, db)
            let sql = """
                SELECT COALESCE(s.device_id, 0) FROM (SELECT id AS device_id FROM device UNION ALL SELECT NULL) s
                WHERE \(condition.sql)
                """
            return try Set(Int64.fetchAll(db, sql: sql, arguments: condition.arguments))
        } }
    }

    /// See ``SlotSumStorage/deletedSlots(after:)``.
    public func deletedSlots(after: Int64) throws -> (slots: [(type: String, first: Int64, last: Int64)], mark: Int64) {
        try slotSumAccess { try writer.read { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT seq, type, first_slot, last_slot FROM stat_deleted WHERE seq > ? ORDER BY seq"),
                                        arguments: [after])
            let slots = try rows.map { (type: try identities.typeName($0[1], db), first: $0[2] as Int64, last: $0[3] as Int64) }
            return (slots, rows.last?[0] ?? after)
        } }
    }

    /// See ``SlotSumStorage/figuresNote(type:)``.
    public func figuresNote(type: String) throws -> FiguresNote? {
        try slotSumAccess { try writer.read { db in
            guard try db.tableExists("stat_note"), let typeID = try identities.typeIDs([type], db)[type],
                  let row = try Row.fetchOne(db, sql: "SELECT position, deleted_mark, data FROM stat_note WHERE type = ?",
                                             arguments: [typeID]) else { return nil }
            return FiguresNote(position: row[0], deletedMark: row[1], data: row[2])
        } }
    }

    /// See ``SlotSumStorage/setFiguresNote(_:type:)``. The table is created on first use (stores whose summaries
    /// were installed before notes existed have none). The figures are written in place (``BlobWrite``): a note can
    /// be megabytes.
    public func setFiguresNote(_ note: FiguresNote, type: String) throws {
        try slotSumAccess { try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                guard try db.tableExists("stat_slot"), let typeID = try identities.typeIDs([type], db)[type] else { return .commit }
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS stat_note (type INTEGER PRIMARY KEY, position INTEGER NOT NULL,
                                                          deleted_mark INTEGER NOT NULL, data BLOB NOT NULL);
                    """)
                try db.execute(sql: "INSERT OR REPLACE INTO stat_note (type, position, deleted_mark, data) VALUES (?, ?, ?, zeroblob(?))",
                               arguments: [typeID, note.position, note.deletedMark, note.data.count])
                try BlobWrite.write(note.data, table: "stat_note", column: "data", rowid: typeID, db)
                return .commit
            }
        } }
    }

    /// Runs `body`, turning database errors into ``StorageError/unavailable(_:)``.
    private func slotSumAccess<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StorageError.unavailable("statistics summaries of \(path): \(error.message ?? error.description)")
        }
    }
}
