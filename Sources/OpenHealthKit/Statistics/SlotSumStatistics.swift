package import Foundation
package import HealthDatabase
package import HealthKitModel

/// Cumulative sums from the store's derived summaries (``SlotSumStorage``, ``SlotCache``) instead of the samples.
///
/// Used when the answer is the same as the samples would give: the store keeps summaries, the type is cumulative,
/// the options ask only for sums (and per-source sums), the query's predicate and the app's read restriction are
/// nothing but date windows, source sets, device conditions (where the engine summarises devices) and the exclusion
/// of user-entered samples (or absent) — a cache of those sources, devices and samples only serves the latter —, and
/// every interval edge falls on a slot edge (any interval of an hour or more in a real time zone). The few intervals a window's edges can change (``StatisticsWindowEdges``) are
/// computed from the matching samples (one longer than two days only in the days the edges fall in, see
/// ``replaceWindowEdges(_:reader:cache:storage:order:)``). Otherwise ``StatisticsReader`` reads the samples.
package enum SlotSumStatistics {
    /// Where a computation from the summaries stood: which cache, after which of its changes. A change of the merge
    /// order counts as a change of the slots of the runs it invalidates (``SlotCache/adopt(_:)``).
    package struct Stamp: Sendable {
        let cache: ObjectIdentifier
        let generation: Int
    }

    /// The summaries `reader` may use for `intervals`, or nil when they cannot give the samples' answer.
    package static func storage(for reader: StatisticsReader, intervals: [DateInterval]) -> (any SlotSumStorage)? {
        guard reader.windows != nil, reader.type.aggregationStyle == .cumulative,
              reader.options.isSubset(of: [.cumulativeSum, .separateBySource]),
              let storage = reader.storage as? any SlotSumStorage,
              (try? storage.prepareSlotSums()) != nil else { return nil }   // a read-only store without summaries
        if let devices = reader.devices, (try? storage.slotSumDevices(matching: devices)) == nil { return nil }
        let slot = storage.slotSeconds
        func aligned(_ date: Date) -> Bool { date.timeIntervalSince1970.truncatingRemainder(dividingBy: slot) == 0 }
        guard intervals.allSatisfy({ aligned($0.start) && aligned($0.end) }) else { return nil }
        return storage
    }

    /// The range a collection of `reader` lays its intervals over. For a shape the summaries serve (other than no
    /// predicate at all) it comes from the cache, not from the samples: from the first to the last slot holding
    /// samples of its sources, starting no earlier than the windows' start and ending no later than the last slot a
    /// sample starting before a window's end can reach. It may be wider than the matching samples' range; the
    /// intervals it adds hold no matching sample and read as empty, as intervals outside the range do. (Reading the
    /// exact range sorted every sample of the type when the window's bounds and the sort used different indexes.)
    package static func intervalRange(for reader: StatisticsReader) throws -> DateInterval? {
        guard !reader.isUnfiltered, let storage = storage(for: reader, intervals: []) else { return try reader.intervalRange() }
        let cache = try self.cache(storage, reader: reader)
        return try cache.lock.withLock {
            try cache.refresh(storage)
            guard let first = cache.keys.first, let last = cache.keys.last else { return nil }
            var start = cache.date(first), end = cache.date(last + 1)
            for window in reader.windows ?? [] {
                if let bound = window.start { start = max(start, bound) }
                if let bound = window.end {
                    let reach = cache.rawReaching(bound).map(\.end).max() ?? bound
                    end = min(end, max(cache.date(cache.slot(of: bound) + 1), reach))
                }
            }
            return end >= start ? DateInterval(start: start, end: end) : nil
        }
    }

    /// The spans of time whose figures may have changed since `stamp` (changed slots, and runs the current merge order
    /// invalidated), and the stamp of now; nil when that is not known (the cache reloaded, or forgot that far back) —
    /// then everything must be recomputed.
    package static func changedSlots(since stamp: Stamp, reader: StatisticsReader,
                                     storage: any SlotSumStorage) throws -> (spans: [DateInterval], stamp: Stamp)? {
        let cache = try self.cache(storage, reader: reader)
        guard ObjectIdentifier(cache) == stamp.cache else { return nil }
        return try cache.lock.withLock {
            try cache.refresh(storage)
            cache.adopt(try cache.priority(storage, filter: reader.scope).order)
            guard let slots = cache.changedSlots(after: stamp.generation) else { return nil }
            let spans = slots.map { DateInterval(start: cache.date($0.lowerBound), end: cache.date($0.upperBound + 1)) }
            return (spans, Stamp(cache: stamp.cache, generation: cache.generation))
        }
    }

    /// The figures of each of the consecutive, slot-aligned `intervals`, the sources by bundle identifier, and where
    /// the summaries stood. Without `refreshing`, the cache is used as it stands (an update that just asked for the
    /// changed slots computes them against the same state; later changes reach it through its next update).
    package static func compute(_ intervals: [DateInterval], reader: StatisticsReader, storage: any SlotSumStorage,
                                refreshing: Bool = true) throws
        -> (results: [StatisticsBucketResult], sources: [String: HKSource], stamp: Stamp) {
        let cache = try self.cache(storage, reader: reader)
        return try cache.lock.withLock {
            if refreshing { try cache.refresh(storage) }
            let known = refreshing ? nil : cache.lastPriority
            let (order, records) = try known ?? cache.priority(storage, filter: reader.scope)
            cache.adopt(order)
            let stamp = Stamp(cache: ObjectIdentifier(cache), generation: cache.generation)
            guard !intervals.isEmpty else { return ([], [:], stamp) }
            var results = try summed(intervals, reader: reader, cache: cache, storage: storage)
            try replaceWindowEdges(&results, reader: reader, cache: cache, storage: storage, order: order)
            cache.keepNote(storage)
            return (results, records.mapValues { SourceMapping.revision(from: $0).source }, stamp)
        }
    }

    /// Computes and keeps (``SlotCache/keepNote(_:)``) the runs of the consecutive, slot-aligned `intervals` that
    /// ``compute(_:reader:storage:refreshing:)`` would compute, without its figures: what the statistics preparation
    /// after an import wants. Each interval's figures per source, for hundreds of sources over years of days, are
    /// megabytes the preparation would only drop.
    package static func computeRuns(_ intervals: [DateInterval], reader: StatisticsReader, storage: any SlotSumStorage) throws {
        let cache = try self.cache(storage, reader: reader)
        try cache.lock.withLock {
            try cache.refresh(storage)
            cache.adopt(try cache.priority(storage, filter: reader.scope).order)
            _ = try computedRuns(intervals, reader: reader, cache: cache, storage: storage)
            cache.keepNote(storage)
        }
    }

    /// The runs of each of the consecutive, slot-aligned `intervals` after computing those missing, and the range of
    /// cache positions the intervals span. The caller holds `cache.lock`.
    private static func computedRuns(_ intervals: [DateInterval], reader: StatisticsReader, cache: SlotCache,
                                     storage: any SlotSumStorage) throws -> (runs: [[SlotCache.Stretch]], lower: Int, upper: Int) {
        guard let first = intervals.first, let last = intervals.last else { return ([], 0, 0) }
        let lower = cache.index(of: cache.slot(of: first.start)), upper = cache.index(of: cache.slot(of: last.end))
        let runs = self.runs(intervals, cache: cache, from: lower, to: upper)
        try computeMissing(runs.joined(), cache: cache, storage: storage, filter: runFilter(reader))
        return (runs, lower, upper)
    }

    /// The summaries' figures of each of the consecutive, slot-aligned `intervals` (their missing runs computed
    /// first), whatever the predicate's date windows. The caller holds `cache.lock`.
    static func summed(_ intervals: [DateInterval], reader: StatisticsReader, cache: SlotCache,
                       storage: any SlotSumStorage) throws -> [StatisticsBucketResult] {
        guard !intervals.isEmpty else { return [] }
        let (runs, lower, upper) = try computedRuns(intervals, reader: reader, cache: cache, storage: storage)
        let separate = reader.options.contains(.separateBySource)
        var perSource: [Double] = [], present: [Bool] = []
        func add(_ value: Double, to source: Int32) {
            let index = Int(source)
            if index >= perSource.count {
                perSource += [Double](repeating: 0, count: index + 1 - perSource.count)
                present += [Bool](repeating: false, count: index + 1 - present.count)
            }
            perSource[index] += value
            present[index] = true
        }
        var results: [StatisticsBucketResult] = []
        results.reserveCapacity(intervals.count)
        var index = lower
        for (bucket, interval) in intervals.enumerated() {
            let end = cache.slot(of: interval.end)
            var merged: Double?
            while index < upper, cache.keys[index] < end {
                let owner = cache.single[index]
                if owner >= 0 {
                    merged = (merged ?? 0) + cache.total[index]
                    if separate { add(cache.total[index], to: owner) }
                }
                index += 1
            }
            for run in runs[bucket] {
                guard let figures = cache.figures(of: run) else { continue }
                merged = (merged ?? 0) + figures.merged
                if separate { for (source, value) in figures.bySource { add(value, to: source) } }
            }
            var bySource: [String: StatisticsValues] = [:]
            if separate {
                for source in present.indices where present[source] {
                    bySource[cache.sourceNames[source]] = StatisticsValues(sum: perSource[source], duration: 0)
                    perSource[source] = 0
                    present[source] = false
                }
            }
            // A present bucket carries duration 0 as its presence mark; the options never ask for duration here.
            results.append(StatisticsBucketResult(interval: interval, merged: merged.map { StatisticsValues(sum: $0, duration: 0) } ?? StatisticsValues(),
                                                  bySource: bySource))
        }
        return results
    }

    /// The runs of mixed slots of each interval: consecutive mixed slots joined by edges a raw sample crosses.
    private static func runs(_ intervals: [DateInterval], cache: SlotCache, from lower: Int, to upper: Int) -> [[SlotCache.Stretch]] {
        var runs = [[SlotCache.Stretch]](repeating: [], count: intervals.count)
        var index = lower
        for (bucket, interval) in intervals.enumerated() {
            let end = cache.slot(of: interval.end)
            var current: SlotCache.Stretch?
            while index < upper, cache.keys[index] < end {
                let key = cache.keys[index]
                if cache.single[index] < 0 {
                    if let open = current, open.end == key, cache.crossedEdges.contains(key) {
                        current?.end = key + 1
                    } else {
                        if let open = current { runs[bucket].append(open) }
                        current = SlotCache.Stretch(start: key, end: key + 1, index: index)
                    }
                }
                index += 1
            }
            if let open = current { runs[bucket].append(open) }
        }
        return runs
    }

    /// Missing runs computed together (in batches of contiguous runs, neighbouring batches from one read, the reads
    /// concurrently): enough for many reads to share the cores, few enough to bound the memory one step holds.
    private static let runsPerStep = 2_048

    /// Computes the runs not yet known, reading contiguous stretches of them (up to a week) at once.
    private static func computeMissing(_ runs: some Sequence<SlotCache.Stretch>, cache: SlotCache,
                                       storage: any SlotSumStorage, filter: SampleFilter) throws {
        var batches: [[SlotCache.Stretch]] = [], batch: [SlotCache.Stretch] = [], held = 0
        for run in runs where cache.figures(of: run) == nil {
            if let last = batch.last, last.end != run.start || run.end - batch[0].start > 96 * 7 {
                batches.append(batch)
                batch = []
                if held >= runsPerStep {
                    try cache.compute(batches, storage: storage, filter: filter)
                    batches = []
                    held = 0
                }
            }
            batch.append(run)
            held += 1
        }
        try cache.compute(batches + [batch], storage: storage, filter: filter)
    }

    /// The merge order of `reader`'s cache (over the sources it sums) and their `HKSource`s: the order
    /// ``compute(_:reader:storage:refreshing:)`` merges by. Two sources rank alike in it and in
    /// ``StatisticsReader/computeWithSources(_:)`` (the order is the store's), without reading the matching samples for their sources.
    package static func priority(reader: StatisticsReader, storage: any SlotSumStorage) throws
        -> (priority: StatisticsSourcePriority, sources: [String: HKSource]) {
        let cache = try self.cache(storage, reader: reader)
        return try cache.lock.withLock {
            try cache.refresh(storage)
            let (order, records) = try cache.priority(storage, filter: reader.scope)
            return (StatisticsSourcePriority(order), records.mapValues { SourceMapping.revision(from: $0).source })
        }
    }

    /// The UUIDs of the samples of `reader`'s sources and devices that start before `date` and end at or after it,
    /// as far as the summaries list them raw: at a slot edge (or just before it), every such sample.
    package static func rawEntering(_ date: Date, reader: StatisticsReader, storage: any SlotSumStorage) throws -> Set<UUID> {
        let cache = try self.cache(storage, reader: reader)
        return try cache.lock.withLock {
            try cache.refresh(storage)
            return cache.rawEntering(date)
        }
    }

    /// How many runs the caches of `type` in `storage` (the whole type's and those of some sources, devices or
    /// samples) computed from samples so far (0 when it has no cache yet).
    package static func runsComputed(in storage: any SlotSumStorage, type: String) -> Int {
        total(of: \.runsComputed, type: type, in: storage)
    }

    /// The sum of `figure` over the caches of `type` in `storage`, each read under its lock.
    static func total<Figure: AdditiveArithmetic>(of figure: (SlotCache) -> Figure, type: String, in storage: any SlotSumStorage) -> Figure {
        StoreHome.of(storage).existingSlotCaches(ofType: type).reduce(.zero) { sum, cache in sum + cache.lock.withLock { figure(cache) } }
    }

    /// The cache of `reader`'s type — of its sources only, when it reads some sources only — in `storage`, created on
    /// first use (which also installs the summaries); it lives in the store's ``StoreHome``.
    private static func cache(_ storage: any SlotSumStorage, reader: StatisticsReader) throws -> SlotCache {
        let type = reader.type.identifier
        // The type, then each source after a separator (an empty set of sources has its own key).
        var key = type + (reader.sources.map { $0.sorted().map { "\u{0}" + $0 }.joined() + "\u{2}" } ?? "")
        if !reader.excludedSources.isEmpty { key += "\u{4}" + reader.excludedSources.sorted().map { $0 + "\u{0}" }.joined() }
        if reader.excludesUserEntered { key += "\u{1}" }
        // Devices by the ids that meet the conditions now: a device saved later that meets them makes another key.
        var deviceIDs: Set<Int64>?
        if let devices = reader.devices {
            guard let ids = try storage.slotSumDevices(matching: devices) else {
                throw StorageError.unavailable("the statistics summaries of \(type) carry no devices")
            }
            deviceIDs = ids
            key += "\u{3}" + ids.sorted().map { "\($0)," }.joined()
        }
        return try StoreHome.of(storage).slotCache(for: key) {
            try storage.prepareSlotSums()
            return SlotCache(type: type, sources: reader.sources, excluding: reader.excludedSources,
                             excludesUserEntered: reader.excludesUserEntered,
                             devices: deviceIDs)
        }
    }

    /// The samples a run of `reader`'s cache is computed from: those the app may read, of the reader's sources and
    /// devices, without user-entered ones when it leaves them out.
    private static func runFilter(_ reader: StatisticsReader) -> SampleFilter {
        var parts = [reader.scope]
        if let sources = reader.sources { parts.append(.sources(sources)) }
        if !reader.excludedSources.isEmpty { parts.append(.not(.sources(reader.excludedSources))) }
        if let devices = reader.devices { parts.append(devices) }
        if reader.excludesUserEntered { parts.append(StatisticsReader.notUserEntered) }
        return parts.count == 1 ? reader.scope : .and(parts)
    }
}
