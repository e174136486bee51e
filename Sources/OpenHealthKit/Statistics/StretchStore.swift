import Foundation

/// The computed figures of the runs of mixed slots of a ``SlotCache``, found by the position of each run's first slot.
///
/// Figures live in an append-only pool; a flat array aligned with the cache's slots points each slot at the run
/// starting there (or at none). A warm ten-year daily query looks up about a hundred thousand runs, so a lookup is
/// two array reads — no hashing — and the check that a run was computed under the current merge order is done once
/// per order change (``adopt(_:)``), not once per lookup.
struct StretchStore {
    /// One run's figures.
    struct Figures {
        /// The slot after the run's last.
        var end: Int64
        /// The merged sum.
        var merged: Double
        /// Each source's own sum, by the cache's source index.
        var bySource: [(source: Int32, sum: Double)]
        /// The run's sources, highest priority first under the order the figures were computed with, as an index
        /// into the store's distinct source lists (runs share a handful of them; with hundreds of sources, tens of
        /// thousands).
        fileprivate(set) var sources: Int32 = -1

        /// The figures of a run ending before slot `end`.
        init(end: Int64, merged: Double, bySource: [(source: Int32, sum: Double)]) {
            self.end = end
            self.merged = merged
            self.bySource = bySource
        }
    }

    /// Per cached slot: the pool index of the run starting at that slot, or -1.
    private var first: [Int32] = []
    private var pool: [Figures] = []
    private var live = 0
    /// The distinct source lists of the runs, by the cache's source index (a list of names each took 16 MB for a year
    /// of steps from 600 sources, thirty of them in every slot), and their indices.
    private var lists: [[Int32]] = []
    private var listIndex: [[Int32]: Int32] = [:]
    /// The merge order every stored run is valid under.
    private(set) var order: [String] = []
    /// The most slots a stored run spans (bounds the search when forgetting runs).
    private(set) var longest: Int64 = 1

    /// Forgets everything (also the order, so the next ``adopt(_:keys:)`` checks every run stored after this).
    mutating func reset() {
        order = []
        first = []
        pool = []
        lists = []
        listIndex = [:]
        live = 0
        longest = 1
    }

    /// The figures of the run of slots `[keys[index], end)`, if computed.
    func figures(at index: Int, end: Int64) -> Figures? {
        let entry = first[index]
        guard entry >= 0, pool[Int(entry)].end == end else { return nil }
        return pool[Int(entry)]
    }

    /// How many runs are stored.
    var count: Int { live }

    /// Every stored run: the position of its first slot, its figures and its source list.
    func stored() -> [(position: Int, figures: Figures, sources: [Int32])] {
        first.indices.compactMap { position in
            let entry = first[position]
            guard entry >= 0 else { return nil }
            let figures = pool[Int(entry)]
            return (position, figures, lists[Int(figures.sources)])
        }
    }

    /// The index of the source list `sources` (the cache's source indices, highest priority first), added if new:
    /// runs stored with it (``store(_:list:at:start:)``) need not hash the list each.
    mutating func list(_ sources: [Int32]) -> Int32 {
        if let known = listIndex[sources] { return known }
        let index = Int32(lists.count)
        listIndex[sources] = index
        lists.append(sources)
        return index
    }

    /// Stores `figures` for the run starting at slot position `index`, whose sources ranked as the list `list`
    /// (an index from ``list(_:)``).
    mutating func store(_ figures: Figures, list: Int32, at index: Int, start: Int64) {
        var figures = figures
        figures.sources = list
        if first[index] < 0 { live += 1 }
        first[index] = Int32(pool.count)
        pool.append(figures)
        longest = max(longest, figures.end - start)
        compactIfSparse()
    }

    /// Forgets the runs that overlap the slots `range`; `keys` are the cache's slots, ascending.
    mutating func forget(touching range: ClosedRange<Int64>, keys: [Int64], index: (Int64) -> Int) {
        let from = range.lowerBound > Int64.min + longest ? range.lowerBound - longest + 1 : Int64.min
        var position = index(from)
        while position < keys.count, keys[position] <= range.upperBound {
            let entry = first[position]
            if entry >= 0, pool[Int(entry)].end > range.lowerBound { clear(position) }
            position += 1
        }
    }

    /// Replaces the slot positions `range` with `count` positions without runs (the cache spliced its slots).
    mutating func splice(_ range: Range<Int>, count: Int) {
        for position in range where first[position] >= 0 { live -= 1 }
        first.replaceSubrange(range, with: repeatElement(-1, count: count))
    }

    /// Makes `order` current: keeps the runs whose own sources it ranks as the order they were computed under did
    /// (a source appearing elsewhere does not recompute every run), forgets the others and returns their slots
    /// (`keys` are the cache's slots, `names` its sources' names by index). Validity is decided once per distinct
    /// source list, then read per run.
    mutating func adopt(_ order: [String], keys: [Int64], names: [String]) -> [ClosedRange<Int64>] {
        guard order != self.order else { return [] }
        self.order = order
        let ranks = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let rankOf = names.map { ranks[$0] ?? Int.max }
        let valid = lists.map { list in
            let ranked = list.map { rankOf[Int($0)] }
            return zip(ranked, ranked.dropFirst()).allSatisfy { $0 < $1 }
        }
        guard valid.contains(false) else { return [] }
        var forgotten: [ClosedRange<Int64>] = []
        for position in first.indices where first[position] >= 0 {
            let figures = pool[Int(first[position])]
            guard !valid[Int(figures.sources)] else { continue }
            forgotten.append(keys[position]...max(keys[position], figures.end - 1))
            clear(position)
        }
        compactIfSparse()
        return forgotten
    }

    private mutating func clear(_ position: Int) {
        first[position] = -1
        live -= 1
    }

    /// Drops the pool's dead entries once they outnumber the live ones.
    private mutating func compactIfSparse() {
        guard pool.count > 2 * live + 4_096 else { return }
        var compacted: [Figures] = []
        compacted.reserveCapacity(live)
        for position in first.indices where first[position] >= 0 {
            compacted.append(pool[Int(first[position])])
            first[position] = Int32(compacted.count - 1)
        }
        pool = compacted
    }
}
