import Foundation
import HealthKitModel

/// The statistics a workout builder computes from the quantity samples added to it (OpenHealthKit internals).
///
/// Per quantity type, in the type's ``StatisticsUnit``: cumulative types get a **sum**; discrete types get the
/// **minimum**, **maximum** and **average**, computed by the statistics engine's discrete figures over one interval
/// (so the average follows the type's aggregation style, as in a statistics query: time-weighted for heart rate,
/// on the energy scale for sound levels, the plain mean for `discreteArithmetic` types). Every type also gets its
/// **most recent** value. The statistics span the earliest start to the latest end of the samples counted; for the
/// time-weighted average an instantaneous reading holds until the next one, or until the end of the workout (or
/// activity) for the last. Quantity samples held by a correlation count as well.
enum WorkoutBuilderStatistics {
    /// Statistics per quantity type for the quantity samples among `samples` that pass `isIncluded`, over a workout
    /// or activity that ends at `until` (nil: at the latest end of the samples).
    static func compute(_ samples: [HKSample], until: Date? = nil,
                        where isIncluded: (HKSample) -> Bool = { _ in true }) -> [HKQuantityType: HKStatistics] {
        let quantities = samples.flatMap(flattened).compactMap { $0 as? HKQuantitySample }.filter(isIncluded)
        let byType = Dictionary(grouping: quantities, by: \.quantityType)
        var result: [HKQuantityType: HKStatistics] = [:]
        for (type, group) in byType {
            guard let first = group.first else { continue }
            let start = group.map(\.startDate).min() ?? first.startDate
            let end = group.map(\.endDate).max() ?? first.endDate
            let interval = DateInterval(start: start, end: max(end, until ?? end))
            result[type] = HKStatistics(quantityType: type, startDate: start, endDate: end, merged: figures(type, group, over: interval))
        }
        return result
    }

    /// Samples starting inside `[start, end)` (or at `start` when the interval is empty) pass.
    static func starting(from start: Date, before end: Date) -> (HKSample) -> Bool {
        { sample in sample.startDate >= start && (sample.startDate < end || sample.startDate == start) }
    }

    private static func figures(_ type: HKQuantityType, _ group: [HKQuantitySample], over interval: DateInterval) -> HKStatistics.Figures {
        let unit = StatisticsUnit(type).unit
        let values = group.map { $0.quantity.doubleValue(for: unit) }
        let quantity = { (value: Double) in HKQuantity(unit: unit, doubleValue: value) }
        let latest = group.max { ($0.endDate, $0.startDate) < ($1.endDate, $1.startDate) }
        var figures = HKStatistics.Figures(
            mostRecent: latest?.quantity,
            mostRecentDateInterval: latest.map { DateInterval(start: $0.startDate, end: $0.endDate) })
        if type.aggregationStyle == .cumulative {
            figures.sum = quantity(values.reduce(0, +))
        } else {
            // One bucket; it must end after the latest start (buckets are half-open), so an instantaneous sample at
            // the very end still belongs to it.
            let latestStart = group.map(\.startDate).max() ?? interval.start
            let bucketEnd = interval.end > latestStart ? interval.end
                : Date(timeIntervalSinceReferenceDate: latestStart.timeIntervalSinceReferenceDate.nextUp)
            let bucket = DateInterval(start: interval.start, end: bucketEnd)
            let inputs = zip(group, values).map { StatisticsSample(start: $0.startDate, end: $0.endDate, value: $1, source: "") }
            let discrete = StatisticsDiscrete.figures(inputs, style: type.aggregationStyle,
                                                      proration: StatisticsProration(intervals: [bucket]))[0]
            figures.minimum = discrete.minimum.map(quantity)
            figures.maximum = discrete.maximum.map(quantity)
            figures.average = discrete.average.map(quantity)
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
        let statistics = WorkoutBuilderStatistics.compute(samples, until: end,
                                                          where: WorkoutBuilderStatistics.starting(from: activity.startDate, before: end))
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
