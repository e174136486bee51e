import Foundation
import GRDB
import GRDBSQLite
import HealthDatabase
import HealthDatabaseSQLite

/// (a') What SQLite itself can do with the save benchmark's rows on this machine: the same samples and fields,
/// inserted by hand through the SQLite C API (prepared statements, one bind per column, nothing else per row)
/// into a file whose schema `SQLiteHealthStorage` created, with the storage layer's pragmas, 10,000 rows per
/// transaction. No OpenHealthKit code runs while the clock runs: this is the ceiling any save path over this
/// schema can reach, and the variants show what each index costs.
///
/// Variants, each on a fresh file: the schema as shipped; without the `(type)` index; with only the UUID and
/// `(type, start)` indexes (what any HealthKit store needs: finding objects by UUID and reading a date window);
/// and a bare table (no secondary index at all), the upper bound of row-by-row inserts.
enum SaveCeiling {
    struct Variant {
        var label: String
        var dropped: [String]
    }

    static let secondary = ["sample_type", "sample_type_end", "sample_source", "sample_sync", "sample_parent"]
    static let variants = [
        Variant(label: "hand-written C inserts, schema as shipped", dropped: []),
        Variant(label: "... without the (type) index", dropped: ["sample_type"]),
        Variant(label: "... only UUID and (type, start) indexes", dropped: secondary),
        Variant(label: "... no secondary index, no unique UUID", dropped: secondary + ["sample_type_start", "field_num", "field_text"]),
    ]

    /// One row as the hand-written SQL binds it (built before the clock starts).
    struct Row {
        var uuid: UUID
        /// 0: heart rate from the watch, 1: step count from the watch, 2: step count from the phone.
        var stream: Int
        var start: Double
        var end: Double
        var quantity: Double
        var original: Double
        var unit: String
        var field: (key: String, number: Double, kind: Int64)?
    }

    static func run(_ options: Options) throws {
        print("(a') SQLite's own ceiling: \(options.samples) rows of the save benchmark by hand, time-ordered UUIDs, \(options.reps) runs each")
        var series = variants.map { RateSeries(label: $0.label) }
        for rep in 0 ..< options.reps {
            let rows = makeRows(options, rep: rep)
            for (index, variant) in variants.enumerated() {
                let (seconds, cpu) = try insert(rows, variant, options)
                series[index].add(items: rows.count, seconds: seconds, cpu: cpu)
            }
        }
        for item in series { item.print(target: 300_000) }
    }

    /// The benchmark's samples (the same generator and seed as the storage-layer save), as bindable rows.
    static func makeRows(_ options: Options, rep: Int) -> [Row] {
        var random = SplitMix64(seed: UInt64(rep + 1))
        return (0 ..< options.samples).map { position in
            var record = HealthData.record(HealthData.sample(position, &random))
            record.uuid = random.timeOrderedUUID(UInt64(position))
            let stream = record.type == HealthData.heartRate.identifier ? 0
                : record.source.bundleIdentifier == HealthData.watchSource.bundleIdentifier ? 1 : 2
            let field = record.fields.first.map { entry -> (String, Double, Int64) in
                switch entry.value {
                case .bool(let value): (entry.key, value ? 1 : 0, 2)
                case .number(let value): (entry.key, value, 1)
                default: (entry.key, 0, 1)
                }
            }
            return Row(uuid: record.uuid, stream: stream, start: record.startDate.timeIntervalSince1970,
                       end: record.endDate.timeIntervalSince1970, quantity: record.quantity ?? 0,
                       original: record.originalQuantity ?? 0, unit: record.unit ?? "", field: field)
        }
    }

    /// A fresh store at `path`: the schema, exactly as the storage layer creates it, and the type, source and device
    /// rows the samples refer to (saved with ten samples of the same streams: a heart rate and a step count from the
    /// watch, a step count from the phone). Returns the type, source and device ids of each stream, and the ten.
    static func seededStore(at path: String) throws -> (queue: DatabaseQueue, ids: [[Int64]], seeds: Int) {
        let storage = try SQLiteHealthStorage(path: path)
        var random = SplitMix64(seed: 99)
        let seeds = (0 ..< 10).map { HealthData.record(HealthData.sample($0, &random)) }
        _ = try storage.save(seeds)
        let queue = try DatabaseQueue(path: path)
        let ids = try queue.read { db in
            try [seeds[0], seeds[6], seeds[8]].map { seed in
                let row = try GRDB.Row.fetchOne(db, sql: "SELECT type, source_id, device_id FROM sample WHERE uuid = ?", arguments: [seed.uuid])!
                return [row[0], row[1], row[2]] as [Int64]
            }
        }
        return (queue, ids, seeds.count)
    }

    /// Inserts `rows` into a fresh store without `variant.dropped`; returns wall and CPU seconds.
    static func insert(_ rows: [Row], _ variant: Variant, _ options: Options) throws -> (Double, Double) {
        let path = try SaveBenchmark.freshPath(options, "save-ceiling.sqlite")
        defer { SaveBenchmark.removeStore(path) }
        let (queue, ids, seeds) = try seededStore(at: path)
        let bare = variant.dropped.contains("sample_type_start")
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000")
            for index in variant.dropped { try db.execute(sql: "DROP INDEX \(index)") }
            if bare {
                // The UUID's UNIQUE constraint and the field table's primary key cannot be dropped: copy the columns.
                try db.execute(sql: "CREATE TABLE bare AS SELECT * FROM sample WHERE 0; CREATE TABLE bare_field AS SELECT * FROM field WHERE 0")
            }
        }
        let (table, fieldTable) = bare ? ("bare", "bare_field") : ("sample", "field")
        let first = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM sample") ?? 0 } + 1
        let clock = ContinuousClock(), cpuStart = Measure.cpu(), begin = clock.now
        try queue.writeWithoutTransaction { db in
            // The GRDB statements own the SQLite ones: keep them alive while their handles are used.
            let sampleStatement = try db.makeStatement(sql: """
                INSERT INTO \(table) (id, uuid, kind, type, start, end, quantity, unit, original_quantity, count,
                    category_value, source_id, device_id, sync_identifier, sync_version, parent_id, payload, has_fields)
                VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, 1, NULL, ?, ?, NULL, NULL, NULL, NULL, ?)
                """)
            let fieldStatement = try db.makeStatement(
                sql: "INSERT INTO \(fieldTable) (sample_id, key, kind, text, num, extra) VALUES (?, ?, ?, NULL, ?, NULL)")
            let sample = sampleStatement.sqliteStatement, field = fieldStatement.sqliteStatement
            defer { withExtendedLifetime((sampleStatement, fieldStatement)) {} }
            var low = 0
            while low < rows.count {
                try db.inTransaction(.immediate) {
                    for offset in low ..< min(low + options.batch, rows.count) {
                        let row = rows[offset], id = first + Int64(offset)
                        sqlite3_bind_int64(sample, 1, id)
                        withUnsafeBytes(of: row.uuid.uuid) { _ = sqlite3_bind_blob(sample, 2, $0.baseAddress, 16, transient) }
                        let stream = ids[row.stream]
                        sqlite3_bind_int64(sample, 3, stream[0])
                        sqlite3_bind_double(sample, 4, row.start)
                        sqlite3_bind_double(sample, 5, row.end)
                        sqlite3_bind_double(sample, 6, row.quantity)
                        row.unit.withCString { _ = sqlite3_bind_text(sample, 7, $0, -1, transient) }
                        sqlite3_bind_double(sample, 8, row.original)
                        sqlite3_bind_int64(sample, 9, stream[1])
                        sqlite3_bind_int64(sample, 10, stream[2])
                        sqlite3_bind_int64(sample, 11, row.field == nil ? 0 : 1)
                        try step(sample, db)
                        if let entry = row.field {
                            sqlite3_bind_int64(field, 1, id)
                            entry.key.withCString { _ = sqlite3_bind_text(field, 2, $0, -1, transient) }
                            sqlite3_bind_int64(field, 3, entry.kind)
                            sqlite3_bind_double(field, 4, entry.number)
                            try step(field, db)
                        }
                    }
                    return .commit
                }
                low += options.batch
            }
        }
        let seconds = Measure.seconds(clock.now - begin), cpu = Measure.cpu() - cpuStart
        let stored = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
        precondition(stored == rows.count + (bare ? 0 : seeds), "stored \(stored) of \(rows.count)")
        return (seconds, cpu)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func step(_ statement: OpaquePointer, _ db: Database) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
