package import Foundation
import HealthDatabase
package import HealthKitModel

/// The figures of one interval that need not fall on slot edges (an ``HKStatisticsQuery``'s), from the summaries
/// where they can serve it: the slot-aligned middle from the summaries (``SlotSumStatistics``), the ragged ends —
/// less than a slot each — from the matching samples, and the parts added up.
///
/// Merged and per-source sums are additive over consecutive parts of an interval: a sample contributes to each part
/// what its time there not covered by a higher-priority source is worth (``StatisticsMerge``), and both ways clip
/// to the same instants. So the parts add up to the whole interval's figures (exactly for whole-number values, as the
/// summaries' sums are; otherwise up to the order of additions).
package enum StatisticsSpan {
    /// Slots per part of the middle: the summaries recompute from samples whole parts that a date window's edge can
    /// change (``StatisticsWindowEdges``), so the middle is cut into days rather than read as one interval.
    static let slotsPerPart: Int64 = 96

    /// The figures of `interval` for `reader` and the sources by bundle identifier, or nil when the summaries cannot
    /// serve the reader or the interval holds no whole slot (the caller computes it from the samples). The merge
    /// order is the summaries' (``SlotSumStatistics/priority(reader:storage:)``), so finding the sources reads no sample.
    package static func compute(_ interval: DateInterval, reader: StatisticsReader) throws
        -> (result: StatisticsBucketResult, sources: [String: HKSource])? {
        guard let storage = SlotSumStatistics.storage(for: reader, intervals: []) else { return nil }
        let seconds = storage.slotSeconds
        let first = Int64((interval.start.timeIntervalSince1970 / seconds).rounded(.up))
        let last = Int64((interval.end.timeIntervalSince1970 / seconds).rounded(.down))
        guard first < last else { return nil }
        func date(_ slot: Int64) -> Date { Date(timeIntervalSince1970: Double(slot) * seconds) }
        // The middle: a slot, whole days of slots, a slot (the window edges' recomputations stay small).
        var edges = [first]
        if last - first > 2 {
            edges.append(first + 1)
            var edge = first + 1 + slotsPerPart
            while edge < last - 1 { edges.append(edge); edge += slotsPerPart }
            edges.append(last - 1)
        }
        edges.append(last)
        let middle = zip(edges, edges.dropFirst()).map { DateInterval(start: date($0), end: date($1)) }
        let (priority, sources) = try SlotSumStatistics.priority(reader: reader, storage: storage)
        var parts = try SlotSumStatistics.compute(middle, reader: reader, storage: storage).results
        // The ends: only a sample crossing the slot edge before an end can reach into it from before, and the
        // summaries list every such sample (raw), so each end is one small read.
        let entering = { (edge: Date) in try SlotSumStatistics.rawEntering(edge.addingTimeInterval(-0.001), reader: reader, storage: storage) }
        if interval.start < date(first) {
            let slotStart = date(first - 1)
            let head = [DateInterval(start: slotStart, end: interval.start), DateInterval(start: interval.start, end: date(first))]
            parts.append(try reader.compute(head, priority: priority, entering: entering(slotStart))[1])
        }
        if date(last) < interval.end {
            let tail = [DateInterval(start: date(last), end: interval.end)]
            parts += try reader.compute(tail, priority: priority, entering: entering(date(last)))
        }
        return (sum(parts, interval: interval), sources)
    }

    /// The figures of consecutive parts of `interval` added up: sums and durations (absent where every part lacks
    /// them), per-source sums by source.
    static func sum(_ parts: [StatisticsBucketResult], interval: DateInterval) -> StatisticsBucketResult {
        func add(_ values: [StatisticsValues]) -> StatisticsValues {
            let sums = values.compactMap(\.sum), durations = values.compactMap(\.duration)
            return StatisticsValues(sum: sums.isEmpty ? nil : sums.reduce(0, +),
                                    duration: durations.isEmpty ? nil : durations.reduce(0, +))
        }
        var bySource: [String: [StatisticsValues]] = [:]
        for part in parts { for (source, values) in part.bySource { bySource[source, default: []].append(values) } }
        return StatisticsBucketResult(interval: interval, merged: add(parts.map(\.merged)), bySource: bySource.mapValues(add))
    }
}
