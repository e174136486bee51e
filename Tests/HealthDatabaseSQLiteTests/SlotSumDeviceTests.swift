import Foundation
import GRDB
import HealthDatabase
import HealthDatabaseSQLite
import Testing
import TestSupport

/// The summaries' device dimension on SQLite: slot sums per device, device conditions resolved to the ids the sums
/// carry, and summaries of the layout without devices dropped and installed again.
struct SlotSumDeviceTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
    static let watch = DeviceRecord(properties: ["HKDevicePropertyName": "Watch", "HKDevicePropertyModel": "Watch"])
    static let phone = DeviceRecord(properties: ["HKDevicePropertyName": "Phone", "HKDevicePropertyModel": "iPhone",
                                                 "HKDevicePropertyHardwareVersion": "iPhone15,2"])

    static func sample(_ quantity: Double, device: DeviceRecord?, minute: Double = 0) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: steps, startDate: Date(timeIntervalSince1970: minute * 60),
                     endDate: Date(timeIntervalSince1970: minute * 60 + 60), quantity: quantity, unit: "count",
                     originalQuantity: quantity, source: source, device: device)
    }

    /// The slot sums of slot 0 by device id, and the ids of the watch and the phone.
    static func sums(_ storage: SQLiteHealthStorage) throws -> (sums: [Int64: Double], watch: Int64, phone: Int64) {
        let sums = try storage.slotSums(type: steps, slots: 0 ... 0)
        let watch = try #require(try storage.slotSumDevices(matching: .devices([Self.watch]))?.first)
        let phone = try #require(try storage.slotSumDevices(matching: .devices([Self.phone]))?.first)
        return (Dictionary(uniqueKeysWithValues: sums.map { ($0.device, $0.total) }), watch, phone)
    }

    @Test func slotSumsArePerDeviceAndConditionsResolveToTheirIDs() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try storage.prepareSlotSums()
        _ = try storage.save([Self.sample(5, device: Self.watch), Self.sample(7, device: Self.phone, minute: 1),
                              Self.sample(11, device: nil, minute: 2), Self.sample(13, device: Self.watch, minute: 3)])
        let (sums, watch, phone) = try Self.sums(storage)
        #expect(watch != phone && watch != 0 && phone != 0)
        #expect(sums == [watch: 18, phone: 7, 0: 11])
        #expect(try storage.slotSumDevices(matching: .deviceProperty(key: "HKDevicePropertyModel", values: ["Watch", "iPhone"])) == [watch, phone])
        // Devices without the property, and samples without a device.
        #expect(try storage.slotSumDevices(matching: .deviceProperty(key: "HKDevicePropertyHardwareVersion", values: [])) == [watch, 0])
        #expect(try storage.slotSumDevices(matching: .not(.devices([Self.watch]))) == [phone, 0])
        #expect(try storage.slotSumDevices(matching: .devices([DeviceRecord(properties: ["HKDevicePropertyName": "Other"])])) == [])

        // Deleting takes a sample out of its device's sum only.
        _ = try storage.delete(matching: .and([.devices([Self.watch]), .quantity(.equal, 5)]))
        #expect(try Self.sums(storage).sums == [watch: 13, phone: 7, 0: 11])
    }

    @Test func summariesWithoutTheDeviceColumnAreInstalledAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old-summaries.sqlite")
        do {
            let storage = try SQLiteHealthStorage(path: path)
            _ = try storage.save([Self.sample(5, device: Self.watch), Self.sample(7, device: Self.phone, minute: 1)])
        }
        // `stat_slot` as it was before devices (per type, slot and source), with a figure the samples do not have.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE stat_slot (type INTEGER NOT NULL, slot INTEGER NOT NULL, source_id INTEGER NOT NULL,
                    total REAL NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (type, slot, source_id)) WITHOUT ROWID;
                INSERT INTO stat_slot SELECT type, 0, source_id, 999, 2 FROM sample LIMIT 1;
                CREATE TRIGGER stat_sample_insert AFTER INSERT ON sample BEGIN
                    INSERT INTO stat_slot VALUES (NEW.type, 0, NEW.source_id, 1000, 1)
                    ON CONFLICT (type, slot, source_id) DO UPDATE SET total = total + 1000;
                END;
                """)
        }
        try queue.close()

        let storage = try SQLiteHealthStorage(path: path)
        try storage.prepareSlotSums()
        let (sums, watch, phone) = try Self.sums(storage)
        #expect(sums == [watch: 5, phone: 7])
        _ = try storage.save([Self.sample(11, device: nil, minute: 2)])
        #expect(try Self.sums(storage).sums == [watch: 5, phone: 7, 0: 11], "the new triggers keep the new layout")
    }
}
