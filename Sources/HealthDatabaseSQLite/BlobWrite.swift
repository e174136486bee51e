import Foundation
import GRDB
import GRDBSQLite

/// Writes a large blob into a row without copying it. Bound as a parameter, SQLite copies a blob once when it is
/// bound and once more into the row it builds, so a 16 MB figures note (a year of steps from 600 sources) held three
/// times at once at the peak of `health import`; the row is instead inserted with a `zeroblob` of the blob's length,
/// whose zeros SQLite writes to the pages without a buffer, and the bytes are written into it in place
/// (`sqlite3_blob_write`).
enum BlobWrite {
    /// Writes `data` into column `column` of the row `rowid` of `table`, whose value there is already a blob of
    /// `data.count` bytes (a `zeroblob`).
    static func write(_ data: Data, table: String, column: String, rowid: Int64, _ db: Database) throws {
        guard !data.isEmpty else { return }
        var blob: OpaquePointer?
        var code = sqlite3_blob_open(db.sqliteConnection, "main", table, column, rowid, 1, &blob)
        if code == SQLITE_OK {
            code = data.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, CInt($0.count), 0) }
        }
        let message = code == SQLITE_OK ? nil : String(cString: sqlite3_errmsg(db.sqliteConnection))
        let closed = sqlite3_blob_close(blob)
        if code == SQLITE_OK { code = closed }
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message ?? String(cString: sqlite3_errstr(code)),
                                sql: "writing \(table).\(column) of row \(rowid)")
        }
    }
}
