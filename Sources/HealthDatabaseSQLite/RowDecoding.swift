import Foundation
import GRDB
import GRDBSQLite
import HealthDatabase

/// The read-side twin of ``SampleInsert``: steps a statement GRDB prepared and caches, and reads its columns
/// straight through the SQLite C API.
///
/// GRDB's `Row` cursor goes through a `Row` wrapper and a generic conversion per column; profiling an
/// anchored read of 300,000 changes showed that decoding, plus allocating the same 33-byte type identifier
/// string for every row, above SQLite's own work. Values read back exactly as GRDB reads them (UUIDs from
/// 16-byte blobs, dates as seconds since 1970, booleans as non-zero integers).
enum StatementRows {
    /// Binds `arguments`, then calls `body` with each row until the statement is done; resets it after.
    static func forEach(_ statement: Statement, arguments: StatementArguments, _ db: Database,
                        _ body: (ColumnReader) throws -> Void) throws {
        try statement.setArguments(arguments)
        try step(statement, db, body)
    }

    /// Binds `integers` to the statement's parameters in order, straight through the C API, then calls `body` with
    /// each row. Building a `StatementArguments` for the ids of a read's fields took a third of reading them.
    static func forEach<Integers: Collection<Int64>>(_ statement: Statement, integers: Integers, _ db: Database,
                                                     _ body: (ColumnReader) throws -> Void) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (index, value) in zip(CInt(1)..., integers) { sqlite3_bind_int64(handle, index, value) }
        try step(statement, db, body)
    }

    /// Steps the bound statement, calling `body` with each row until it is done; resets it after.
    private static func step(_ statement: Statement, _ db: Database, _ body: (ColumnReader) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
            }
            try body(ColumnReader(handle: handle))
        }
    }
}

/// The current row of a stepping statement, read by 0-based column index.
struct ColumnReader {
    fileprivate let handle: OpaquePointer

    /// Whether the column is NULL.
    func isNull(_ index: CInt) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
    /// The column as an integer (0 for NULL).
    func int64(_ index: CInt) -> Int64 { sqlite3_column_int64(handle, index) }
    /// The column as an integer, nil for NULL.
    func optionalInt64(_ index: CInt) -> Int64? { isNull(index) ? nil : int64(index) }
    /// The column as a double (0 for NULL).
    func double(_ index: CInt) -> Double { sqlite3_column_double(handle, index) }
    /// The column as a double, nil for NULL.
    func optionalDouble(_ index: CInt) -> Double? { isNull(index) ? nil : double(index) }
    /// The column as a boolean (non-zero is true).
    func bool(_ index: CInt) -> Bool { int64(index) != 0 }

    /// The column as a UUID stored as a 16-byte blob, nil for NULL.
    func uuid(_ index: CInt) throws -> UUID? {
        // The blob first (no pointer for NULL or an empty blob), then its length: two calls for a UUID, not three.
        guard let blob = sqlite3_column_blob(handle, index), sqlite3_column_bytes(handle, index) == 16 else {
            if isNull(index) { return nil }
            throw StorageError.unavailable("column \(index) holds no UUID")
        }
        return UUID(uuid: blob.assumingMemoryBound(to: uuid_t.self).pointee)
    }

    /// The column as bytes, nil for NULL.
    func data(_ index: CInt) -> Data? {
        if isNull(index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let blob = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: blob, count: count)
    }

    /// Whether the column holds `string` (its UTF-8 bytes exactly; NULL for nil), without making a string of it.
    func text(_ index: CInt, equals string: String?) -> Bool {
        guard let text = sqlite3_column_text(handle, index) else { return string == nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return string?.utf8.withContiguousStorageIfAvailable {
            $0.count == count && (count == 0 || memcmp($0.baseAddress!, text, count) == 0)
        } ?? false
    }

    /// The column as text, nil for NULL; a string seen recently in `strings` is returned shared, not allocated.
    func text(_ index: CInt, _ strings: inout RecentStrings) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        return strings.string(text, count: Int(sqlite3_column_bytes(handle, index)))
    }
}

/// The last few long strings a read produced (type identifiers, units, sync identifiers repeat row after row).
///
/// Strings of up to 15 UTF-8 bytes live inline in a `String` and are made directly; longer ones would each
/// allocate, so a match (same bytes) hands back the earlier instance, which also lets later `==` and hashing
/// short-cut on shared storage.
struct RecentStrings {
    private var recent: [String] = []

    /// The string holding the `count` UTF-8 bytes at `bytes`.
    mutating func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        let buffer = UnsafeBufferPointer(start: bytes, count: count)
        guard count > 15 else { return String(decoding: buffer, as: UTF8.self) }
        for candidate in recent where candidate.utf8.count == count {
            if candidate.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes, count) == 0 }) == true {
                return candidate
            }
        }
        let string = String(decoding: buffer, as: UTF8.self)
        recent.insert(string, at: 0)
        if recent.count > 8 { recent.removeLast() }
        return string
    }
}
