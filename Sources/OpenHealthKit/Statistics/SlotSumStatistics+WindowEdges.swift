import Foundation
package import HealthDatabase

extension SlotSumStatistics {
    /// Intervals of more slots than this (two days) that a window edge cuts are split into parts rather than computed
    /// whole from the samples.
    static let slotsBeforeSplitting: Int64 = 2 * StatisticsSpan.slotsPerPart

    /// Computes again from the matching samples what the predicate's date windows can change
    /// (``StatisticsWindowEdges``): a handful of intervals at the windows' edges. An interval longer than two days
    /// (a month, a year) is split into parts (``parts(of:bounds:cache:)``): those the windows leave whole come from
    /// the summaries, the others from the samples, and the parts are added up (merged and per-source sums add up over
    /// consecutive parts of an interval, ``StatisticsSpan``). The caller holds `cache.lock`.
    static func replaceWindowEdges(_ results: inout [StatisticsBucketResult], reader: StatisticsReader,
                                   cache: SlotCache, storage: any SlotSumStorage, order: [String]) throws {
        guard let windows = reader.windows, !windows.isEmpty else { return }
        // A matching sample ends at or after every window's start and starts before every window's end.
        let bounds = (start: windows.compactMap(\.start).max(), end: windows.compactMap(\.end).min())
        let priority = StatisticsSourcePriority(order)
        let intervals = results.map(\.interval)
        let unsafe = StatisticsWindowEdges.unsafe(intervals, windows: windows, reaching: cache.rawReaching)
        func long(_ interval: DateInterval) -> Bool {
            cache.slot(of: interval.end) - cache.slot(of: interval.start) > slotsBeforeSplitting
        }
        var index = 0
        while index < unsafe.count {
            guard unsafe[index] else { index += 1; continue }
            let interval = intervals[index]
            if long(interval) {
                let parts = self.parts(of: interval, bounds: bounds, cache: cache)
                var figures = try summed(parts, reader: reader, cache: cache, storage: storage)
                let cut = StatisticsWindowEdges.unsafe(parts, windows: windows, reaching: cache.rawReaching)
                for part in parts.indices where cut[part] {
                    let span = parts[part]
                    if let start = bounds.start, span.end <= start {
                        // Its matching samples all reach its end: they enter the next part.
                        figures[part] = try outside(span, edge: span.end, reader: reader, cache: cache, priority: priority)
                    } else if let end = bounds.end, span.start >= end {
                        // Its matching samples all start before it.
                        figures[part] = try outside(span, edge: span.start, reader: reader, cache: cache, priority: priority)
                    } else {
                        figures[part] = try fromSamples([span], reader: reader, cache: cache, priority: priority)[0]
                    }
                }
                results[index] = StatisticsSpan.sum(figures, interval: interval)
                index += 1
                continue
            }
            var end = index + 1
            while end < unsafe.count, unsafe[end], !long(intervals[end]) { end += 1 }
            results.replaceSubrange(index..<end, with: try fromSamples(Array(intervals[index..<end]), reader: reader,
                                                                       cache: cache, priority: priority))
            index = end
        }
    }

    /// The consecutive, slot-aligned `intervals` computed from the matching samples.
    private static func fromSamples(_ intervals: [DateInterval], reader: StatisticsReader, cache: SlotCache,
                                    priority: StatisticsSourcePriority) throws -> [StatisticsBucketResult] {
        let entering = cache.rawEntering(intervals[0].start.addingTimeInterval(-0.001))
        cache.windowEdgeSeconds += intervals[intervals.count - 1].end.timeIntervalSince(intervals[0].start)
        return try reader.compute(intervals, priority: priority, entering: entering)
    }

    /// A part wholly before the windows' start or after their end, from the matching samples crossing its slot-aligned
    /// `edge` (its end or its start): the summaries list them raw, and those starting in the last millisecond before it.
    private static func outside(_ part: DateInterval, edge: Date, reader: StatisticsReader, cache: SlotCache,
                                priority: StatisticsSourcePriority) throws -> StatisticsBucketResult {
        let before = edge.addingTimeInterval(-0.001)
        return try reader.compute(part, priority: priority, listed: cache.rawEntering(before), starting: before..<edge)
    }

    /// The slot-aligned `interval` cut into days of slots from its start, the last one shorter; the days wholly
    /// before `bounds.start` make one part, and those wholly after `bounds.end` another.
    private static func parts(of interval: DateInterval, bounds: (start: Date?, end: Date?), cache: SlotCache) -> [DateInterval] {
        let first = cache.slot(of: interval.start), days = StatisticsSpan.slotsPerPart
        var inner = stride(from: first + days, to: cache.slot(of: interval.end), by: Int(days)).map(cache.date)
        if let start = bounds.start, let kept = inner.last(where: { $0 <= start }) { inner.removeAll { $0 < kept } }
        if let end = bounds.end, let kept = inner.first(where: { $0 >= end }) { inner.removeAll { $0 > kept } }
        let edges = [interval.start] + inner + [interval.end]
        return zip(edges, edges.dropFirst()).map { DateInterval(start: $0, end: $1) }
    }

    /// How many seconds of intervals the caches of `type` in `storage` computed from the samples at date windows'
    /// edges so far, not counting parts wholly outside the windows (0 when it has no cache yet).
    package static func windowEdgeSeconds(in storage: any SlotSumStorage, type: String) -> Double {
        total(of: \.windowEdgeSeconds, type: type, in: storage)
    }
}
