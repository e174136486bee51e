import Foundation
import HealthDatabase

/// The samples each batch of a ``SlotCache``'s runs is computed from, read a stretch of neighbouring batches at a time.
///
/// A batch's samples are those starting in it and the raw ones reaching into it from before (no other sample can).
/// Read one batch at a time, the first query after an import — which computes every run, about 150,000 on the
/// 1,000,000-record demo export — made as many reads, each a transaction and a statement of its own: more than half
/// of its time. Here neighbouring batches (at most a day apart, together at most two days) share one read of the
/// samples starting in their span, along the type's start index, and each takes its slice of it; the few batches
/// that raw samples reach into from before still read those by UUID. Each batch's samples are then put in one fixed
/// order (``canonicalOrder(_:_:)``), so its figures do not depend on how it was read, or with which neighbours.
struct RunSampleReads: Sendable {
    /// One batch of runs: its slots `[start, end)` and the raw samples reaching into it from before.
    struct Batch: Sendable {
        var start: Int64
        var end: Int64
        var entering: Set<UUID>
    }

    /// Batches further apart than this (in slots) are read separately: the samples between them are not needed.
    static let gapSlots: Int64 = 96
    /// The most slots one read spans: reads stay small, and a step's reads spread over the cores.
    static let spanSlots: Int64 = 192

    let storage: any SlotSumStorage
    let type: String
    let filter: SampleFilter
    let slotSeconds: Double

    /// `batches` (ordered by start, not overlapping) grouped for reading: runs of consecutive indices.
    static func groups(_ batches: [Batch]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var lower = 0
        for index in batches.indices.dropFirst()
            where batches[index].start - batches[index - 1].end > gapSlots || batches[index].end - batches[lower].start > spanSlots {
            groups.append(lower..<index)
            lower = index
        }
        if !batches.isEmpty { groups.append(lower..<batches.count) }
        return groups
    }

    /// The samples of each of a group's batches, their sources named by surrogates: the source ranked `i` in the
    /// merge order among the group's sources is `"i"`.
    struct Samples: Sendable {
        /// Each batch's samples, in ``canonicalOrder(_:_:)``.
        var batches: [[StatisticsSample]]
        /// The bundle identifier of each surrogate, by its number (the merge order: highest priority first).
        var names: [String]
        /// The merge order of the surrogates: every one listed, in their numbers' order.
        var priority: StatisticsSourcePriority
    }

    /// The samples of each of `batches` (consecutive, in order), from one read of the samples starting in their span;
    /// the sources ranked by `order` (sources it does not list after those it does, by bundle identifier, as
    /// ``StatisticsSourcePriority`` ranks them).
    ///
    /// Sources are renamed to surrogates ranked alike, so the engine's figures are the same: its per-sample source
    /// comparisons, its ranking of each batch's sources and the per-source results then hash and compare short ASCII
    /// strings instead of bundle identifiers (names such as "Anna’s Apple Watch", whose every hash and comparison
    /// normalises the Unicode, were a fifth of the preparation after an import).
    func samples(of batches: ArraySlice<Batch>, order: [String]) throws -> Samples {
        guard let first = batches.first, let last = batches.last else { return Samples(batches: [], names: [], priority: .init()) }
        var started = try storage.quantityValues(matching: filter, type: type,
                                                 starts: Double(first.start) * slotSeconds..<Double(last.end) * slotSeconds)
        if !started.isSorted(by: { $0.start <= $1.start }) { started.sort { $0.start < $1.start } }
        let values = try batches.map { batch in
            let lower = started.partitionIndex { $0.start >= Double(batch.start) * slotSeconds }
            let upper = started.partitionIndex { $0.start >= Double(batch.end) * slotSeconds }
            var values = Array(started[lower..<upper])
            if !batch.entering.isEmpty {
                values += try storage.quantityValues(matching: .and([filter, .uuids(batch.entering)]), type: "", starts: nil)
                    .filter { $0.start < Double(batch.start) * slotSeconds }
            }
            values.sort(by: Self.canonicalOrder)
            return values
        }
        // The group's sources (a read names each source with one string, so the equal ones are found cheaply).
        var names: [String] = []
        for batch in values {
            var last: String?
            for value in batch where value.source != last {
                last = value.source
                if !names.contains(value.source) { names.append(value.source) }
            }
        }
        let listed = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        names.sort { (listed[$0] ?? Int.max, $0) < (listed[$1] ?? Int.max, $1) }
        let surrogates = names.indices.map { String($0) }
        let samples = values.map { batch in
            var last: (name: String, surrogate: String)?
            return batch.map { value in
                if last?.name != value.source {
                    last = (value.source, surrogates[names.firstIndex(of: value.source)!])
                }
                return StatisticsSample(start: Date(timeIntervalSince1970: value.start), end: Date(timeIntervalSince1970: value.end),
                                        value: value.quantity, source: last!.surrogate, userEntered: value.userEntered)
            }
        }
        return Samples(batches: samples, names: names, priority: StatisticsSourcePriority(surrogates))
    }

    /// A total order of samples by their content (start, end, value, source, the user-entered flag): samples that
    /// compare equal give the engine the same input, so its figures (sums added in this order) are the same
    /// whichever order the reads returned them in.
    static func canonicalOrder(_ lhs: QuantityValue, _ rhs: QuantityValue) -> Bool {
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.end != rhs.end { return lhs.end < rhs.end }
        if lhs.quantity.bitPattern != rhs.quantity.bitPattern { return lhs.quantity.bitPattern < rhs.quantity.bitPattern }
        if lhs.source != rhs.source { return lhs.source < rhs.source }
        return !lhs.userEntered && rhs.userEntered
    }
}

extension Array {
    /// Whether every element is in order with the next by `inOrder`.
    fileprivate func isSorted(by inOrder: (Element, Element) -> Bool) -> Bool {
        zip(self, dropFirst()).allSatisfy(inOrder)
    }
}
