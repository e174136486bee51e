import Foundation
import HealthDatabase
import HealthKitModel

/// One store's summaries of one quantity type, held in memory as flat arrays and brought up to date before use.
///
/// It mirrors the engine's slot sums (``SlotSumStorage``). A **clean** slot has samples of one source only and no
/// raw sample (crossing a slot edge, or user-entered) touches it: its merged sum is that source's sum. **Mixed**
/// slots are computed from their samples by ``StatisticsEngine`` in **runs**: consecutive mixed slots joined by
/// edges that a raw sample crosses, within one interval. No sample crosses a run's ends except at interval edges,
/// so a sample inside a run adds exactly its value, as when the interval is computed from the samples. Run figures
/// are kept until a change touches the run, and used while the merge order ranks the run's own sources alike (a
/// source appearing elsewhere does not recompute every run).
///
/// Freshness: before each use the cache compares the store's change position with its own. Saves after it name
/// their slots (their dates are in the change log); deletions name theirs through
/// ``SlotSumStorage/deletedSlots(after:)``. Only those slots are reloaded, so an update costs a few small reads.
package final class SlotCache: @unchecked Sendable {
    /// Changes read per refresh before giving up and reloading everything.
    static let changeLimit = 20_000

    /// The quantity type's identifier.
    let type: String
    /// The only sources the cache sums (a query's source predicate or an app's own samples), nil for every source.
    let sources: Set<String>?
    /// Whether the cache leaves out user-entered samples (`HKWasUserEntered = 1`; the summaries list them as raw).
    let excludesUserEntered: Bool
    /// The only devices the cache sums, by the engine's ids (``SlotSumStorage/slotSumDevices(matching:)``; 0 for
    /// samples without a device), nil for every device.
    let deviceIDs: Set<Int64>?
    /// Sources the cache leaves out (a query's `NOT` of sources); empty when ``sources`` is not nil.
    let excludedSources: Set<String>
    /// Whether the cache sums every sample of the type (only such a cache writes the store's note; every cache takes
    /// from it the runs whose slots hold nothing it leaves out, ``restoreRuns(_:)``).
    var isWhole: Bool { sources == nil && excludedSources.isEmpty && !excludesUserEntered && deviceIDs == nil }
    /// Held while the cache is refreshed and read.
    let lock = NSLock()
    private var loaded = false
    private(set) var position: Int64 = 0
    private(set) var deletedMark: Int64 = 0
    private var slotSeconds = 900.0

    /// Source bundle identifiers by index.
    private(set) var sourceNames: [String] = []
    private(set) var sourceIndex: [String: Int32] = [:]
    /// The slots with data, ascending.
    private(set) var keys: [Int64] = []
    /// Per slot: its one source's index (clean), or -1 (mixed).
    private(set) var single: [Int32] = []
    /// Per slot: the one source's sum (clean slots; unused for mixed ones).
    private(set) var total: [Double] = []
    /// Per slot: the sources with sums there, as bits of their indices (bit 63 also stands for every index above).
    private var owners: [UInt64] = []
    /// The figures of computed runs of mixed slots.
    var runs = StretchStore()
    /// A run of consecutive mixed slots, `[start, end)`, whose first slot is at position `index` of ``keys``.
    struct Stretch: Hashable {
        var start: Int64
        var end: Int64
        var index: Int
    }
    /// The slots some raw sample touches, ascending.
    private var rawSlots: [Int64] = []
    private var rawSources: Set<String> = []
    /// The raw samples of the cache's sources: their dates and UUIDs, plain values (no reference per sample).
    private struct RawSpan {
        var start: Date
        var end: Date
        var uuid: UUID
    }
    /// Sorted by start, so the ones reaching a date are found by binary search (``raw(reaching:orEndingAt:)``).
    private var raw: [RawSpan] = []
    /// The longest raw sample's length: no raw sample starting earlier than this before a date reaches it.
    private var longestRaw: TimeInterval = 0
    /// Slot edges (a slot's start) that some raw sample crosses.
    private(set) var crossedEdges: Set<Int64> = []
    /// Counts the refreshes that changed slots, and reloads.
    private(set) var generation = 0
    /// The slots each generation changed, oldest first; generations up to `describedFrom` are not described.
    private var changeLog: [(generation: Int, slots: ClosedRange<Int64>)] = []
    private var describedFrom = 0
    /// Change-log entries kept before the older half is forgotten.
    static let changeLogLimit = 8_192
    private var facts = SourceFactsCache()
    /// Runs computed from samples since the cache was created (for tests), and since the last note was kept.
    private(set) var runsComputed = 0
    var runsSinceNote = 0
    /// Seconds of intervals computed from the samples at date windows' edges since the cache was created (for tests).
    var windowEdgeSeconds = 0.0
    /// Computed runs worth writing a note (``FiguresNote``) for.
    static let runsWorthANote = 256
    /// While the cache reloads: the slots holding a sum or a raw sample it leaves out (another source or device, a
    /// user-entered sample), in no order and repeated; nil otherwise.
    private(set) var leftOut: [Int64]?
    private var priorityKey: [String] = []
    private var priorityValue: (order: [String], sources: [String: SourceRecord])?

    init(type: String, sources: Set<String>? = nil, excluding excludedSources: Set<String> = [], excludesUserEntered: Bool = false,
         devices: Set<Int64>? = nil) {
        self.type = type
        self.sources = sources
        self.excludedSources = excludedSources
        self.excludesUserEntered = excludesUserEntered
        self.deviceIDs = devices
    }

    /// Whether the cache sums the samples of `source`.
    private func sums(_ source: String) -> Bool {
        (sources?.contains(source) ?? true) && !excludedSources.contains(source)
    }

    /// Brings the cache up to date with `storage`.
    func refresh(_ storage: any SlotSumStorage) throws {
        slotSeconds = storage.slotSeconds
        let latest = try storage.latestChangePosition()
        guard !loaded || latest != position else { return }
        if !loaded { return try reload(storage, latest: latest) }
        guard let changed = try changes(after: position, deletedAfter: deletedMark, storage) else {
            return try reload(storage, latest: latest)
        }
        var ranges: [ClosedRange<Int64>] = []
        var rawMayChange = false
        for (record, touched) in changed.saved {
            ranges.append(touched)
            facts.saw(record)
            // Raw, as the summaries decide: crossing the slot's end (with a margin for rounding), or user-entered.
            rawMayChange = rawMayChange || record.fields[HKMetadataKeyWasUserEntered] != nil
                || record.endDate.timeIntervalSince1970 > Double(touched.lowerBound + 1) * slotSeconds - 0.001
        }
        for range in changed.deleted {
            ranges.append(range)
            facts.deleted(within: DateInterval(start: date(range.lowerBound), end: date(range.upperBound + 1)))
            rawMayChange = rawMayChange || !rawSlotRange(range).isEmpty
        }
        deletedMark = changed.mark
        position = max(latest, changed.anchor)
        guard !ranges.isEmpty else { return }
        if rawMayChange {
            let oldRaw = rawSlots, oldEdges = crossedEdges
            try loadRaw(storage)
            ranges += Set(oldRaw).symmetricDifference(rawSlots).sorted().map { $0...$0 }
            ranges += oldEdges.symmetricDifference(crossedEdges).map { ($0 - 1)...$0 }
        }
        record(ranges)
        for range in ranges { replace(range, with: try storage.slotSumTable(type: type, slots: range)) }
    }

    /// The changes of the type after change position `position` and deletion mark `mark`: each saved sample with
    /// the slots it touches, the slots of each deleted sample, the newest position and mark read; nil when there
    /// are ``changeLimit`` or more saves (reloading is cheaper than replaying them).
    func changes(after position: Int64, deletedAfter mark: Int64, _ storage: any SlotSumStorage) throws
        -> (saved: [(record: SampleRecord, slots: ClosedRange<Int64>)], deleted: [ClosedRange<Int64>], anchor: Int64, mark: Int64)? {
        let batch = try storage.changes(after: position, matching: .types([type]), limit: Self.changeLimit)
        guard batch.changes.count < Self.changeLimit else { return nil }
        let deleted = try storage.deletedSlots(after: mark)
        var saved: [(record: SampleRecord, slots: ClosedRange<Int64>)] = []
        for case .saved(let record) in batch.changes { saved.append((record, slots(record.startDate, record.endDate))) }
        let deletedSlots = deleted.slots.filter { $0.type == type }.map { $0.first...max($0.first, $0.last) }
        return (saved, deletedSlots, batch.anchor, deleted.mark)
    }

    private func reload(_ storage: any SlotSumStorage, latest: Int64) throws {
        deletedMark = try storage.deletedSlots(after: deletedMark).mark
        leftOut = []
        defer { leftOut = nil }
        try loadRaw(storage)
        keys = []
        single = []
        total = []
        owners = []
        runs.reset()
        replace(Int64.min...Int64.max, with: try storage.slotSumTable(type: type, slots: nil))
        try restoreRuns(storage)
        position = latest
        loaded = true
        priorityValue = nil
        facts.reset()
        generation += 1
        describedFrom = generation
        changeLog = []
    }

    private func loadRaw(_ storage: any SlotSumStorage) throws {
        let table = try storage.rawSampleTable(type: type)
        let kept = table.sourceNames.map(sums)
        var present = [Bool](repeating: false, count: table.sourceNames.count)
        raw = []
        raw.reserveCapacity(table.entries.count)
        for sample in table.entries {
            guard kept[Int(sample.source)] && !(excludesUserEntered && sample.userEntered)
                && deviceIDs.map({ $0.contains(sample.device) }) ?? true else {
                leftOut?.append(contentsOf: slots(sample.start, sample.end))
                continue
            }
            raw.append(RawSpan(start: sample.start, end: sample.end, uuid: sample.uuid))
            present[Int(sample.source)] = true
        }
        raw.sort { $0.start < $1.start }
        longestRaw = raw.lazy.map { $0.end.timeIntervalSince($0.start) }.max() ?? 0
        rawSources = Set(table.sourceNames.indices.lazy.filter { present[$0] }.map { table.sourceNames[$0] })
        rawSlots = []
        crossedEdges = []
        crossedEdges.reserveCapacity(raw.count)
        // `raw` is sorted by start, so the first slot each touches never decreases: the slots past the last one listed
        // are new, and come in order.
        var listed = Int64.min
        for sample in raw {
            let touched = slots(sample.start, sample.end)
            if touched.upperBound > listed {
                rawSlots += max(touched.lowerBound, listed + 1)...touched.upperBound
                listed = touched.upperBound
            }
            for edge in touched.dropFirst() { crossedEdges.insert(edge) }
        }
    }

    /// The positions in ``rawSlots`` of the slots in `range`.
    private func rawSlotRange(_ range: ClosedRange<Int64>) -> Range<Int> {
        let lower = rawSlots.partitionIndex { $0 >= range.lowerBound }
        return lower..<max(lower, rawSlots.partitionIndex { $0 > range.upperBound })
    }

    /// Replaces the cached slots in `range` with those of `table` (ordered by slot) and the raw slots there.
    private func replace(_ range: ClosedRange<Int64>, with table: SlotSumTable) {
        var newKeys: [Int64] = [], newSingle: [Int32] = [], newTotal: [Double] = [], newOwners: [UInt64] = []
        var raw = rawSlots[rawSlotRange(range)]
        // The table's sources: whether the cache sums them, and their index here once given (-1 before: indices are
        // given in the order the sums meet them, as when they were named row by row).
        let kept = table.sourceNames.map(sums)
        var ids = [Int32](repeating: -1, count: table.sourceNames.count)
        let sums = table.entries
        var index = sums.startIndex
        while index < sums.endIndex || !raw.isEmpty {
            let key = min(index < sums.endIndex ? sums[index].slot : .max, raw.first ?? .max)
            // The slot's sources: the first, whether another differs, and all as bits (bit 63 for every index above).
            var owner: Int32 = -1, several = false, bits: UInt64 = 0, sum = 0.0
            while index < sums.endIndex, sums[index].slot == key {
                let entry = sums[index]
                if !kept[Int(entry.source)] || !(deviceIDs?.contains(entry.device) ?? true) {
                    leftOut?.append(key)
                } else {
                    if ids[Int(entry.source)] < 0 { ids[Int(entry.source)] = sourceID(table.sourceNames[Int(entry.source)]) }
                    let id = ids[Int(entry.source)]
                    if owner < 0 { owner = id } else if owner != id { several = true }
                    bits |= 1 << UInt64(min(id, 63))
                    sum += entry.total
                }
                index += 1
            }
            if owner < 0, raw.first != key { continue }   // only sources the cache leaves out
            let isRaw = raw.first == key
            if isRaw { raw.removeFirst() }
            let clean = !isRaw && owner >= 0 && !several
            newKeys.append(key)
            newSingle.append(clean ? owner : -1)
            newTotal.append(clean ? sum : 0)
            newOwners.append(bits)
        }
        let lower = firstIndex { $0 >= range.lowerBound }
        let upper = max(lower, firstIndex { $0 > range.upperBound })
        runs.forget(touching: range, keys: keys, index: index(of:))
        runs.splice(lower..<upper, count: newKeys.count)
        keys.replaceSubrange(lower..<upper, with: newKeys)
        single.replaceSubrange(lower..<upper, with: newSingle)
        total.replaceSubrange(lower..<upper, with: newTotal)
        self.owners.replaceSubrange(lower..<upper, with: newOwners)
    }

    func sourceID(_ name: String) -> Int32 {
        if let id = sourceIndex[name] { return id }
        let id = Int32(sourceNames.count)
        sourceNames.append(name)
        sourceIndex[name] = id
        return id
    }

    /// The merge order over the cached sources (``SourcePriorityRule``), recomputed when the sources, their facts
    /// (``SourceFactsCache``) or the custom order change, or after a full reload.
    func priority(_ storage: any HealthStorage, filter: SampleFilter) throws -> (order: [String], sources: [String: SourceRecord]) {
        // Only sources that still have samples: looking up the newest sample of a source without any scans the type.
        let bits = owners.reduce(0, |)
        let present = sourceNames.indices.filter { bits & (1 << UInt64(min($0, 63))) != 0 }.map { sourceNames[$0] }
        let bundles = Set(present).union(rawSources).sorted()
        let custom = try SourcePriorityRule.customOrder(storage) ?? []
        let key = bundles + ["\u{0}"] + custom
        if key != priorityKey || priorityValue == nil || facts.changed {
            priorityValue = try facts.order(of: bundles, custom: custom, storage: storage, filter: filter)
            priorityKey = key
        }
        return priorityValue!
    }

    /// The merge order ``priority(_:filter:)`` last returned, if any.
    var lastPriority: (order: [String], sources: [String: SourceRecord])? { priorityValue }

    /// The slot containing `date`.
    func slot(of date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / slotSeconds).rounded(.down)) }

    /// The slots a sample from `start` to `end` touches (an instant: the slot of its instant).
    private func slots(_ start: Date, _ end: Date) -> ClosedRange<Int64> {
        let first = slot(of: start)
        guard end > start else { return first...first }
        return first...max(first, Int64((end.timeIntervalSince1970 / slotSeconds).rounded(.up)) - 1)
    }

    /// The index of the first cached slot not before `key`.
    func index(of key: Int64) -> Int { firstIndex { $0 >= key } }

    private func firstIndex(where predicate: (Int64) -> Bool) -> Int { keys.partitionIndex(where: predicate) }

    /// Logs `slots` as one more generation of changes.
    private func record(_ slots: [ClosedRange<Int64>]) {
        guard !slots.isEmpty else { return }
        generation += 1
        changeLog += slots.map { (generation, $0) }
        if changeLog.count > Self.changeLogLimit {
            let forgotten = changeLog.count / 2
            describedFrom = changeLog[forgotten - 1].generation
            changeLog.removeFirst(forgotten)
        }
    }

    /// The slots changed after `generation`, or nil when the cache no longer knows (it reloaded, or forgot).
    func changedSlots(after generation: Int) -> [ClosedRange<Int64>]? {
        guard generation >= describedFrom else { return nil }
        return changeLog.filter { $0.generation > generation }.map(\.slots)
    }

    /// Makes `order` the merge order of later lookups and computations (see ``StretchStore/adopt(_:keys:)``); the slots
    /// of the runs it forgets count as changed.
    func adopt(_ order: [String]) { record(runs.adopt(order, keys: keys, names: sourceNames)) }

    /// The figures of `run`, if computed under an order that ranks the run's sources as the adopted one does.
    func figures(of run: Stretch) -> StretchStore.Figures? { runs.figures(at: run.index, end: run.end) }

    /// Computes the figures of `batches` — each a list of contiguous runs in order, the batches in order — under the
    /// adopted order from their samples, neighbouring batches from one read (``RunSampleReads``). The reads are
    /// independent, so they are made and computed concurrently (the first query after opening a store computes every
    /// mixed run), then stored in order.
    func compute(_ batches: [[Stretch]], storage: any SlotSumStorage, filter: SampleFilter) throws {
        let order = runs.order
        let work = batches.filter { !$0.isEmpty }
        // The raw samples reaching into each batch from before (no other sample can).
        let described = work.map { batch in
            RunSampleReads.Batch(start: batch[0].start, end: batch[batch.count - 1].end,
                                 entering: Set(raw(reaching: date(batch[0].start), orEndingAt: false).map(\.uuid)))
        }
        let reads = RunSampleReads(storage: storage, type: type, filter: filter, slotSeconds: slotSeconds)
        let groups = RunSampleReads.groups(described)
        let computed = try groups.concurrentMap { group in
            let read = try reads.samples(of: described[group], order: order)
            let results = zip(work[group], read.batches).map { batch, samples in
                StatisticsEngine.compute(samples, intervals: batch.map { DateInterval(start: self.date($0.start), end: self.date($0.end)) },
                                         style: .cumulative, priority: read.priority, separateBySource: true)
            }
            return (results: results, names: read.names)
        }
        for (group, result) in zip(groups, computed) {
            // The results name sources by surrogate: the number of their place in the group's merge order.
            let ids = result.names.map(sourceID)
            var lists: [[Int]: Int32] = [:]
            for (run, figures) in zip(work[group].joined(), result.results.joined()) {
                let ranked = figures.bySource.map { (surrogate: Int($0.key)!, sum: $0.value.sum ?? 0) }.sorted { $0.surrogate < $1.surrogate }
                let key = ranked.map(\.surrogate)
                let list = lists[key] ?? {
                    let list = runs.list(key.map { ids[$0] })
                    lists[key] = list
                    return list
                }()
                runs.store(StretchStore.Figures(end: run.end, merged: figures.merged.sum ?? 0,
                                                bySource: ranked.map { (source: ids[$0.surrogate], sum: $0.sum) }),
                           list: list, at: run.index, start: run.start)
                runsComputed += 1
                runsSinceNote += 1
            }
        }
    }

    /// The intervals of the raw samples that start before `date` and end at or after it.
    func rawReaching(_ date: Date) -> [DateInterval] {
        raw(reaching: date, orEndingAt: true).map { DateInterval(start: $0.start, end: $0.end) }
    }

    /// The UUIDs of the raw samples that start before `date` and end at or after it: at a slot edge, every sample of
    /// the cache's sources reaching across it.
    func rawEntering(_ date: Date) -> Set<UUID> { Set(raw(reaching: date, orEndingAt: true).map(\.uuid)) }

    /// The raw samples that start before `date` and end after it (or at it, with `orEndingAt`). Only those starting
    /// less than ``longestRaw`` before `date` can; `raw` is sorted by start, so that stretch is two binary searches
    /// away instead of a pass over every raw sample of the type (the statistics preparation after an import asks once
    /// per batch of runs: 238,900 raw samples × its batches took 1.5 s of a 1,000,000-record import).
    private func raw(reaching date: Date, orEndingAt: Bool) -> [RawSpan] {
        let lower = firstRaw(startingAtOrAfter: date.addingTimeInterval(-longestRaw))
        let upper = firstRaw(startingAtOrAfter: date)
        return raw[lower..<upper].filter { orEndingAt ? $0.end >= date : $0.end > date }
    }

    /// The index of the first raw sample starting at or after `date` (`raw.count` when none does).
    private func firstRaw(startingAtOrAfter date: Date) -> Int { raw.partitionIndex { $0.start >= date } }

    /// The start of `slot`.
    func date(_ slot: Int64) -> Date { Date(timeIntervalSince1970: Double(slot) * slotSeconds) }
}
