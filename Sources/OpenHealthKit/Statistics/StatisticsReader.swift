package import Foundation
package import HealthDatabase
package import HealthKitModel

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
    /// The samples the app may read of the type, whatever the predicate: the type and the app's read restriction.
    package let scope: SampleFilter
    /// The options asked for.
    package let options: HKStatisticsOptions
    /// The date windows the samples must meet when the summaries can serve the reader: its filter (predicate and read
    /// restriction) is nothing but date windows, source sets, device conditions and the exclusion of user-entered
    /// samples, ANDed (``SlotSumStatistics``). Nil otherwise.
    package let windows: [DateWindow]?
    /// The sources the samples must come from (the intersection of the filter's source sets, an `OR` of source sets
    /// counting as their union), nil for any; only meaningful when ``windows`` is not nil.
    package let sources: Set<String>?
    /// The sources the samples must not come from (`NOT` of source sets, as apps leave out their own samples); empty
    /// when ``sources`` is not nil (they are taken out of it). Only meaningful when ``windows`` is not nil.
    package let excludedSources: Set<String>
    /// Whether the filter leaves out user-entered samples (`metadata.HKWasUserEntered != YES` and its `HKQuery`
    /// twins); only meaningful when ``windows`` is not nil.
    package let excludesUserEntered: Bool
    /// The device conditions the filter ANDs (``SampleFilter/devices(_:)``, ``SampleFilter/deviceProperty(key:values:)``
    /// and `and`/`or`/`not` of them), as one filter; nil for none. Only meaningful when ``windows`` is not nil.
    package let devices: SampleFilter?
    /// Whether the reader sees every sample of the type: no predicate, and an app that may read them all.
    package var isUnfiltered: Bool {
        windows?.isEmpty == true && sources == nil && excludedSources.isEmpty && !excludesUserEntered && devices == nil
    }
    /// The filter that leaves out user-entered samples, as the summaries tell them (`HKWasUserEntered = 1`).
    package static let notUserEntered = SampleFilter.not(.field(HKMetadataKeyWasUserEntered, .equal, .number(1)))
    /// The unit the samples' values are read and the figures reported in.
    package let unit: StatisticsUnit

    /// About how much time one read covers (whole buckets; at least one bucket per read).
    static let windowSeconds: TimeInterval = 7 * 86_400

    /// A reader for the samples of `type` matching `predicate` that `context`'s app may read.
    package init(context: QueryContext, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions) throws {
        self.storage = context.storage
        self.type = type
        self.filter = try context.filter(types: [type], predicate: predicate)
        self.scope = try context.filter(types: [type], predicate: nil)
        self.options = options
        self.unit = StatisticsUnit(type)
        var windows: [DateWindow]? = [], sources = SourceSelection(), notEntered = false, devices: [SampleFilter] = []
        Self.parse(filter, type: type.identifier, windows: &windows, sources: &sources, notEntered: &notEntered,
                   devices: &devices)
        self.windows = windows
        self.sources = windows == nil ? nil : sources.only.map { $0.subtracting(sources.excluded) }
        self.excludedSources = windows == nil || sources.only != nil ? [] : sources.excluded
        self.excludesUserEntered = windows != nil && notEntered
        self.devices = windows == nil || devices.isEmpty ? nil : devices.count == 1 ? devices[0] : .and(devices)
    }

    /// The sources a filter's source conditions allow: only some (nil: any), and never the excluded ones.
    private struct SourceSelection {
        var only: Set<String>?
        var excluded: Set<String> = []
    }

    /// Collects the date windows, source sets (intersected; excluded ones gathered), device conditions and the
    /// exclusion of user-entered samples `filter` ANDs together; sets `windows` to nil when it requires anything else
    /// than those and the type.
    private static func parse(_ filter: SampleFilter, type: String, windows: inout [DateWindow]?, sources: inout SourceSelection,
                              notEntered: inout Bool, devices: inout [SampleFilter]) {
        switch filter {
        case .all: return
        case .types(let types) where types == [type]: return
        case .window(let window): windows?.append(window)
        case let part where sourceSet(part) != nil:
            let set = sourceSet(part)!
            sources.only = sources.only.map { $0.intersection(set) } ?? set
        case .not(let part) where sourceSet(part) != nil: sources.excluded.formUnion(sourceSet(part)!)
        case .not(.field(HKMetadataKeyWasUserEntered, .equal, let value)) where value.comparableNumber == 1: notEntered = true
        case .and(let parts):
            for part in parts {
                parse(part, type: type, windows: &windows, sources: &sources, notEntered: &notEntered, devices: &devices)
            }
        case let part where isDeviceCondition(part): devices.append(part)
        default: windows = nil
        }
    }

    /// The sources `filter` allows when it asks only about the sample's source: a source set, or an `OR` of them.
    private static func sourceSet(_ filter: SampleFilter) -> Set<String>? {
        switch filter {
        case .sources(let set): return set
        case .or(let parts) where !parts.isEmpty:
            var union: Set<String> = []
            for part in parts {
                guard let set = sourceSet(part) else { return nil }
                union.formUnion(set)
            }
            return union
        default: return nil
        }
    }

    /// Whether `filter` asks only about the sample's device.
    private static func isDeviceCondition(_ filter: SampleFilter) -> Bool {
        switch filter {
        case .devices, .deviceProperty: true
        case .and(let parts), .or(let parts): !parts.isEmpty && parts.allSatisfy(isDeviceCondition)
        case .not(let part): isDeviceCondition(part)
        default: false
        }
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
    ///
    /// Each window of intervals reads the samples *starting* in it (a range of the `(type, start)` index); the samples
    /// that started earlier and reach into it are carried over from the previous reads, and those reaching into the
    /// first window from before it are read once. So every matching sample is read once, however many windows: a
    /// read bounded only by `end >= window start` would walk every later sample again for every window. A caller that
    /// knows the samples reaching into the first interval from before it (`entering`, by UUID: the summaries' raw
    /// samples crossing a slot edge) spares that one read, which has no index bound on both sides.
    package func compute(_ intervals: [DateInterval], priority: StatisticsSourcePriority,
                         entering: Set<UUID>? = nil) throws -> [StatisticsBucketResult] {
        try compute(intervals, entering: entering) { _ in priority }
    }

    /// The figures of `interval` from the matching samples among `listed` (by UUID) and those starting in `starts`
    /// only: for an interval whose overlapping matching samples are all among them (one outside every date window,
    /// ``SlotSumStatistics``), a small read however long the interval.
    package func compute(_ interval: DateInterval, priority: StatisticsSourcePriority, listed: Set<UUID>,
                         starting starts: Range<Date>) throws -> StatisticsBucketResult {
        let read = try samples(.uuids(listed)).filter { !starts.contains($0.start) } + samples(starting: starts)
        return StatisticsEngine.compute(read, intervals: [interval], style: type.aggregationStyle, priority: priority,
                                        separateBySource: options.contains(.separateBySource),
                                        mostRecent: options.contains(.mostRecent))[0]
    }

    /// The figures of each of the consecutive `intervals`, merged in the store's order, and the `HKSource` of every
    /// source counted, by bundle identifier. A source's place in the order (from its newest sample the app may read,
    /// whatever the predicate, as in HealthKit) is looked up when the read first meets it (``SourceOrderResolver``).
    package func computeWithSources(_ intervals: [DateInterval]) throws
        -> (results: [StatisticsBucketResult], sources: [String: HKSource]) {
        let order = try SourceOrderResolver(storage: storage, scope: scope)
        let results = try compute(intervals, entering: nil, priority: order.priority(covering:))
        return (results, order.sources)
    }

    /// ``compute(_:priority:entering:)`` with the merge order of each window's samples from `priority`.
    private func compute(_ intervals: [DateInterval], entering: Set<UUID>?,
                         priority: ([StatisticsSample]) throws -> StatisticsSourcePriority) throws -> [StatisticsBucketResult] {
        guard let first = intervals.first, let last = intervals.last else { return [] }
        var results: [StatisticsBucketResult] = []
        results.reserveCapacity(intervals.count)
        // Widened by a millisecond: stored dates lose the last bits of precision (an instant at the very end of a
        // one-shot query's bucket must still be read); the engine drops whatever lies outside the buckets.
        var readFrom = first.start.addingTimeInterval(-0.001)
        let readTo = last.end.addingTimeInterval(0.001)
        var carried = try entering.map { try samples(.uuids($0)).filter { $0.start < readFrom } }
            ?? samples(.window(DateWindow(start: readFrom, end: readFrom)))
        var lower = 0
        while lower < intervals.count {
            var upper = lower + 1
            while upper < intervals.count, intervals[upper].end.timeIntervalSince(intervals[lower].start) <= Self.windowSeconds {
                upper += 1
            }
            let window = Array(intervals[lower..<upper])
            let readUntil = upper == intervals.count ? readTo : window[window.count - 1].end
            let reach = window[0].start.addingTimeInterval(-0.001)
            carried.removeAll { $0.end < reach }
            let started = try samples(starting: readFrom..<readUntil)
            let read = carried + started
            results += StatisticsEngine.compute(read, intervals: window,
                                                style: type.aggregationStyle, priority: try priority(read),
                                                separateBySource: options.contains(.separateBySource),
                                                mostRecent: options.contains(.mostRecent))
            carried += started.filter { $0.end >= readUntil.addingTimeInterval(-0.001) }
            readFrom = readUntil
            lower = upper
        }
        return results
    }

    /// The matching samples that also match `part`, as the engine's input.
    private func samples(_ part: SampleFilter) throws -> [StatisticsSample] {
        try Self.samples(storage, matching: .and([filter, part]), unit: unit)
    }

    /// The matching samples starting in `starts`, as the engine's input.
    private func samples(starting starts: Range<Date>) throws -> [StatisticsSample] {
        guard let lean = storage as? any SlotSumStorage else {
            return try samples(.window(DateWindow(start: starts.lowerBound, end: starts.upperBound, strictStart: true)))
        }
        let range = starts.lowerBound.timeIntervalSince1970..<starts.upperBound.timeIntervalSince1970
        return try lean.quantityValues(matching: filter, type: type.identifier, starts: range).map { Self.sample($0, unit: unit) }
    }

    /// The samples of `storage` matching `filter` as the engine's input, their values in `unit` (canonical when nil):
    /// through ``SlotSumStorage/quantityValues(matching:type:starts:)`` where the storage has it (a few columns a row), else
    /// from whole records.
    package static func samples(_ storage: any HealthStorage, matching filter: SampleFilter,
                                unit: StatisticsUnit?) throws -> [StatisticsSample] {
        guard let lean = storage as? any SlotSumStorage else {
            return try storage.records(matching: filter, sort: [], limit: nil, includePayload: false)
                .map { StatisticsSample(record: $0, unit: unit) }
        }
        return try lean.quantityValues(matching: filter, type: "", starts: nil).map { sample($0, unit: unit) }
    }

    /// A quantity value as the engine's input, in `unit` (canonical when nil).
    private static func sample(_ value: QuantityValue, unit: StatisticsUnit?) -> StatisticsSample {
        StatisticsSample(start: Date(timeIntervalSince1970: value.start), end: Date(timeIntervalSince1970: value.end),
                         value: unit?.value(quantity: value.quantity, original: value.original) ?? value.quantity,
                         source: value.source, userEntered: value.userEntered)
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
