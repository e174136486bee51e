import Foundation
import GRDB
import GRDBSQLite
import HealthDatabase

/// The hot path of saving: binds one `sample` row, or one of its `field` rows, straight through the SQLite C API
/// on a statement GRDB prepared and caches.
///
/// `Statement.execute(arguments:)` builds a `StatementArguments` array of existentials per row, validates
/// it and converts every value to a `DatabaseValue`; profiling a batch save of 200,000 quantity samples showed
/// that bookkeeping at about a third of the writer's CPU time, more than SQLite's own B-tree work. Binding
/// the columns directly costs no allocation per row. The SQL and the column order are the ones in
/// ``RecordWriter``; values are bound exactly as GRDB binds them (UUIDs and payloads as blobs, dates as
/// seconds since 1970, booleans as 0/1), so rows read back the same.
enum SampleInsert {
    /// SQLite copies the bytes during the bind call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The columns of one `sample` row, in the order of ``RecordWriter``'s insert.
    static let columnCount: CInt = 18

    /// Inserts `record` as row `id` with the given type, source, device and parent ids.
    ///
    /// - Throws: ``StorageError/duplicateUUID(_:)`` when the UUID is taken; a `DatabaseError` for any other failure.
    static func execute(_ statement: Statement, _ db: Database, record: SampleRecord, id: Int64, typeID: Int64,
                        sourceID: Int64, deviceID: Int64?, parentID: Int64?) throws {
        sqlite3_reset(statement.sqliteStatement)
        bind(record, row: 0, of: statement, id: id, typeID: typeID, sourceID: sourceID, deviceID: deviceID, parentID: parentID)
        try step(statement, db, uuid: record.uuid)
    }

    /// Binds `record` as the `row`th (from 0) of the rows a multi-row insert statement lists (``SampleRun``): its
    /// parameters ``columnCount`` × `row` + 1 onwards. The statement must have been reset.
    static func bind(_ record: SampleRecord, row: Int, of statement: Statement, id: Int64, typeID: Int64,
                     sourceID: Int64, deviceID: Int64?, parentID: Int64?) {
        let handle = statement.sqliteStatement
        let base = columnCount * CInt(row)
        sqlite3_bind_int64(handle, base + 1, id)
        withUnsafeBytes(of: record.uuid.uuid) { _ = sqlite3_bind_blob(handle, base + 2, $0.baseAddress, 16, transient) }
        sqlite3_bind_int64(handle, base + 3, record.kind.code)
        sqlite3_bind_int64(handle, base + 4, typeID)
        sqlite3_bind_double(handle, base + 5, record.startDate.timeIntervalSince1970)
        sqlite3_bind_double(handle, base + 6, record.endDate.timeIntervalSince1970)
        bind(record.quantity, base + 7, handle)
        bind(record.unit, base + 8, handle)
        bind(record.originalQuantity, base + 9, handle)
        sqlite3_bind_int64(handle, base + 10, Int64(record.count))
        bind(record.categoryValue.map(Int64.init), base + 11, handle)
        sqlite3_bind_int64(handle, base + 12, sourceID)
        bind(deviceID, base + 13, handle)
        bind(record.syncIdentifier, base + 14, handle)
        bind(record.syncVersion, base + 15, handle)
        bind(parentID, base + 16, handle)
        if let payload = record.payload {
            payload.withUnsafeBytes { _ = sqlite3_bind_blob(handle, base + 17, $0.baseAddress, CInt($0.count), transient) }
        } else {
            sqlite3_bind_null(handle, base + 17)
        }
        sqlite3_bind_int64(handle, base + 18, record.fields.isEmpty ? 0 : 1)
    }

    /// Inserts one `field` row of sample row `id` (``RecordWriter``'s field SQL: sample id, key, kind, text,
    /// number, extra), bound as GRDB would bind the same values.
    static func executeField(_ statement: Statement, _ db: Database, id: Int64, key: String, value: FieldValue) throws {
        sqlite3_reset(statement.sqliteStatement)
        bindField(row: 0, of: statement, id: id, key: key, value: value)
        try step(statement, db, uuid: nil)
    }

    /// The columns of one `field` row.
    static let fieldColumnCount: CInt = 6

    /// Binds one `field` row as the `row`th (from 0) of the rows a multi-row field insert lists (``SampleRun``): its
    /// parameters ``fieldColumnCount`` × `row` + 1 onwards. The statement must have been reset.
    static func bindField(row: Int, of statement: Statement, id: Int64, key: String, value: FieldValue) {
        let handle = statement.sqliteStatement
        let base = fieldColumnCount * CInt(row)
        let columns = FieldCoding.columns(value)
        sqlite3_bind_int64(handle, base + 1, id)
        bind(key, base + 2, handle)
        sqlite3_bind_int64(handle, base + 3, Int64(columns.kind))
        bind(columns.text, base + 4, handle)
        bind(columns.number, base + 5, handle)
        bind(columns.extra, base + 6, handle)
    }

    /// Runs the bound statement once; a unique-constraint failure on a sample row is a duplicate UUID.
    private static func step(_ statement: Statement, _ db: Database, uuid: UUID?) throws {
        guard let failure = run(statement, db) else { return }
        if let uuid, failure.isDuplicate { throw StorageError.duplicateUUID(uuid) }
        throw failure.error
    }

    /// What a failed statement reported, as GRDB would report it.
    struct Failure {
        var error: DatabaseError
        /// A unique constraint failed (on `sample`, only the UUID is unique besides the id, which positions give).
        var isDuplicate: Bool { error.extendedResultCode.rawValue == 2067 /* SQLITE_CONSTRAINT_UNIQUE */ }
    }

    /// The `VALUES` list of a multi-row insert: `rows` groups of `columns` parameters, `(?, ?), (?, ?)`.
    static func valueRows(_ rows: Int, columns: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Runs the bound statement once and resets it; nil when it succeeded. A failed statement undoes its own changes.
    static func run(_ statement: Statement, _ db: Database) -> Failure? {
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code != SQLITE_DONE else { return nil }
        let extended = sqlite3_extended_errcode(db.sqliteConnection)
        return Failure(error: DatabaseError(resultCode: ResultCode(rawValue: extended),
                                            message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql))
    }

    private static func bind(_ text: String?, _ index: CInt, _ handle: OpaquePointer) {
        guard let text else { sqlite3_bind_null(handle, index); return }
        // As GRDB binds strings: NUL-terminated, copied by SQLite.
        text.withCString { _ = sqlite3_bind_text(handle, index, $0, -1, transient) }
    }

    private static func bind(_ number: Double?, _ index: CInt, _ handle: OpaquePointer) {
        if let number { sqlite3_bind_double(handle, index, number) } else { sqlite3_bind_null(handle, index) }
    }

    private static func bind(_ number: Int64?, _ index: CInt, _ handle: OpaquePointer) {
        if let number { sqlite3_bind_int64(handle, index, number) } else { sqlite3_bind_null(handle, index) }
    }
}
