import Foundation

/// Source merging for cumulative types: each stretch of time counts only the highest-priority source that
/// has data there.
///
/// One sweep over the sorted start and end points of every sample and the bucket edges. Between two consecutive
/// points the winning source is the best rank with an open sample (a min-heap of ranks with lazy removal), and that
/// rank's clock `won[rank]` advances by the stretch's length. A sample's uncovered time in a bucket is the advance
/// of its rank's clock while it was open there, so it contributes `value × uncovered / duration` (exactly `value`
/// when nothing covered it). A source's own overlapping samples add up; only different sources are de-duplicated.
/// An instantaneous sample counts unless a higher-priority source has an interval sample open at its instant
/// (`start <= t < end`). Sorting dominates: O(n log n + b) for n samples and b bucket crossings.
package enum StatisticsMerge {
    private enum Kind: UInt8 { case end = 0, edge = 1, start = 2, point = 3 }

    /// Merged sums per bucket of `proration`.
    package static func mergedSums(_ samples: [StatisticsSample], priority: StatisticsSourcePriority,
                                   proration: StatisticsProration) -> [Double] {
        let (sampleRanks, sourceCount) = priority.mergeRanks(of: samples)
        var events: [(time: Double, kind: Kind, index: Int)] = []
        events.reserveCapacity(samples.count * 2 + proration.edges.count)
        for (index, sample) in samples.enumerated() {
            let start = sample.start.timeIntervalSinceReferenceDate
            let end = sample.end.timeIntervalSinceReferenceDate
            if end > start {
                events.append((start, .start, index))
                events.append((end, .end, index))
            } else {
                events.append((start, .point, index))
            }
        }
        for (index, edge) in proration.edges.enumerated() { events.append((edge, .edge, index)) }
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.kind.rawValue < $1.kind.rawValue }

        var sums = [Double](repeating: 0, count: proration.bucketCount)
        var bucket = -1   // the bucket of the stretch before the current event
        var openCount = [Int](repeating: 0, count: sourceCount)
        var won = [Double](repeating: 0, count: sourceCount)
        var checkpoint = [Double](repeating: 0, count: samples.count)
        var openSamples = OpenSet(capacity: samples.count)
        var best = RankHeap()
        var previous = -Double.infinity

        func flush(_ index: Int) {
            let uncovered = won[sampleRanks[index]] - checkpoint[index]
            checkpoint[index] = won[sampleRanks[index]]
            guard bucket >= 0, bucket < sums.count, uncovered > 0 else { return }
            let sample = samples[index]
            let duration = sample.duration
            sums[bucket] += uncovered >= duration ? sample.value : sample.value * uncovered / duration
        }

        for event in events {
            if event.time > previous, let winner = best.top(where: { openCount[$0] > 0 }) {
                won[winner] += event.time - previous
            }
            previous = event.time
            let rank = event.kind == .edge ? 0 : sampleRanks[event.index]
            switch event.kind {
            case .end:
                flush(event.index)
                openSamples.remove(event.index)
                openCount[rank] -= 1
            case .edge:
                for index in openSamples.members { flush(index) }
                bucket = event.index
            case .start:
                checkpoint[event.index] = won[rank]
                openSamples.insert(event.index)
                openCount[rank] += 1
                if openCount[rank] == 1 { best.push(rank) }
            case .point:
                let winner = best.top(where: { openCount[$0] > 0 })
                if (winner ?? Int.max) >= rank, bucket >= 0, bucket < sums.count {
                    sums[bucket] += samples[event.index].value
                }
            }
        }
        return sums
    }
}

/// The indices of the open samples, with O(1) insertion and removal.
private struct OpenSet {
    private(set) var members: [Int] = []
    private var position: [Int]

    init(capacity: Int) { position = [Int](repeating: -1, count: capacity) }

    mutating func insert(_ index: Int) {
        position[index] = members.count
        members.append(index)
    }

    mutating func remove(_ index: Int) {
        let at = position[index]
        let last = members.removeLast()
        if last != index {
            members[at] = last
            position[last] = at
        }
        position[index] = -1
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
