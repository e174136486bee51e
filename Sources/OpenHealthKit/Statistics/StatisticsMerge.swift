import Foundation

/// Source merging for cumulative types: each stretch of time counts only the highest-priority source that
/// has data there.
///
/// A sweep over the sorted start and end points of every sample keeps, per source rank, the number of open
/// samples and the sum of their rates (`value / duration`). Between two consecutive points the winning
/// source is the best rank with an open sample, and the stretch accrues that source's summed rate (a source's
/// own overlapping samples add up; only different sources are de-duplicated). An instantaneous sample counts
/// unless a higher-priority source has an interval sample open at its instant (`start <= t < end`).
/// Sorting dominates: O(n log n) for n samples.
package enum StatisticsMerge {
    /// The merged rate pieces (time-ordered, disjoint) and surviving point values.
    package static func merge(_ samples: [StatisticsSample], priority: StatisticsSourcePriority)
        -> (pieces: [StatisticsRatePiece], points: [StatisticsPointValue]) {
        let ranks = priority.ranks(for: samples.lazy.map(\.source))
        // kind 0 = interval end, 1 = interval start, 2 = point; ends and starts at one instant are applied
        // before points are judged, and the order between them does not matter for the totals.
        var events: [(time: Double, kind: UInt8, rank: Int, amount: Double)] = []
        events.reserveCapacity(samples.count * 2)
        for sample in samples {
            let rank = ranks[sample.source] ?? 0
            let start = sample.start.timeIntervalSinceReferenceDate
            let end = sample.end.timeIntervalSinceReferenceDate
            if end > start {
                let rate = sample.value / (end - start)
                events.append((start, 1, rank, rate))
                events.append((end, 0, rank, rate))
            } else {
                events.append((start, 2, rank, sample.value))
            }
        }
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.kind < $1.kind }

        var open = [Int](repeating: 0, count: ranks.count)
        var rates = [Double](repeating: 0, count: ranks.count)
        var best = RankHeap()
        var pieces: [StatisticsRatePiece] = []
        var points: [StatisticsPointValue] = []
        var previous = -Double.infinity
        for event in events {
            if event.time > previous, let winner = best.top(where: { open[$0] > 0 }) {
                pieces.append(StatisticsRatePiece(start: previous, end: event.time, rate: rates[winner]))
            }
            previous = event.time
            switch event.kind {
            case 1:
                open[event.rank] += 1
                rates[event.rank] += event.amount
                if open[event.rank] == 1 { best.push(event.rank) }
            case 0:
                open[event.rank] -= 1
                rates[event.rank] = open[event.rank] == 0 ? 0 : rates[event.rank] - event.amount
            default:
                let winner = best.top(where: { open[$0] > 0 })
                if winner == nil || winner! >= event.rank {
                    points.append(StatisticsPointValue(time: event.time, value: event.amount))
                }
            }
        }
        return (pieces, points)
    }

    /// Merged sums per bucket.
    package static func mergedSums(_ samples: [StatisticsSample], priority: StatisticsSourcePriority,
                                   proration: StatisticsProration) -> [Double] {
        let merged = merge(samples, priority: priority)
        var sums = [Double](repeating: 0, count: proration.bucketCount)
        for piece in merged.pieces { proration.add(piece, to: &sums) }
        for point in merged.points { proration.add(point, to: &sums) }
        return sums
    }
}

/// A binary min-heap of source ranks with lazy removal: ranks whose sources have no open sample are
/// discarded when they reach the top.
private struct RankHeap {
    private var items: [Int] = []

    mutating func push(_ rank: Int) {
        items.append(rank)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// The smallest rank satisfying `isLive`, popping dead ranks on the way.
    mutating func top(where isLive: (Int) -> Bool) -> Int? {
        while let first = items.first {
            if isLive(first) { return first }
            popFirst()
        }
        return nil
    }

    private mutating func popFirst() {
        let last = items.removeLast()
        guard !items.isEmpty else { return }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            if smallest == parent { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
