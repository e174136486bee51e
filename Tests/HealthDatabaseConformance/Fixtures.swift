import Foundation
import HealthDatabase
import Testing

/// Records and helpers the checks share. Times are seconds after ``t0``, in exactly representable steps,
/// so dates compare equal after any engine's round trip.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"

    static let app = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
    static let other = SourceRecord(bundleIdentifier: "com.example.other", name: "Other")
    static let watch = SourceRecord(bundleIdentifier: "com.apple.health.watch", name: "Watch", version: "10.1",
                                    productType: "Watch6,1", operatingSystemVersion: "10.1.0")
    static let watchDevice = DeviceRecord(properties: ["HKDevicePropertyName": "Apple Watch",
                                                       "HKDevicePropertyManufacturer": "Apple Inc."])
    static let scale = DeviceRecord(properties: ["HKDevicePropertyName": "Scale"])

    static func date(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    /// A quantity sample from `start` to `end` (instantaneous when `end` is nil).
    static func quantity(_ value: Double, _ start: TimeInterval, _ end: TimeInterval? = nil, type: String = steps,
                         source: SourceRecord = app, device: DeviceRecord? = nil, fields: [String: FieldValue] = [:],
                         sync: (String, Int64)? = nil, parent: UUID? = nil) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: type, startDate: date(start), endDate: date(end ?? start),
                     quantity: value, unit: "count", originalQuantity: value, source: source, device: device,
                     fields: fields, syncIdentifier: sync?.0, syncVersion: sync?.1, parent: parent)
    }

    /// A category sample.
    static func category(_ value: Int, _ start: TimeInterval, _ end: TimeInterval, source: SourceRecord = app,
                         fields: [String: FieldValue] = [:]) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .category, type: sleep, startDate: date(start), endDate: date(end),
                     categoryValue: value, source: source, fields: fields)
    }

    /// A blood-pressure correlation and two members, correlation first (save order).
    static func correlation(at time: TimeInterval, source: SourceRecord = app, sync: (String, Int64)? = nil) -> [SampleRecord] {
        let parent = SampleRecord(uuid: UUID(), kind: .correlation, type: bloodPressure, startDate: date(time),
                                  endDate: date(time), source: source, syncIdentifier: sync?.0, syncVersion: sync?.1)
        return [parent,
                quantity(120, time, type: systolic, source: source, parent: parent.uuid),
                quantity(80, time, type: "HKQuantityTypeIdentifierBloodPressureDiastolic", source: source, parent: parent.uuid)]
    }

    /// The UUIDs of the records matching `filter`.
    static func matches(_ storage: any HealthStorage, _ filter: SampleFilter) throws -> Set<UUID> {
        Set(try storage.records(matching: filter, sort: [], limit: nil).map(\.uuid))
    }

    /// Expects `filter` to select exactly `expected`, and `count` to agree.
    static func expect(_ storage: any HealthStorage, _ filter: SampleFilter, _ expected: [SampleRecord],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try matches(storage, filter)
        #expect(found == Set(expected.map(\.uuid)), "filter \(filter)", sourceLocation: sourceLocation)
        #expect(try storage.count(matching: filter) == expected.count, "count for \(filter)", sourceLocation: sourceLocation)
    }

    /// Whether `body` throws `expected`.
    static func expectError(_ expected: StorageError, sourceLocation: SourceLocation = #_sourceLocation,
                            _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as StorageError {
            #expect(error == expected, sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
        }
    }
}
