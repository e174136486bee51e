import Foundation
import HealthDatabase
import HealthKitModel

/// The merge order of the sources a statistics read of the samples meets, looked up as the read meets them.
///
/// The store's order ranks two sources alike whatever other sources are present (``SourcePriorityRule``: the custom
/// order's sources first, then by tier and bundle identifier, a source's tier coming from its newest sample the app may
/// read, whatever the predicate), so the order over the sources met so far ranks any two of them as the order over
/// every matching source does. Looking a source up when the read first meets it spares a first pass over every
/// matching sample to find the sources (for a year of minute steps, that pass cost a quarter of the query's CPU).
final class SourceOrderResolver {
    private let storage: any HealthStorage
    /// The samples the app may read of the type: a source's facts come from its newest one.
    private let scope: SampleFilter
    private let custom: [String]
    private var facts: [String: SourcePriorityRule.Facts] = [:]
    /// The sources met, in the order met (a short list: searched before hashing).
    private var met: [String] = []
    private var order = StatisticsSourcePriority()

    /// A resolver for the samples of `scope` in `storage`, with the store's custom order.
    init(storage: any HealthStorage, scope: SampleFilter) throws {
        self.storage = storage
        self.scope = scope
        self.custom = try SourcePriorityRule.customOrder(storage) ?? []
    }

    /// The order over the sources of `samples` and every source met before.
    func priority(covering samples: [StatisticsSample]) throws -> StatisticsSourcePriority {
        var last: String?
        var changed = false
        for sample in samples where sample.source != last {
            last = sample.source
            guard !met.contains(sample.source) else { continue }
            met.append(sample.source)
            facts[sample.source] = try SourcePriorityRule.facts(of: sample.source, storage, matching: scope)
            changed = true
        }
        if changed { order = StatisticsSourcePriority(SourcePriorityRule.order(custom: custom, facts: facts)) }
        return order
    }

    /// The `HKSource` of every source met, by bundle identifier.
    var sources: [String: HKSource] { facts.mapValues { SourceMapping.revision(from: $0.source).source } }
}
