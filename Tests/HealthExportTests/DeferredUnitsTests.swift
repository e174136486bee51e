import Foundation
import HealthDatabase
@testable import HealthExport
import Testing

/// Records held back for the correlations (``DeferredUnits``): those past the memory limit go to a temporary file and
/// must come back exactly as they went in, every part of every record, in order.
struct DeferredUnitsTests {
    static let watch = DeviceRecord(properties: ["HKDevicePropertyName": "Apple Watch", "HKDevicePropertyHardwareVersion": "Watch6,1"])
    static let scale = DeviceRecord(properties: ["HKDevicePropertyName": "Scale"])
    static let app = SourceRecord(bundleIdentifier: "export.Food App", name: "Food App", version: "3")
    static let health = SourceRecord(bundleIdentifier: "com.apple.Health", name: "Health")

    /// Records with every optional part absent or present, each field kind, odd numbers and text.
    static let units: [ImportUnit] = {
        let start = Date(timeIntervalSinceReferenceDate: 690_000_000.123_456_789)
        let full = SampleRecord(
            uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierDietaryProtein", startDate: start,
            endDate: start.addingTimeInterval(0.1), quantity: 0.1 + 0.2, unit: "g", originalQuantity: -0.0, count: 3,
            categoryValue: -7, source: app, device: watch,
            fields: ["HKFoodType": .text("Soup & “bread” 🍞"), "Count": .number(-12), "HKWasUserEntered": .bool(true),
                     "Checked": .date(start.addingTimeInterval(1e-6)), "HKAverageMETs": .quantity(base: 1.4444444444444444, text: "5.2 kcal/hr·kg"),
                     "Empty": .text("")],
            syncIdentifier: "sync-1", syncVersion: Int64.min, parent: UUID(), payload: Data([0, 1, 2, 255]))
        let bare = SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierBloodPressureSystolic",
                                startDate: start, endDate: start, source: health)
        let empty = SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierDietaryWater", startDate: start,
                                 endDate: start, quantity: .infinity, unit: "", source: app, device: scale, syncIdentifier: "",
                                 payload: Data())
        // Only units that may be correlation members are held back (`ImportWriter`), so each one says so.
        let unit = { (records: [SampleRecord], line: Int) in ImportUnit(records: records, line: line, mayBeCorrelationMember: true) }
        return [unit([full], 12), unit([bare, empty], 1 << 20), unit([empty], 0), unit([bare], 13)]
    }()

    @Test("units held in memory and units spilled to the temporary file come back equal, in order", arguments: [0, 2, 100])
    func spilledUnitsComeBackEqual(memoryLimit: Int) throws {
        var deferred = DeferredUnits(memoryLimit: memoryLimit)
        for _ in 0..<3 { for unit in Self.units { try deferred.append(unit) } }
        var drained: [ImportUnit] = []
        try deferred.drain { drained.append($0) }
        let expected = Array(repeating: Self.units, count: 3).flatMap { $0 }
        #expect(drained.count == expected.count)
        for (back, unit) in zip(drained, expected) {
            #expect(back.line == unit.line && back.mayBeCorrelationMember)
            #expect(back.records == unit.records)
            #expect(back.records.map(\.startDate.timeIntervalSinceReferenceDate) == unit.records.map(\.startDate.timeIntervalSinceReferenceDate))
        }
    }
}
