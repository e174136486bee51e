import GRDB
import HealthDatabase

/// The database schema and its versioned migrations.
///
/// The schema version is kept in `PRAGMA user_version`; a database with a version higher than
/// ``Schema/version`` was written by a newer OpenHealthKit and is refused with
/// ``StorageError/unsupportedSchema(found:supported:)`` rather than migrated. A new file runs every migration
/// in turn (version 1's tables, then version 2's rebuild of them, instant on empty tables), so there is one
/// definition of each table.
///
/// Tables (version 2):
/// - `object_type (id, name)`: the type identifiers (`HKQuantityTypeIdentifierHeartRate`, ...), one row each,
///   never changed or deleted. `sample.type` and `tombstone.type` refer to it by id; the storage contract still
///   speaks names, which `IdentityCache` maps both ways. The id has no foreign key: only `IdentityCache` writes
///   it, after inserting the row, and the check cost ≈1.3 µs of CPU per inserted row in plain SQLite (+30% on
///   the bare insert); a missing row is reported when read.
/// - `sample`: one row per stored record. `id` is the record's change position (positions come from one
///   counter shared with `tombstone`, so a row's id is the position of the save that created it). `kind` is
///   the ``RecordKind`` as a fixed integer code: quantity 1, category 2, correlation 3, workout 4, document 5,
///   clinical 6, verifiableRecord 7, other 8, part 9 (see `RecordKind.code`).
///   Indexes: `uuid` (unique); `(type)`, the `(type, id)` order the anchored query reads; `(type, start)` for
///   date windows and the latest-first read; `(type, end)` for windows bounded by end dates; `source_id` for
///   source filters; partial indexes on `sync_identifier` and `parent_id`. `(type)` is no prefix of `(type, start)`
///   in use: its entries end in the row id, so `type = ? AND id > ? ORDER BY id LIMIT n` (a page of changes) seeks
///   straight to the anchor; without it SQLite reads every row of the type through `(type, end)` and sorts them for
///   each page, the changes read's per-type arms too (a page of 100 of the demo store's largest type: 82 ms against
///   12 ms in the sqlite3 shell). The summaries' install also reads along it, in the id order `SlotSumTotals` adds in
///   (issue 15, EXPLAIN QUERY PLAN on the 1,000,000-record demo store).
/// - `source`, `device`, `device_property`: distinct source revisions and devices, deduplicated by `key`.
/// - `field`: metadata and attributes (`text` for text values, `num` for everything comparable as a number).
/// - `tombstone`: deleted records, forever, at the position of their deletion.
/// - `grant`, `setting`: authorization decisions and the settings table.
/// - `stat_slot`, `stat_raw`, `stat_deleted`: the statistics summaries, created on first use (see `SlotSums`).
///
/// Version 1 stored `type` and `kind` as text (33-byte identifiers repeated in three indexes); the v2
/// migration rebuilds `sample` and `tombstone` with the same ids (change positions) and drops the statistics
/// summaries, which the next statistics query rebuilds.
///
/// Version 3 adds the kind `part` (9): versions 1 and 2 stored a workout's activity records (type
/// `HKWorkoutActivity`, the one kind of part OpenHealthKit writes) as `other`, and the v3 migration gives them
/// their kind, so that a workout replaced by a higher sync version loses its old activities but keeps its route.
enum Schema {
    /// The newest schema version this code knows.
    static let version = 3

    /// The migrator that brings a database to ``version``.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: version1)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        // Foreign keys are off while the tables are rebuilt (dropping `sample` must not cascade to `field`)
        // and checked before the migration's transaction commits.
        migrator.registerMigration("v2", foreignKeyChecks: .deferred) { db in
            try migrateToVersion2(db)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                UPDATE sample SET kind = ? WHERE kind = ? AND parent_id IS NOT NULL
                    AND type IN (SELECT id FROM object_type WHERE name = 'HKWorkoutActivity')
                """, arguments: [RecordKind.part.code, RecordKind.other.code])
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        return migrator
    }

    /// Refuses a database written by a newer version, then applies the missing migrations, each in one
    /// transaction (a failing migration leaves the file as it was).
    static func prepare(_ writer: any DatabaseWriter) throws {
        let found = try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard found <= version else {
            throw StorageError.unsupportedSchema(found: found, supported: version)
        }
        try migrator.migrate(writer)
        // A migration rewrites whole tables in one transaction, so the WAL holds a copy of the file (4 GB for a
        // 10,000,000-sample store). Copy it back and truncate it now: left there, the next process to open the
        // file reads all of it to rebuild the WAL index (2.3 s at that size), and the disk keeps the copy.
        if found < version, found > 0, writer is DatabasePool {
            try writer.writeWithoutTransaction { db in _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// Version 1 to 2: type names move to `object_type`, kinds become codes; `sample` and `tombstone` are
    /// rebuilt row for row with the same ids, then their indexes.
    private static func migrateToVersion2(_ db: Database) throws {
        let known = RecordKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        if let row = try Row.fetchOne(db, sql: "SELECT id, kind FROM sample WHERE kind NOT IN (\(known)) LIMIT 1") {
            throw StorageError.unavailable(
                "cannot migrate the health database to schema version 2: record \(row[0] as Int64) has the unknown kind '\(row[1] as String)'")
        }
        let kindCode = "CASE s.kind " + RecordKind.allCases.map { "WHEN '\($0.rawValue)' THEN \($0.code) " }.joined() + "END"
        try SlotSums.uninstall(db)
        try db.execute(sql: """
            CREATE TABLE object_type (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            INSERT INTO object_type (name) SELECT type FROM sample UNION SELECT type FROM tombstone;

            CREATE TABLE sample_v2 (
                id INTEGER PRIMARY KEY,
                uuid BLOB NOT NULL UNIQUE,
                kind INTEGER NOT NULL,
                type INTEGER NOT NULL,
                start REAL NOT NULL,
                end REAL NOT NULL,
                quantity REAL,
                unit TEXT,
                original_quantity REAL,
                count INTEGER NOT NULL,
                category_value INTEGER,
                source_id INTEGER NOT NULL REFERENCES source(id),
                device_id INTEGER REFERENCES device(id),
                sync_identifier TEXT,
                sync_version INTEGER,
                parent_id INTEGER REFERENCES sample(id) ON DELETE CASCADE,
                payload BLOB,
                has_fields INTEGER NOT NULL
            );
            INSERT INTO sample_v2
                SELECT s.id, s.uuid, \(kindCode), t.id, s.start, s.end, s.quantity, s.unit, s.original_quantity, s.count,
                    s.category_value, s.source_id, s.device_id, s.sync_identifier, s.sync_version, s.parent_id, s.payload,
                    s.has_fields
                FROM sample s JOIN object_type t ON t.name = s.type ORDER BY s.id;
            DROP TABLE sample;
            ALTER TABLE sample_v2 RENAME TO sample;
            CREATE INDEX sample_type ON sample(type);
            CREATE INDEX sample_type_start ON sample(type, start);
            CREATE INDEX sample_type_end ON sample(type, end);
            CREATE INDEX sample_source ON sample(source_id);
            CREATE INDEX sample_sync ON sample(sync_identifier) WHERE sync_identifier IS NOT NULL;
            CREATE INDEX sample_parent ON sample(parent_id) WHERE parent_id IS NOT NULL;

            CREATE TABLE tombstone_v2 (
                seq INTEGER PRIMARY KEY,
                uuid BLOB NOT NULL,
                type INTEGER NOT NULL,
                source_id INTEGER NOT NULL REFERENCES source(id),
                sync_identifier TEXT,
                sync_version INTEGER
            );
            INSERT INTO tombstone_v2
                SELECT d.seq, d.uuid, t.id, d.source_id, d.sync_identifier, d.sync_version
                FROM tombstone d JOIN object_type t ON t.name = d.type ORDER BY d.seq;
            DROP TABLE tombstone;
            ALTER TABLE tombstone_v2 RENAME TO tombstone;
            CREATE INDEX tombstone_type ON tombstone(type);
            """)
    }
}
