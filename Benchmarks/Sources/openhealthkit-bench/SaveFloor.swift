import Foundation
import GRDB

/// SQLite's floor for the save benchmark's rows (issue 15): one `INSERT … SELECT` from a recursive CTE into the
/// shipped `sample` schema (every index), and one more for the `field` rows of the samples that carry metadata, in
/// one transaction, with the storage layer's pragmas. No statement is prepared or bound per row, nothing crosses
/// into Swift: what SQLite itself needs to put these rows in these indexes.
///
/// The rows follow the benchmark's generator: row `n` is a heart rate from the watch when `n % 10 < 6`, else a step
/// count (from the watch for 6 and 7, the phone for 8 and 9), one every 20 s; heart rates are instants, steps last
/// 1–10 minutes; one row in five of the heart rates and one in a hundred of the steps carry a field (about 13% in
/// all, as the generator's). UUIDs are time-ordered (a zero-padded counter as 16 bytes), as OpenHealthKit makes them.
enum SaveFloor {
    /// Inserts `count` rows into a fresh store; returns wall and CPU seconds.
    static func insert(_ options: Options, count: Int) throws -> (seconds: Double, cpu: Double) {
        let path = try SaveBenchmark.freshPath(options, "save-floor.sqlite")
        defer { SaveBenchmark.removeStore(path) }
        let (queue, ids, seeds) = try SaveCeiling.seededStore(at: path)
        let first = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM sample") ?? 0 } + 1
        let (heart, watchSteps, phoneSteps) = (ids[0], ids[1], ids[2])
        let start = HealthData.epoch.timeIntervalSince1970, spacing = HealthData.spacing
        // Stream of row n: 0 heart rate (watch), 1 steps (watch), 2 steps (phone); `r` a pseudo-random number.
        let rows = """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1)),
            r AS (SELECT i, CASE WHEN i % 10 < 6 THEN 0 WHEN i % 10 < 8 THEN 1 ELSE 2 END AS stream,
                         (i * 2654435761) % 4294967296 AS r FROM n)
            """
        let sampleSQL = rows + """
            INSERT INTO sample (id, uuid, kind, type, start, end, quantity, unit, original_quantity, count,
                                category_value, source_id, device_id, sync_identifier, sync_version, parent_id, payload, has_fields)
            SELECT \(first) + i, CAST(printf('%016d', \(first) + i) AS BLOB), 1,
                   CASE stream WHEN 0 THEN \(heart[0]) ELSE \(watchSteps[0]) END,
                   \(start) + i * \(spacing),
                   \(start) + i * \(spacing) + CASE stream WHEN 0 THEN 0 ELSE 60 * (1 + r % 10) END,
                   CASE stream WHEN 0 THEN (50 + r % 100) / 60.0 ELSE (r / 256) % 800 END,
                   CASE stream WHEN 0 THEN 'count/min' ELSE 'count' END,
                   CASE stream WHEN 0 THEN 50 + r % 100 ELSE (r / 256) % 800 END, 1, NULL,
                   CASE stream WHEN 0 THEN \(heart[1]) WHEN 1 THEN \(watchSteps[1]) ELSE \(phoneSteps[1]) END,
                   CASE stream WHEN 0 THEN \(heart[2]) WHEN 1 THEN \(watchSteps[2]) ELSE \(phoneSteps[2]) END,
                   NULL, NULL, NULL, NULL,
                   CASE WHEN (stream = 0 AND r % 5 = 0) OR (stream > 0 AND r % 100 = 7) THEN 1 ELSE 0 END
            FROM r
            """
        let fieldSQL = rows + """
            INSERT INTO field (sample_id, key, kind, text, num, extra)
            SELECT \(first) + i, CASE stream WHEN 0 THEN 'HKMetadataKeyHeartRateMotionContext' ELSE 'HKWasUserEntered' END,
                   CASE stream WHEN 0 THEN 1 ELSE 2 END, NULL, CASE stream WHEN 0 THEN (r / 256) % 3 ELSE 1 END, NULL
            FROM r WHERE (stream = 0 AND r % 5 = 0) OR (stream > 0 AND r % 100 = 7)
            """
        let clock = ContinuousClock(), cpuStart = Measure.cpu(), begin = clock.now
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000")
            try db.inTransaction(.immediate) {
                try db.execute(sql: sampleSQL)
                try db.execute(sql: fieldSQL)
                return .commit
            }
        }
        let seconds = Measure.seconds(clock.now - begin), cpu = Measure.cpu() - cpuStart
        let stored = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? 0 }
        precondition(stored == count + seeds, "stored \(stored) of \(count)")
        return (seconds, cpu)
    }
}
