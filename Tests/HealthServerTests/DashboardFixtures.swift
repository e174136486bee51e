import Foundation
import HealthKitModel
import HealthUnits
import OpenHealthKit

/// Data the dashboard tests seed, and what they read back out of pages.
enum DashboardFixtures {
    /// The day the tests' pages are about: Thursday 26 November 2026 (pages get `date=2026-11-26&tz=UTC`).
    static let query = "date=2026-11-26&tz=UTC"

    /// UTC, Gregorian.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A UTC date from ISO 8601 text without the zone: "2026-11-26T08:00:00".
    static func date(_ text: String) -> Date {
        try! Date(text + "Z", strategy: .iso8601)
    }

    /// A step sample of `count` steps over `minutes` from `start`.
    static func steps(_ count: Double, at start: Date, minutes: Double) -> HKQuantitySample {
        HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: count),
                         start: start, end: start.addingTimeInterval(minutes * 60))
    }

    /// A heart rate reading at `date`.
    static func heartRate(_ bpm: Double, at date: Date) -> HKQuantitySample {
        HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: bpm),
                         start: date, end: date)
    }

    /// A sleep sample.
    static func sleep(_ value: HKCategoryValueSleepAnalysis, from start: Date, to end: Date) -> HKCategorySample {
        HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: value.rawValue, start: start, end: end)
    }

    /// The statistics an `HKStatisticsCollectionQuery` gives on `store` for `type`, intervals of `interval` from `start`
    /// to `end` in `calendar` (UTC by default), samples overlapping the window: each interval's start with its statistics.
    static func collection(_ store: HKHealthStore, _ type: HKQuantityType, options: HKStatisticsOptions, start: Date, end: Date,
                           interval: DateComponents, calendar: Calendar = utc) async throws -> [(Date, HKStatistics)] {
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: HKQuery.predicateForSamples(withStart: start, end: end),
                                                options: options, anchorDate: start, intervalComponents: interval)
        query.intervalCalendar = calendar
        let collection: HKStatisticsCollection = try await withCheckedThrowingContinuation { continuation in
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else { continuation.resume(throwing: error!) }
            }
            store.execute(query)
        }
        var result: [(Date, HKStatistics)] = []
        collection.enumerateStatistics(from: start, to: end) { statistics, _ in
            if statistics.startDate < end { result.append((statistics.startDate, statistics)) }
        }
        return result
    }

    /// The rows of a page's numbers table: each row's interval start and its `data-NAME` cells.
    static func rows(_ html: String) -> [(start: Date, cells: [String: Double])] {
        ServerHarness.firstMatch(#"(<tr data-start=.*?</tr>)"#, in: html).map { row in
            let start = try! Date(ServerHarness.firstMatch(#"data-start="([^"]+)""#, in: row)[0], strategy: .iso8601)
            var cells: [String: Double] = [:]
            for name in ["value", "min", "average", "max"] {
                if let text = ServerHarness.firstMatch("data-\(name)=\"([^\"]+)\"", in: row).first { cells[name] = Double(text) }
            }
            return (start, cells)
        }
    }
}
