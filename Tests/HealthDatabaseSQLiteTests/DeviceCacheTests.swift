import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// The device ids a store caches stay few however many distinct devices it is given (an export can name a new device
/// on every record), and a device the cache forgot still gets its one row.
struct DeviceCacheTests {
    static let source = SourceRecord(bundleIdentifier: "com.example.strap", name: "Strap")

    /// `count` heart-rate records, each from a device of its own, numbered from `first`.
    static func records(_ count: Int, from first: Int) -> [SampleRecord] {
        (first..<first + count).map { number in
            SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierHeartRate",
                         startDate: Date(timeIntervalSince1970: Double(number) * 10), endDate: Date(timeIntervalSince1970: Double(number) * 10),
                         quantity: 1, unit: "count/s", originalQuantity: 60, source: source,
                         device: DeviceRecord(properties: ["HKDevicePropertyName": "Strap", "localIdentifier": "\(number)"]))
        }
    }

    @Test func theCacheHoldsOneTransactionsDevicesBeyondItsCapacity() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let batch = 5_000
        for first in stride(from: 0, to: 4 * batch, by: batch) { _ = try storage.save(Self.records(batch, from: first)) }
        #expect(storage.identities.cachedDevices <= max(4_096, batch), "4,096 devices, or one transaction's")
        // The first batch's devices were forgotten: saving them again finds their rows instead of adding new ones.
        _ = try storage.save(Self.records(batch, from: 0).map { record in
            var again = record
            again.uuid = UUID()
            return again
        })
        let rows = try storage.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM device") }
        #expect(rows == 4 * batch)
    }
}
