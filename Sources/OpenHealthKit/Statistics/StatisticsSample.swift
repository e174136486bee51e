package import Foundation

/// One quantity sample as the statistics engine sees it: an interval, a value in the type's canonical
/// unit, and the bundle identifier of the source that wrote it.
///
/// A sample with `end == start` is instantaneous; a longer sample spreads its value evenly over its interval.
package struct StatisticsSample: Sendable, Equatable {
    /// When the sample starts.
    package var start: Date
    /// When the sample ends (not before `start`).
    package var end: Date
    /// The value in the quantity type's canonical unit.
    package var value: Double
    /// The bundle identifier of the source that wrote the sample.
    package var source: String
    /// Whether a person typed the value in (`HKMetadataKeyWasUserEntered`): such samples outrank every source
    /// when merging, and among themselves follow their sources' order.
    package var userEntered: Bool

    /// Creates a sample; an `end` before `start` is clamped to `start`.
    package init(start: Date, end: Date, value: Double, source: String, userEntered: Bool = false) {
        self.start = start
        self.end = max(start, end)
        self.value = value
        self.source = source
        self.userEntered = userEntered
    }

    /// The sample's length in seconds.
    package var duration: TimeInterval { end.timeIntervalSince(start) }
}

/// The order in which sources win when their cumulative samples overlap in time.
///
/// Listed bundle identifiers rank first, in list order (highest priority first). Sources that are not listed
/// rank below every listed one, ordered among themselves by bundle identifier, so the order is total and
/// deterministic.
package struct StatisticsSourcePriority: Sendable, Equatable {
    /// Bundle identifiers, highest priority first.
    package var order: [String]

    /// Creates a priority order; later duplicates of a bundle identifier are ignored.
    package init(_ order: [String] = []) {
        self.order = order
    }

    /// Dense ranks (0 = highest priority) for the given sources, following the rule above.
    package func ranks(for sources: some Sequence<String>) -> [String: Int] {
        var listed: [String: Int] = [:]
        for (index, id) in order.enumerated() where listed[id] == nil { listed[id] = index }
        let distinct = Set(sources)
        let sorted = distinct.sorted { lhs, rhs in
            switch (listed[lhs], listed[rhs]) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs < rhs
            }
        }
        var ranks: [String: Int] = [:]
        for (rank, id) in sorted.enumerated() { ranks[id] = rank }
        return ranks
    }

    /// The rank of each sample's source, and the distinct sources indexed by rank. Sources are few and runs of one
    /// source are long, so this looks sources up in a small list instead of hashing every sample's string.
    package func ranks(of samples: [StatisticsSample]) -> (ranks: [Int], sources: [String]) {
        var distinct: [String] = []
        var slots: [Int] = []
        slots.reserveCapacity(samples.count)
        var last: (source: String, slot: Int)?
        for sample in samples {
            if let last, last.source == sample.source {
                slots.append(last.slot)
                continue
            }
            let slot = distinct.firstIndex(of: sample.source) ?? { distinct.append(sample.source); return distinct.count - 1 }()
            last = (sample.source, slot)
            slots.append(slot)
        }
        let byName = ranks(for: distinct)
        let rankOfSlot = distinct.map { byName[$0]! }
        return (slots.map { rankOfSlot[$0] }, distinct.sorted { byName[$0]! < byName[$1]! })
    }

    /// The merge rank of each sample and how many ranks there are: user-entered samples take the ranks before
    /// every source's own (in their sources' order), the others their source's rank after those.
    package func mergeRanks(of samples: [StatisticsSample]) -> (ranks: [Int], count: Int) {
        let (ranks, sources) = ranks(of: samples)
        guard samples.contains(where: \.userEntered) else { return (ranks, sources.count) }
        let shifted = zip(samples, ranks).map { sample, rank in sample.userEntered ? rank : rank + sources.count }
        return (shifted, 2 * sources.count)
    }
}
