import Foundation
import HealthKitModel
import HealthUnits
import OpenHealthKit

/// What the dashboard reads about a quantity type, always through the signed-in person's own `HKHealthStore` and
/// HealthKit's query classes: an `HKStatisticsCollectionQuery` per window (sums merged across sources by the store's
/// source priority, as the Health app's charts are), an `HKStatisticsQuery` for a discrete type's whole-window figures,
/// and an `HKSourceQuery` for who wrote the data.
enum DashboardQueries {
    /// One interval's figures, in the page's unit; all nil when the interval has no data.
    struct Figures: Sendable, Equatable {
        /// The interval.
        var interval: DateInterval
        /// The total (cumulative types).
        var sum: Double?
        /// The average (discrete types).
        var average: Double?
        /// The least value (discrete types).
        var minimum: Double?
        /// The greatest value (discrete types).
        var maximum: Double?

        /// The value a chart draws: the sum, else the average.
        var value: Double? { sum ?? average }
    }

    /// A type's figures over a window: every interval's, and the whole window's.
    struct Window: Sendable {
        /// Each interval's figures, oldest first.
        var intervals: [Figures]
        /// The whole window's: for cumulative types the sum of the intervals' totals; for discrete types the least,
        /// greatest and average of every sample starting in the window.
        var overall: Figures
    }

    /// The statistics a chart of `type` needs: sums for cumulative types, minimum, maximum and average otherwise.
    static func options(for type: HKQuantityType) -> HKStatisticsOptions {
        type.aggregationStyle == .cumulative ? .cumulativeSum : [.discreteMin, .discreteMax, .discreteAverage]
    }

    /// The unit the person prefers for `type` (HealthKit's `preferredUnits(for:)`).
    static func unit(for type: HKQuantityType, in store: HKHealthStore) async throws -> HKUnit {
        try await store.preferredUnits(for: [type])[type] ?? type.canonicalUnit
    }

    /// `type`'s figures in `window`, in `unit`.
    static func figures(_ store: HKHealthStore, type: HKQuantityType, window: ChartWindow, unit: HKUnit) async throws -> Window {
        let options = options(for: type)
        let predicate = HKQuery.predicateForSamples(withStart: window.start, end: window.end)
        let query = try HKStatisticsCollectionQuery.checked(quantityType: type, quantitySamplePredicate: predicate, options: options,
                                                            anchorDate: window.start, intervalComponents: window.interval)
        query.intervalCalendar = window.calendar
        let collection = try await QueryRunner.collection(store, query: query)
        let intervals = window.intervals.map { interval in
            figures(collection.statistics(for: interval.start), interval: interval, unit: unit)
        }
        let whole = DateInterval(start: window.start, end: window.end)
        if type.aggregationStyle == .cumulative {
            let sums = intervals.compactMap(\.sum)
            return Window(intervals: intervals, overall: Figures(interval: whole, sum: sums.isEmpty ? nil : sums.reduce(0, +)))
        }
        let starting = HKQuery.predicateForSamples(withStart: window.start, end: window.end, options: [.strictStartDate])
        return Window(intervals: intervals, overall: figures(try await QueryRunner.statistics(store, type: type, predicate: starting, options: options),
                                                             interval: whole, unit: unit))
    }

    /// The sources of `type`'s samples in `window`, highest priority first (the order statistics merge them by).
    static func sources(_ store: HKHealthStore, type: HKQuantityType, window: ChartWindow) async throws -> [HKSource] {
        let found = try await QueryRunner.sources(store, type: type, predicate: HKQuery.predicateForSamples(withStart: window.start, end: window.end))
        let order = try store.sourcePriority().map(\.bundleIdentifier)
        func rank(_ source: HKSource) -> Int { order.firstIndex(of: source.bundleIdentifier) ?? order.count }
        return found.sorted { (rank($0), $0.name) < (rank($1), $1.name) }
    }

    /// One statistics object's figures in `unit` (all nil without statistics).
    private static func figures(_ statistics: HKStatistics?, interval: DateInterval, unit: HKUnit) -> Figures {
        func value(_ quantity: HKQuantity?) -> Double? { quantity.map { $0.doubleValue(for: unit) } }
        return Figures(interval: interval, sum: value(statistics?.sumQuantity()), average: value(statistics?.averageQuantity()),
                       minimum: value(statistics?.minimumQuantity()), maximum: value(statistics?.maximumQuantity()))
    }
}
