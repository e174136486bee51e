import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing

/// A streamed read rewrites one record from row to row, keeping what the row repeats (the unit, when its bytes are
/// the row before's): every record it hands out still holds its own row's values.
struct RecordRewriteTests {
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    @Test func eachStreamedRecordHoldsItsOwnUnit() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        // Repeats, changes (to the same length too), a missing unit, an empty one, one sharing a prefix, long and
        // non-ASCII ones.
        let units: [String?] = ["count/min", "count/min", "count/s", nil, "count/min", "", "count/mi", "count/min", "kg", "lb",
                                "lb", "kg", "mL/(kg·min)", "mL/(kg·min)", "mL/(lb·min)", "mL/(kg·h)",
                                "kcal/(hr·kg) of a long unit text", "kcal/(hr·lb) of a long unit text", "count/min"]
        let records = units.enumerated().map { index, unit in
            SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierHeartRate",
                         startDate: Date(timeIntervalSince1970: Double(index)), endDate: Date(timeIntervalSince1970: Double(index)),
                         quantity: Double(index), unit: unit, originalQuantity: unit == nil ? nil : Double(index), source: Self.source)
        }
        _ = try storage.save(records)
        var read: [(uuid: UUID, unit: String?)] = []
        try storage.forEachRecord(matching: .all, sort: [SampleSort(.startDate, ascending: true)], limit: 100, parts: []) {
            read.append(($0.uuid, $0.unit))
        }
        #expect(read.map(\.uuid) == records.map(\.uuid))
        #expect(read.map(\.unit) == units)
    }
}
