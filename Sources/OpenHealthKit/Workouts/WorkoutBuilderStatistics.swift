import Foundation
import HealthKitModel

/// The statistics a workout builder computes from the quantity samples added to it (OpenHealthKit internals).
///
/// Per quantity type, in the type's canonical unit: cumulative types get a **sum**; discrete types get the
/// **minimum**, **maximum** and **average**. The average is the arithmetic mean of the samples for every
/// discrete style: HealthKit weights `discreteTemporallyWeighted` averages by time and averages
/// `discreteEquivalentContinuousLevel` (sound levels) on the energy scale, which this approximates. Every type
/// also gets its **most recent** value. The statistics span the earliest start to the latest end of the
/// samples counted. Quantity samples held by a correlation count as well.
enum WorkoutBuilderStatistics {
    /// Statistics per quantity type for the quantity samples among `samples` that pass `isIncluded`.
    static func compute(_ samples: [HKSample], where isIncluded: (HKSample) -> Bool = { _ in true }) -> [HKQuantityType: HKStatistics] {
        let quantities = samples.flatMap(flattened).compactMap { $0 as? HKQuantitySample }.filter(isIncluded)
        let byType = Dictionary(grouping: quantities, by: \.quantityType)
        var result: [HKQuantityType: HKStatistics] = [:]
        for (type, group) in byType {
            guard let first = group.first else { continue }
            let start = group.map(\.startDate).min() ?? first.startDate
            let end = group.map(\.endDate).max() ?? first.endDate
            result[type] = HKStatistics(quantityType: type, startDate: start, endDate: end, merged: figures(type, group))
        }
        return result
    }

    /// Samples starting inside `[start, end)` (or at `start` when the interval is empty) pass.
    static func starting(from start: Date, before end: Date) -> (HKSample) -> Bool {
        { sample in sample.startDate >= start && (sample.startDate < end || sample.startDate == start) }
    }

    private static func figures(_ type: HKQuantityType, _ group: [HKQuantitySample]) -> HKStatistics.Figures {
        let unit = type.canonicalUnit
        let values = group.map { $0.quantity.doubleValue(for: unit) }
        let quantity = { (value: Double) in HKQuantity(unit: unit, doubleValue: value) }
        let latest = group.max { ($0.endDate, $0.startDate) < ($1.endDate, $1.startDate) }
        var figures = HKStatistics.Figures(
            mostRecent: latest?.quantity,
            mostRecentDateInterval: latest.map { DateInterval(start: $0.startDate, end: $0.endDate) })
        if type.aggregationStyle == .cumulative {
            figures.sum = quantity(values.reduce(0, +))
        } else if let minimum = values.min(), let maximum = values.max() {
            figures.minimum = quantity(minimum)
            figures.maximum = quantity(maximum)
            figures.average = quantity(values.reduce(0, +) / Double(values.count))
        }
        return figures
    }

    /// A sample and, for a correlation, the samples it holds.
    private static func flattened(_ sample: HKSample) -> [HKSample] {
        guard let correlation = sample as? HKCorrelation else { return [sample] }
        return [sample] + correlation.objects.sorted { $0.startDate < $1.startDate }
    }
}

/// Workout activities as a builder changes and completes them (OpenHealthKit internals).
enum WorkoutBuilderActivities {
    /// `activity` ending at `end`.
    static func ending(_ activity: HKWorkoutActivity, at end: Date) -> HKWorkoutActivity {
        rebuilt(activity, end: end, metadata: activity.metadata, events: activity.workoutEvents, statistics: activity.allStatistics)
    }

    /// `activity` with `metadata` merged into its own (later values win).
    static func adding(_ metadata: [String: Any], to activity: HKWorkoutActivity) -> HKWorkoutActivity {
        let merged = (activity.metadata ?? [:]).merging(metadata) { _, latest in latest }
        return rebuilt(activity, end: activity.endDate, metadata: merged, events: activity.workoutEvents, statistics: activity.allStatistics)
    }

    /// `activity` as the finished workout holds it: the workout's events that overlap it, and statistics
    /// of the samples that start during it.
    static func completed(_ activity: HKWorkoutActivity, workoutEnd: Date, events: [HKWorkoutEvent], samples: [HKSample]) -> HKWorkoutActivity {
        let end = activity.endDate ?? workoutEnd
        let overlapping = events.filter { $0.dateInterval.start <= end && $0.dateInterval.end >= activity.startDate }
        let statistics = WorkoutBuilderStatistics.compute(samples, where: WorkoutBuilderStatistics.starting(from: activity.startDate, before: end))
        return rebuilt(activity, end: end, metadata: activity.metadata, events: overlapping, statistics: statistics)
    }

    /// Active time from `start` to `end` less the pauses `events` record, as `HKWorkout.duration` counts it.
    static func activeDuration(start: Date, end: Date, events: [HKWorkoutEvent]) -> TimeInterval {
        HKWorkoutActivity(uuid: ObjectUUID.make(), configuration: HKWorkoutConfiguration(), start: start, end: max(start, end),
                          metadata: nil, events: events, statistics: [:]).duration
    }

    private static func rebuilt(_ activity: HKWorkoutActivity, end: Date?, metadata: [String: Any]?,
                                events: [HKWorkoutEvent], statistics: [HKQuantityType: HKStatistics]) -> HKWorkoutActivity {
        HKWorkoutActivity(uuid: activity.uuid, configuration: activity.workoutConfiguration, start: activity.startDate, end: end,
                          metadata: metadata, events: events, statistics: statistics)
    }
}
