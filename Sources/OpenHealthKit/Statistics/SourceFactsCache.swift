import Foundation
import HealthDatabase

/// The default-order facts of the sources of one type (``SourcePriorityRule/Facts``), kept up to date from the
/// changes a ``SlotCache`` reads, so that the merge order is recomputed after a change without reading the newest
/// sample of every source again.
///
/// A saved sample ending no earlier than its source's known newest becomes the newest: its facts replace the
/// source's. A deletion whose slots reach a source's newest end may have removed that sample: the source is looked
/// up again when next needed. Sources never looked up are read on demand.
struct SourceFactsCache {
    private var known: [String: SourcePriorityRule.Facts] = [:]
    /// Whether some source's facts changed since ``order(of:custom:storage:filter:)`` last ran.
    private(set) var changed = true

    /// Forgets every source.
    mutating func reset() {
        known = [:]
        changed = true
    }

    /// Takes in a saved sample of the type.
    mutating func saw(_ record: SampleRecord) {
        let id = record.source.bundleIdentifier
        guard let facts = known[id], facts.newestEnd.map({ record.endDate >= $0 }) ?? true else { return }
        known[id] = SourcePriorityRule.Facts(newest: record)
        changed = true
    }

    /// Takes in the deletion of a sample lying within `span`.
    mutating func deleted(within span: DateInterval) {
        for (id, facts) in known {
            guard let end = facts.newestEnd, span.start <= end, end <= span.end else { continue }
            known[id] = nil
            changed = true
        }
    }

    /// The effective order over `bundles` with the custom order `custom`, and their records.
    mutating func order(of bundles: [String], custom: [String], storage: any HealthStorage,
                        filter: SampleFilter) throws -> (order: [String], sources: [String: SourceRecord]) {
        var facts: [String: SourcePriorityRule.Facts] = [:]
        for id in bundles {
            if known[id] == nil { known[id] = try SourcePriorityRule.facts(of: id, storage, matching: filter) }
            facts[id] = known[id]
        }
        changed = false
        return (SourcePriorityRule.order(custom: custom, facts: facts), facts.mapValues(\.source))
    }
}
