import Foundation
import HealthDatabase
import HealthKitModel

/// Computes the statistics of one quantity type over consecutive buckets from a store, reading the samples a
/// window of buckets at a time so memory stays bounded however long the range.
///
/// Each bucket's figures depend only on the samples overlapping it (proration, the merge sweep and the discrete
/// figures all clip to the bucket), so reading the samples overlapping each window and computing that window's
/// buckets gives exactly what one pass over every sample would.
package struct StatisticsReader: Sendable {
    /// The store's storage.
    package let storage: any HealthStorage
    /// The quantity type.
    package let type: HKQuantityType
    /// The samples to use: the type, the query's predicate and the app's read restriction.
    package let filter: SampleFilter
    /// The options asked for.
    package let options: HKStatisticsOptions
    /// Whether the reader sees every sample of the type: no predicate, and an app that may read them all.
    package let isUnfiltered: Bool
    /// The unit the samples' values are read and the figures reported in.
    package let unit: StatisticsUnit

    /// About how much time one read covers (whole buckets; at least one bucket per read).
    static let windowSeconds: TimeInterval = 7 * 86_400

    /// A reader for the samples of `type` matching `predicate` that `context`'s app may read.
    package init(context: QueryContext, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions) throws {
        self.storage = context.storage
        self.type = type
        self.filter = try context.filter(types: [type], predicate: predicate)
        self.options = options
        self.unit = StatisticsUnit(type)
        self.isUnfiltered = try predicate == nil && context.store.readRestriction(for: [type]) == .all
    }

    /// The date window every matching sample must meet: the intersection of the windows the filter requires (at its
    /// top level or inside `and`s), nil when it requires none.
    package var dateWindow: DateWindow? {
        func windows(_ filter: SampleFilter) -> [DateWindow] {
            switch filter {
            case .window(let window): [window]
            case .and(let parts): parts.flatMap(windows)
            default: []
            }
        }
        let all = windows(filter)
        guard !all.isEmpty else { return nil }
        let starts = all.compactMap(\.start), ends = all.compactMap(\.end)
        return DateWindow(start: starts.max(), end: ends.min())
    }

    /// The merge order and the `HKSource` of every source with matching samples.
    package func priority() throws -> (priority: StatisticsSourcePriority, sources: [String: HKSource]) {
        let (order, records) = try SourcePriorityRule.order(storage, matching: filter)
        return (StatisticsSourcePriority(order), records.mapValues { SourceMapping.revision(from: $0).source })
    }

    /// The earliest start and the latest end of the matching samples, or nil when there are none.
    package func dataRange() throws -> DateInterval? {
        let first = try storage.records(matching: filter, sort: [SampleSort(.startDate)], limit: 1, includePayload: false)
        let last = try storage.records(matching: filter, sort: [SampleSort(.endDate, ascending: false)], limit: 1,
                                       includePayload: false)
        guard let start = first.first?.startDate, let end = last.first?.endDate else { return nil }
        return DateInterval(start: start, end: max(start, end))
    }

    /// The range a collection lays its intervals over: ``dataRange()``, starting no earlier than the predicate's date
    /// window (a sample that reaches into the window from before it, or merely ends at its start, does not open an
    /// interval before the window; its part inside counts in the window's first interval).
    package func intervalRange() throws -> DateInterval? {
        guard let range = try dataRange() else { return nil }
        guard let start = dateWindow?.start, start > range.start else { return range }
        return DateInterval(start: start, end: max(start, range.end))
    }

    /// The figures of each of the consecutive `intervals`.
    package func compute(_ intervals: [DateInterval], priority: StatisticsSourcePriority) throws -> [StatisticsBucketResult] {
        var results: [StatisticsBucketResult] = []
        results.reserveCapacity(intervals.count)
        var lower = 0
        while lower < intervals.count {
            var upper = lower + 1
            while upper < intervals.count, intervals[upper].end.timeIntervalSince(intervals[lower].start) <= Self.windowSeconds {
                upper += 1
            }
            let window = Array(intervals[lower..<upper])
            results += StatisticsEngine.compute(try samples(overlapping: window), intervals: window,
                                                style: type.aggregationStyle, priority: priority,
                                                separateBySource: options.contains(.separateBySource),
                                                mostRecent: options.contains(.mostRecent))
            lower = upper
        }
        return results
    }

    /// The matching samples overlapping the buckets `window`, as the engine's input.
    private func samples(overlapping window: [DateInterval]) throws -> [StatisticsSample] {
        guard let first = window.first, let last = window.last else { return [] }
        // Widened by a millisecond: stored dates lose the last bits of precision (an instant at the very end of a
        // one-shot query's bucket must still be read); the engine drops whatever lies outside the buckets.
        let window = DateWindow(start: first.start.addingTimeInterval(-0.001), end: last.end.addingTimeInterval(0.001))
        let bounded = SampleFilter.and([filter, .window(window)])
        return try storage.records(matching: bounded, sort: [], limit: nil, includePayload: false).map { StatisticsSample(record: $0, unit: unit) }
    }
}

extension StatisticsSample {
    /// A stored quantity sample as the engine's input, its value in `unit` (the canonical unit when nil).
    package init(record: SampleRecord, unit: StatisticsUnit? = nil) {
        self.init(start: record.startDate, end: record.endDate, value: unit?.value(of: record) ?? record.quantity ?? 0,
                  source: record.source.bundleIdentifier,
                  userEntered: record.fields[HKMetadataKeyWasUserEntered]?.comparableNumber == 1)
    }
}

extension StatisticsBucketResult {
    /// The bucket as an `HKStatistics` of `type` holding only the figures `options` ask for (per-source figures
    /// only with `separateBySource`), over `interval` (the bucket's own when nil).
    package func statistics(of type: HKQuantityType, sources: [String: HKSource], options: HKStatisticsOptions,
                            interval: DateInterval? = nil) -> HKStatistics {
        let unit = StatisticsUnit(type).unit
        var perSource: [HKSource: HKStatistics.Figures]?
        if options.contains(.separateBySource) {
            perSource = Dictionary(uniqueKeysWithValues: bySource.map { id, values in
                (sources[id] ?? HKSource(name: id, bundleIdentifier: id), options.mask(values.figures(unit: unit)))
            })
        }
        let span = interval ?? self.interval
        return HKStatistics(quantityType: type, startDate: span.start, endDate: span.end,
                            merged: options.mask(merged.figures(unit: unit)), bySource: perSource)
    }

    /// Whether any sample counted in the bucket.
    package var hasData: Bool { merged.duration != nil || merged.mostRecent != nil }
}
