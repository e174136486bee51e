import Foundation
import GRDB
import GRDBSQLite
import HealthDatabase

/// The statistics summaries (``SlotSums``) of the saves into an empty store, totalled in memory as the rows are
/// inserted (``SlotSumStorage/collectSlotSums()``, which `health import` and the server's imports call first), so
/// that installing the summaries afterwards writes these totals instead of reading every stored sample again: on the
/// 1,000,000-record realistic demo export that read (`SlotSums.install`) took about 1.3 s of CPU after the rows, on
/// one core while the other idled.
///
/// The totals are exactly what the SQL install computes from the stored rows: a quantity sample wholly inside its slot
/// adds its quantity (NULL and NaN as 0) to the slot's total, in the rows' id order and from 0, as SQLite's `sum()`
/// adds a group's rows when the install's GROUP BY reads them along `sample_type` (compared bit for bit with the SQL
/// on the demo export, and by a test); one crossing a slot edge or carrying `HKWasUserEntered` 1 is raw. Slots are
/// computed as the SQL computes them (``slot(of:)``).
///
/// They are used only when they describe the store (``describes(_:)``, checked in the installing transaction): every
/// change position since the store was empty is a row they saw, so no deletion, replacement, association or other
/// writer came between. Anything else (``invalidate()``), and more slot totals than ``SlotTotalTable/placeLimit`` lets
/// it hold, leaves the install to read the rows, as before.
final class SlotSumTotals: @unchecked Sendable {
    /// A `stat_raw` row.
    struct Raw {
        var id: Int64
        var type: Int64
        var start: Double
        var end: Double
    }

    private var slots = SlotTotalTable()
    private(set) var raw: [Raw] = []
    /// The rows seen, and the id of the last.
    private(set) var rows: Int64 = 0
    private(set) var lastID: Int64 = 0
    private(set) var isValid = true

    /// Adds the row `id` just inserted (any kind; only quantity samples are summarised). Rows must come in id order,
    /// one position after the other from 1: a gap (a tombstone, another writer) ends the totals.
    func add(id: Int64, kind: RecordKind, typeID: Int64, start: Double, end: Double, quantity: Double?,
             sourceID: Int64, deviceID: Int64?, userEntered: Bool) {
        guard isValid else { return }
        guard id == lastID + 1 else { return invalidate() }
        rows += 1
        lastID = id
        guard kind == .quantity else { return }
        guard let slot = Self.slot(of: start), let small = Int32(exactly: slot),
              let stream = SlotTotalTable.stream(type: typeID, source: sourceID, device: deviceID ?? 0) else {
            return invalidate()
        }
        if userEntered || !(end <= Double((slot + 1) * 900)) {
            raw.append(Raw(id: id, type: typeID, start: start, end: end))
            return
        }
        // SQLite stores NaN as NULL, which the install's COALESCE counts as 0.
        if !slots.add(quantity.flatMap { $0.isNaN ? nil : $0 } ?? 0, stream: stream, slot: small) { invalidate() }
    }

    /// Gives up the totals: the install reads the rows.
    func invalidate() {
        isValid = false
        slots = SlotTotalTable()
        raw = []
    }

    /// The slot of a start, as the SQL's `CAST(x / 900 AS INTEGER) - (x < CAST(x / 900 AS INTEGER) * 900)`
    /// (truncation, then one less below the truncated edge); nil far outside any date (no exact integer).
    static func slot(of start: Double) -> Int64? {
        guard start.isFinite, abs(start) < 1e15 else { return nil }
        let truncated = Int64(start / 900)
        return truncated - (start < Double(truncated * 900) ? 1 : 0)
    }

    /// Whether the totals describe every row of the store `db` opens: valid, and the store holds exactly the rows
    /// they saw (the same count and last id) and no tombstone.
    func describes(_ db: Database) throws -> Bool {
        guard isValid, let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM sample), (SELECT coalesce(max(id), 0) FROM sample), (SELECT count(*) FROM tombstone)
            """) else { return false }
        return row[0] as Int64 == rows && row[1] as Int64 == lastID && row[2] as Int64 == 0
    }

    /// Inserts the totals into the freshly created, empty `stat_slot` and `stat_raw`, in their keys' order.
    func insert(_ db: Database) throws {
        try Self.insert(raw, into: "stat_raw (sample_id, type, start, end)", columns: 4, db) { raw, base, handle in
            sqlite3_bind_int64(handle, base + 1, raw.id)
            sqlite3_bind_int64(handle, base + 2, raw.type)
            sqlite3_bind_double(handle, base + 3, raw.start)
            sqlite3_bind_double(handle, base + 4, raw.end)
        }
        raw = []
        try Self.insert(slots.sorted(), into: "stat_slot (type, slot, source_id, device_id, total, n)", columns: 6, db) { entry, base, handle in
            sqlite3_bind_int64(handle, base + 1, entry.type)
            sqlite3_bind_int64(handle, base + 2, Int64(entry.slot))
            sqlite3_bind_int64(handle, base + 3, entry.source)
            sqlite3_bind_int64(handle, base + 4, entry.device)
            sqlite3_bind_double(handle, base + 5, entry.sum)
            sqlite3_bind_int64(handle, base + 6, Int64(entry.count))
        }
    }

    /// Inserts `items` into `table` (its name and column list) by statements of up to 128 rows, `bind` binding one
    /// item's `columns` values after parameter `base`.
    private static func insert<Item>(_ items: [Item], into table: String, columns: Int, _ db: Database,
                                     bind: (Item, CInt, OpaquePointer) -> Void) throws {
        var start = 0
        while start < items.count {
            let count = min(128, items.count - start)
            let statement = try db.cachedStatement(sql: "INSERT INTO \(table) VALUES " + SampleInsert.valueRows(count, columns: columns))
            let handle = statement.sqliteStatement
            sqlite3_reset(handle)
            for index in 0..<count { bind(items[start + index], CInt(index * columns), handle) }
            if let failure = SampleInsert.run(statement, db) { throw failure.error }
            start += count
        }
    }
}

