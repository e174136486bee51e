import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Stores, samples and runners for the collection query and source priority tests.
enum CollectionFixture {
    typealias F = StoreFixture

    static let bpm = HKUnit(from: "count/min")

    /// A calendar in `zone`.
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// The instant of a wall-clock time in `zone`.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
                     zone: String = "Europe/Berlin") -> Date {
        calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// `value` steps from `start` lasting `minutes`, optionally measured by `device` or with `metadata`.
    static func steps(_ value: Double, _ start: Date, minutes: Double, device: HKDevice? = nil,
                      metadata: [String: Any]? = nil) -> HKQuantitySample {
        HKQuantitySample(type: F.stepCount, quantity: HKQuantity(unit: .count(), doubleValue: value), start: start,
                         end: start.addingTimeInterval(minutes * 60), device: device, metadata: metadata)
    }

    /// A heart rate of `value` from `start` lasting `minutes`.
    static func rate(_ value: Double, _ start: Date, minutes: Double = 0) -> HKQuantitySample {
        HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: start,
                         end: start.addingTimeInterval(minutes * 60))
    }

    /// A device of `model` (`Watch`, `iPhone`).
    static func device(_ model: String, hardware: String? = nil) -> HKDevice {
        HKDevice(name: model, manufacturer: "Apple Inc.", model: model, hardwareVersion: hardware, firmwareVersion: nil,
                 softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
    }

    /// Days of `components` in `zone`, anchored at midnight of 2024-01-01 there.
    static func query(_ type: HKQuantityType = F.stepCount, options: HKStatisticsOptions, zone: String = "Europe/Berlin",
                      components: DateComponents = DateComponents(day: 1), predicate: NSPredicate? = nil) -> HKStatisticsCollectionQuery {
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: predicate, options: options,
                                                anchorDate: date(2024, 1, 1, zone: zone), intervalComponents: components)
        query.intervalCalendar = calendar(zone)
        return query
    }

    /// Runs `query` once and returns its collection.
    static func run(_ store: HKHealthStore, _ query: HKStatisticsCollectionQuery) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else { continuation.resume(throwing: error!) }
            }
            store.execute(query)
        }
    }

    /// The merged sum of the interval containing `date`, in counts.
    static func sum(_ collection: HKStatisticsCollection, _ date: Date) -> Double? {
        collection.statistics(for: date)?.sumQuantity()?.doubleValue(for: .count())
    }

    /// Whether `value` is within 1e-9 (relative) of `expected`.
    static func close(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= 1e-9 * max(1, abs(expected))
    }

    /// The person's own store (may change the source priority) over `storage`.
    static func owner(_ storage: SQLiteHealthStorage) -> HKHealthStore {
        let store = HKHealthStore.owner(storage: storage)
        store.changePollingInterval = 0.01
        return store
    }
}
