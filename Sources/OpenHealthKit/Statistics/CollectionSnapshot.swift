package import Foundation
import HealthDatabase
package import HealthKitModel

/// What a statistics collection query last computed, kept between updates so that an update recomputes only the
/// intervals a change touched and reuses the statistics of every other one.
///
/// Each interval's figures depend only on the samples overlapping it (and on the merge order), so after a save or
/// a deletion the intervals overlapping the changed summary slots are the only ones whose figures can differ. When
/// the figures came from the samples (a predicate, a restricted reader, a discrete type, unaligned intervals), when
/// the merge order changed, or when the summaries cannot say which slots changed, the update recomputes everything.
package struct CollectionSnapshot {
    /// The interval layout.
    package let buckets: StatisticsBuckets
    /// The bucket index of `intervals[0]`.
    package let firstIndex: Int
    /// The computed intervals: from the one holding the earliest matching sample to the one holding the latest.
    package let intervals: [DateInterval]
    /// The statistics of each interval (nil: no data there).
    package let computed: [HKStatistics?]
    /// Where the summaries stood when the figures were computed; nil when they came from the samples.
    package let stamp: SlotSumStatistics.Stamp?

    /// The collection a handler receives.
    package func collection(of type: HKQuantityType, options: HKStatisticsOptions) -> HKStatisticsCollection {
        HKStatisticsCollection(type: type, options: options, buckets: buckets, firstIndex: firstIndex, computed: computed)
    }

    /// The index of the first bucket of `buckets` that holds data in `range`, and the buckets from there to the
    /// one holding its end, reusing `previous`'s intervals where they overlap (calendar arithmetic per bucket is the
    /// expensive part of laying out ten years of days).
    static func layout(_ range: DateInterval, _ buckets: StatisticsBuckets,
                       reusing previous: CollectionSnapshot?) -> (first: Int, intervals: [DateInterval]) {
        let first = buckets.index(containing: range.start), last = buckets.index(containing: range.end)
        guard first <= last else { return (first, []) }
        return (first, (first...last).map { k in
            if let previous, previous.intervals.indices.contains(k - previous.firstIndex) {
                return previous.intervals[k - previous.firstIndex]
            }
            return buckets.interval(at: k)
        })
    }
}

extension HKStatisticsCollectionQuery {
    /// A reader of the samples the query counts, for `context`'s app.
    package func reader(_ context: QueryContext) throws -> StatisticsReader {
        try StatisticsReader(context: context, type: quantityType, predicate: predicate, options: options)
    }

    /// Computes every interval that holds matching samples.
    package func snapshot(_ reader: StatisticsReader) throws -> CollectionSnapshot {
        try snapshot(reader, buckets: layout(), range: SlotSumStatistics.intervalRange(for: reader), reusing: nil)
    }

    /// Computes and keeps the summaries' runs the query's first results would compute (``SlotSumStatistics/computeRuns(_:reader:storage:)``),
    /// without building its statistics (``StatisticsPreparation``, after an import); does nothing when the summaries
    /// cannot serve the query.
    package func computeRuns(_ reader: StatisticsReader) throws {
        guard let range = try SlotSumStatistics.intervalRange(for: reader) else { return }
        let intervals = CollectionSnapshot.layout(range, try layout(), reusing: nil).intervals
        guard let summaries = SlotSumStatistics.storage(for: reader, intervals: intervals) else { return }
        try SlotSumStatistics.computeRuns(intervals, reader: reader, storage: summaries)
    }

    /// Computes every interval of `range` afresh (laid out reusing `previous`'s intervals).
    private func snapshot(_ reader: StatisticsReader, buckets: StatisticsBuckets, range: DateInterval?,
                          reusing previous: CollectionSnapshot?) throws -> CollectionSnapshot {
        guard let range else { return CollectionSnapshot(buckets: buckets, firstIndex: 0, intervals: [], computed: [], stamp: nil) }
        let (first, intervals) = CollectionSnapshot.layout(range, buckets, reusing: previous)
        let (computed, stamp) = try statistics(of: intervals, reader: reader)
        return CollectionSnapshot(buckets: buckets, firstIndex: first, intervals: intervals, computed: computed, stamp: stamp)
    }

    /// `previous` brought up to date: only the intervals overlapping changed summary slots, and intervals the data
    /// range newly reaches, are computed again.
    package func updated(_ previous: CollectionSnapshot, _ reader: StatisticsReader) throws -> CollectionSnapshot {
        let buckets = previous.buckets
        let range = try SlotSumStatistics.intervalRange(for: reader)
        guard let stamp = previous.stamp, let range else {
            return try snapshot(reader, buckets: buckets, range: range, reusing: previous)
        }
        let (first, intervals) = CollectionSnapshot.layout(range, buckets, reusing: previous)
        guard let summaries = SlotSumStatistics.storage(for: reader, intervals: intervals),
              let change = try SlotSumStatistics.changedSlots(since: stamp, reader: reader, storage: summaries) else {
            return try snapshot(reader, buckets: buckets, range: range, reusing: previous)
        }
        var computed = [HKStatistics?](repeating: nil, count: intervals.count)
        var dirty = [Bool](repeating: false, count: intervals.count)
        for index in intervals.indices {
            let known = first + index - previous.firstIndex
            if previous.computed.indices.contains(known) { computed[index] = previous.computed[known] } else { dirty[index] = true }
        }
        for span in change.spans {
            var index = Self.firstInterval(in: intervals, endingAfter: span.start)
            while index < intervals.count, intervals[index].start < span.end {
                dirty[index] = true
                index += 1
            }
        }
        var index = 0
        while index < intervals.count {
            guard dirty[index] else { index += 1; continue }
            var end = index + 1
            while end < intervals.count, dirty[end] { end += 1 }
            let recomputed = try statistics(of: Array(intervals[index..<end]), reader: reader, refreshing: false)
            computed.replaceSubrange(index..<end, with: recomputed.computed)
            index = end
        }
        return CollectionSnapshot(buckets: buckets, firstIndex: first, intervals: intervals, computed: computed, stamp: change.stamp)
    }

    /// The statistics of the consecutive `intervals`: from the store's summaries when they give the samples'
    /// answer (brought up to date first unless not `refreshing`), else from the samples.
    private func statistics(of intervals: [DateInterval], reader: StatisticsReader, refreshing: Bool = true) throws
        -> (computed: [HKStatistics?], stamp: SlotSumStatistics.Stamp?) {
        let results: [StatisticsBucketResult], sources: [String: HKSource], stamp: SlotSumStatistics.Stamp?
        if let summaries = SlotSumStatistics.storage(for: reader, intervals: intervals) {
            (results, sources, stamp) = try SlotSumStatistics.compute(intervals, reader: reader, storage: summaries,
                                                                        refreshing: refreshing)
        } else {
            (results, sources) = try reader.computeWithSources(intervals)
            stamp = nil
        }
        let computed = results.map { $0.hasData ? $0.statistics(of: quantityType, sources: sources, options: options) : nil }
        return (computed, stamp)
    }

    /// The interval layout of the query.
    private func layout() throws -> StatisticsBuckets {
        let calendar = self.intervalCalendar
        guard let buckets = StatisticsBuckets(anchor: anchorDate, components: intervalComponents, calendar: calendar,
                                              timeZone: calendar.timeZone) else {
            throw HKError(.errorInvalidArgument, "intervalComponents must describe a positive length of time")
        }
        return buckets
    }

    /// The index of the first of the ascending, consecutive `intervals` that ends after `date`.
    private static func firstInterval(in intervals: [DateInterval], endingAfter date: Date) -> Int {
        intervals.partitionIndex { $0.end > date }
    }
}
