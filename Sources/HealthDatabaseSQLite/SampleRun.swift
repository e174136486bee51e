import Foundation
import GRDB
import GRDBSQLite
import HealthDatabase

/// Consecutive plain records of a save (no sync identifier, no parent: nothing to look up among the stored rows),
/// inserted together by multi-row `INSERT … VALUES (…), (…), …` statements instead of one statement each.
///
/// A statement opens its table and index cursors once, however many rows it lists; one statement per row opens the
/// table, its six indexes and the parent tables of its foreign keys for every row. A statement listing several rows
/// also keeps a statement journal (the pages it touches, to undo it alone if it fails), which small statements pay
/// for without gaining much: in plain SQLite here (1,000,000 rows of the shipped schema, 10,000 a transaction), one
/// row a statement took 3.5 s of CPU, 8 rows 5.1 s, 40 rows 3.35 s, 100 rows 2.85 s, 250 rows 2.55 s, against 2.7 s
/// for SQLite's own `INSERT … SELECT` from a recursive CTE. So a run holds up to 256 records and is inserted by
/// statements of 256, 128, 64 and 32 rows, the last few records by the one-row statement. Those are the only
/// statements it prepares (GRDB caches them on the writer's connection, about 1 MB of programs).
///
/// The rows, their ids and their order are exactly those of one statement per record, and so are the `field` rows;
/// these follow the run's samples instead of each sample, 64 to a statement. The statistics triggers (``SlotSums``) are the one thing
/// that sees the difference: a sample's `HKWasUserEntered` field moves its value out of its slot, and doubles do not
/// add in any order alike, so ``RecordWriter`` ends the run after a record with that field. A failing statement
/// undoes its own rows; a duplicate UUID is then found and reported as one statement per record would have.
struct SampleRun {
    /// The most records a run holds.
    static let limit = 256
    /// The row counts of the multi-row statements, largest first; fewer rows go one by one.
    private static let sizes = [256, 128, 64, 32]

    /// The insert listing `count` rows.
    private static func insertSQL(rows count: Int) -> String {
        """
            INSERT INTO sample (id, uuid, kind, type, start, end, quantity, unit, original_quantity, count,
                category_value, source_id, device_id, sync_identifier, sync_version, parent_id, payload, has_fields)
            VALUES
            """ + " " + SampleInsert.valueRows(count, columns: Int(SampleInsert.columnCount))
    }

    private static let multiRowSQL = sizes.map { insertSQL(rows: $0) }

    /// The `field` rows of a run go in statements of this many (the last few one by one): the 440,000 `field` rows of
    /// the 1,000,000-record demo export's import took 0.87 s of CPU one to a statement, 0.72 s so (perf, 250 Hz).
    private static let fieldRows = 64
    private static let multiFieldSQL = "INSERT INTO field (sample_id, key, kind, text, num, extra) VALUES "
        + SampleInsert.valueRows(fieldRows, columns: 6)

    /// A record waiting in the run: its place in the saved records and the ids it is stored with.
    private struct Waiting {
        var index: Int
        var id: Int64
        var typeID: Int64
        var sourceID: Int64
        var deviceID: Int64?
    }

    /// The one-row insert of ``RecordWriter`` (its column order) and its `field` insert.
    private let insertOne: Statement, insertField: Statement
    private var waiting: [Waiting] = []
    /// The multi-row statements this save has used, by their place in ``sizes``.
    private var statements = [Statement?](repeating: nil, count: sizes.count)
    /// The multi-row field insert, once used; the field rows waiting for it.
    private var fieldStatement: Statement?
    private var fields: [(id: Int64, key: String, value: FieldValue)] = []

    /// A run that inserts leftover rows with `insertOne` and fields with `insertField` (``RecordWriter``'s statements).
    init(insertOne: Statement, insertField: Statement) {
        self.insertOne = insertOne
        self.insertField = insertField
    }

    /// Whether the run holds ``limit`` records and must be flushed before the next.
    var isFull: Bool { waiting.count == Self.limit }

    /// Adds `records[index]`, a plain record, to be stored as row `id` with these ids.
    mutating func append(_ index: Int, id: Int64, typeID: Int64, sourceID: Int64, deviceID: Int64?) {
        waiting.append(Waiting(index: index, id: id, typeID: typeID, sourceID: sourceID, deviceID: deviceID))
    }

    /// Inserts the waiting records of `records`, then their fields, and empties the run.
    ///
    /// - Throws: ``StorageError/duplicateUUID(_:)`` naming the first record whose UUID is stored already or given
    ///   twice; a `DatabaseError` for any other failure.
    mutating func flush(_ records: [SampleRecord], _ db: Database) throws {
        var next = 0
        while next < waiting.count {
            let left = waiting.count - next
            guard let place = Self.sizes.firstIndex(where: { $0 <= left }) else {
                let item = waiting[next]
                try SampleInsert.execute(insertOne, db, record: records[item.index], id: item.id, typeID: item.typeID,
                                         sourceID: item.sourceID, deviceID: item.deviceID, parentID: nil)
                next += 1
                continue
            }
            try insert(waiting[next ..< next + Self.sizes[place]], records, try statement(place, db), db)
            next += Self.sizes[place]
        }
        for item in waiting {
            for (key, value) in records[item.index].fields {
                fields.append((item.id, key, value))
                if fields.count == Self.fieldRows { try insertFields(db) }
            }
        }
        for field in fields { try SampleInsert.executeField(insertField, db, id: field.id, key: field.key, value: field.value) }
        fields.removeAll(keepingCapacity: true)
        waiting.removeAll(keepingCapacity: true)
    }

    /// Inserts the ``fieldRows`` waiting field rows by one statement, in their order.
    private mutating func insertFields(_ db: Database) throws {
        let statement = try fieldStatement ?? db.cachedStatement(sql: Self.multiFieldSQL)
        fieldStatement = statement
        sqlite3_reset(statement.sqliteStatement)
        for (row, field) in fields.enumerated() {
            SampleInsert.bindField(row: row, of: statement, id: field.id, key: field.key, value: field.value)
        }
        fields.removeAll(keepingCapacity: true)
        if let failure = SampleInsert.run(statement, db) { throw failure.error }
    }

    /// Inserts `rows` with `statement`, which lists as many.
    private func insert(_ rows: ArraySlice<Waiting>, _ records: [SampleRecord], _ statement: Statement, _ db: Database) throws {
        sqlite3_reset(statement.sqliteStatement)
        for (row, item) in rows.enumerated() {
            SampleInsert.bind(records[item.index], row: row, of: statement, id: item.id, typeID: item.typeID,
                              sourceID: item.sourceID, deviceID: item.deviceID, parentID: nil)
        }
        guard let failure = SampleInsert.run(statement, db) else { return }
        if failure.isDuplicate, let uuid = try firstDuplicate(rows, records, db) { throw StorageError.duplicateUUID(uuid) }
        throw failure.error
    }

    private mutating func statement(_ place: Int, _ db: Database) throws -> Statement {
        if let statement = statements[place] { return statement }
        let statement = try db.cachedStatement(sql: Self.multiRowSQL[place])
        statements[place] = statement
        return statement
    }

    /// The first of `rows` whose insert would fail alone: its UUID stored, or given earlier among them.
    private func firstDuplicate(_ rows: ArraySlice<Waiting>, _ records: [SampleRecord], _ db: Database) throws -> UUID? {
        let stored = try db.cachedStatement(sql: "SELECT 1 FROM sample WHERE uuid = ?")
        var seen: Set<UUID> = []
        for item in rows {
            let uuid = records[item.index].uuid
            if try !seen.insert(uuid).inserted || Int64.fetchOne(stored, arguments: [uuid]) != nil { return uuid }
        }
        return nil
    }
}
