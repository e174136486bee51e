import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// Schema version 1 files (type names and kinds as text) open as the current version with every record, change, tombstone,
/// grant and setting intact; a file that cannot be migrated is left as it was.
struct MigrationTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example", version: "2")
    static let watch = SourceRecord(bundleIdentifier: "com.apple.health", name: "Watch", operatingSystemVersion: "11.0")
    static let device = DeviceRecord(properties: ["name": "Watch", "model": "Watch7,1"])
    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    /// The records the v1 file holds, at change positions 1...5 and 7 (6 is a deletion).
    static let records: [SampleRecord] = {
        let pressure = UUID()
        return [
            SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: date(0), endDate: date(600), quantity: 5,
                         unit: "count", originalQuantity: 5, source: source, device: device,
                         fields: ["note": .text("hi"), "HKWasUserEntered": .number(0)]),
            SampleRecord(uuid: UUID(), kind: .quantity, type: heartRate, startDate: date(1000), endDate: date(1000),
                         quantity: 1.2, unit: "count/min", originalQuantity: 72, source: watch,
                         syncIdentifier: "s1", syncVersion: 3),
            SampleRecord(uuid: pressure, kind: .correlation, type: "HKCorrelationTypeIdentifierBloodPressure",
                         startDate: date(2000), endDate: date(2000), source: source, payload: Data([1, 2, 3])),
            SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierBloodPressureSystolic",
                         startDate: date(2000), endDate: date(2000), quantity: 16_000, unit: "mmHg", originalQuantity: 120,
                         source: source, parent: pressure),
            SampleRecord(uuid: UUID(), kind: .category, type: "HKCategoryTypeIdentifierSleepAnalysis",
                         startDate: date(3000), endDate: date(9000), categoryValue: 1, source: watch),
            SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: date(2700), endDate: date(4500), quantity: 7,
                         unit: "count", originalQuantity: 7, count: 2, source: source),
        ]
    }()
    static let positions: [Int64] = [1, 2, 3, 4, 5, 7]
    static let tombstone = Tombstone(uuid: UUID(), type: steps, sourceBundleIdentifier: source.bundleIdentifier,
                                     syncIdentifier: "gone", syncVersion: 1)
    static let grant = AuthorizationGrant(app: "com.example.app", type: steps, access: .share, allowed: true, decidedAt: date(5))

    /// A version 1 file as version 1 wrote it, holding ``records``, ``tombstone``, a grant, a setting and a
    /// stand-in for the version 1 statistics summaries.
    static func writeVersion1(at path: String, kindOfFirst: String? = nil) throws {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            for (id, source) in [source, watch].enumerated() {
                try db.execute(sql: "INSERT INTO source (id, key, bundle_id, name, version, product_type, os_version) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [id + 1, source.storageKey, source.bundleIdentifier, source.name, source.version,
                                           source.productType, source.operatingSystemVersion])
            }
            try db.execute(sql: "INSERT INTO device (id, key) VALUES (1, ?)", arguments: [device.storageKey])
            for (key, value) in device.properties {
                try db.execute(sql: "INSERT INTO device_property VALUES (1, ?, ?)", arguments: [key, value])
            }
            for (index, record) in records.enumerated() {
                let parent = record.parent.map { uuid in positions[records.firstIndex { $0.uuid == uuid }!] }
                try db.execute(sql: """
                    INSERT INTO sample (id, uuid, kind, type, start, end, quantity, unit, original_quantity, count, category_value,
                        source_id, device_id, sync_identifier, sync_version, parent_id, payload, has_fields)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [positions[index], record.uuid, index == 0 ? kindOfFirst ?? record.kind.rawValue : record.kind.rawValue,
                                     record.type, record.startDate.timeIntervalSince1970, record.endDate.timeIntervalSince1970, record.quantity, record.unit,
                                     record.originalQuantity, record.count, record.categoryValue, record.source == source ? 1 : 2,
                                     record.device == nil ? nil : 1, record.syncIdentifier, record.syncVersion, parent,
                                     record.payload, !record.fields.isEmpty])
                for (key, value) in record.fields {
                    let columns = FieldCoding.columns(value)
                    try db.execute(sql: "INSERT INTO field VALUES (?, ?, ?, ?, ?, ?)",
                                   arguments: [positions[index], key, columns.kind, columns.text, columns.number, columns.extra])
                }
            }
            try db.execute(sql: "INSERT INTO tombstone VALUES (6, ?, ?, 1, ?, ?)",
                           arguments: [tombstone.uuid, tombstone.type, tombstone.syncIdentifier, tombstone.syncVersion])
            try db.execute(sql: "INSERT INTO \"grant\" VALUES (?, ?, ?, ?, ?)",
                           arguments: [grant.app, grant.type, grant.access.rawValue, grant.allowed, grant.decidedAt.timeIntervalSince1970])
            try db.execute(sql: "INSERT INTO setting VALUES ('s', 'v')")
            try db.execute(sql: """
                CREATE TABLE stat_slot (type TEXT NOT NULL, slot INTEGER NOT NULL, source_id INTEGER NOT NULL,
                    total REAL NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (type, slot, source_id)) WITHOUT ROWID;
                CREATE TABLE stat_raw (sample_id INTEGER PRIMARY KEY, type TEXT NOT NULL, start REAL NOT NULL, end REAL NOT NULL);
                CREATE TABLE stat_deleted (seq INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL,
                    first_slot INTEGER NOT NULL, last_slot INTEGER NOT NULL);
                CREATE TRIGGER stat_sample_insert AFTER INSERT ON sample WHEN NEW.kind = 'quantity' BEGIN
                    INSERT INTO stat_raw VALUES (NEW.id, NEW.type, NEW.start, NEW.end);
                END;
                """)
        }
        try queue.close()
    }

    @Test func version1FileReadsBackIdentically() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v1.sqlite")
        try Self.writeVersion1(at: path)
        let storage = try SQLiteHealthStorage(path: path)
        let records = Self.records
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(wal == 0, "the migration's copy of the tables is checkpointed out of the WAL, which is truncated")

        #expect(try storage.records(matching: .all, sort: [], limit: nil) == records)
        let changes = try storage.changes(after: 0, matching: .all, limit: nil)
        #expect(changes.changes == records[0 ..< 5].map(Change.saved) + [.deleted(Self.tombstone), .saved(records[5])])
        #expect(changes.anchor == 7)
        #expect(try storage.changes(after: 0, matching: .types([Self.steps]), limit: nil).changes
                == [.saved(records[0]), .deleted(Self.tombstone), .saved(records[5])])
        #expect(try storage.latestChangePosition() == 7)
        #expect(try storage.records(matching: .kinds([.correlation]), sort: [], limit: nil) == [records[2]])
        #expect(try storage.records(matching: .parent(records[2].uuid), sort: [], limit: nil) == [records[3]])
        #expect(try storage.count(matching: .noParent(of: .correlation)) == 5)
        #expect(try storage.count(matching: .types(["HKQuantityTypeIdentifierNeverStored"])) == 0)
        #expect(try storage.sources(matching: .all) == [Self.watch, Self.source])
        #expect(try storage.grants(for: nil) == [Self.grant])
        #expect(try storage.setting("s") == "v")

        let queue = try DatabaseQueue(path: path)
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == ["v1", "v2", "v3"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM field") == 2)
            #expect(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(type) || typeof(kind) FROM sample") == ["integerinteger"])
            #expect(try !db.tableExists("stat_slot") && !db.tableExists("stat_raw") && !db.tableExists("stat_deleted"))
            #expect(try !db.triggerExists("stat_sample_insert"))
            #expect(try db.indexes(on: "sample").map(\.name).filter { !$0.hasPrefix("sqlite_") }.sorted()
                    == ["sample_parent", "sample_source", "sample_sync", "sample_type", "sample_type_end", "sample_type_start"])
        }
        try queue.close()
    }

    @Test func migratedFileKeepsWorking() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v1.sqlite")
        try Self.writeVersion1(at: path)
        let storage = try SQLiteHealthStorage(path: path)
        let records = Self.records

        // The summaries are installed again and see the migrated samples.
        try storage.prepareSlotSums()
        #expect(try storage.slotSums(type: Self.steps, slots: nil) == [SlotSum(slot: 0, source: "com.example.app", total: 5, count: 1)])
        #expect(try storage.rawSamples(type: Self.steps).map(\.uuid) == [records[5].uuid])

        // New writes continue the positions, reuse the migrated type, source and device rows and add new types.
        let newType = SampleRecord(uuid: UUID(), kind: .category, type: "HKCategoryTypeIdentifierMindfulSession",
                                   startDate: Self.date(10_000), endDate: Self.date(10_060), categoryValue: 0, source: Self.source)
        let moreSteps = SampleRecord(uuid: UUID(), kind: .quantity, type: Self.steps, startDate: Self.date(20_000),
                                     endDate: Self.date(20_060), quantity: 3, unit: "count", source: Self.source, device: Self.device)
        _ = try storage.save([newType, moreSteps])
        #expect(try storage.latestChangePosition() == 9)
        #expect(try storage.records(matching: .types([Self.steps]), sort: [], limit: nil) == [records[0], records[5], moreSteps])
        #expect(try storage.records(matching: .types([newType.type]), sort: [], limit: nil) == [newType])
        let deleted = try storage.delete(uuids: [records[1].uuid], source: nil)
        #expect(deleted == [Tombstone(uuid: records[1].uuid, type: Self.heartRate, sourceBundleIdentifier: Self.watch.bundleIdentifier,
                                      syncIdentifier: "s1", syncVersion: 3)])
        #expect(try storage.slotSums(type: Self.steps, slots: nil).map(\.total) == [5, 3])

        let queue = try DatabaseQueue(path: path)
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM source") == 2)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM device") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM object_type") == 6)
        }
        try queue.close()
    }

    @Test func failedMigrationLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v1.sqlite")
        try Self.writeVersion1(at: path, kindOfFirst: "hologram")
        #expect { try SQLiteHealthStorage(path: path) } throws: { error in
            guard case .unavailable(let message)? = error as? StorageError else { return false }
            return message.contains("record 1") && message.contains("unknown kind 'hologram'")
        }
        let queue = try DatabaseQueue(path: path)
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 1)
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == ["v1"])
            #expect(try !db.tableExists("object_type") && db.tableExists("stat_slot"))
            #expect(try String.fetchAll(db, sql: "SELECT type FROM sample ORDER BY id") == Self.records.map(\.type))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM field") == 2)
        }
        try queue.close()
    }
}
