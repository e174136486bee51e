import Foundation
import HealthDatabase
public import HealthKitModel

// OpenHealthKit extension: the source priority that statistics merge by, persisted in the store.
//
// HealthKit keeps this order in the Health app ("Data Sources & Access"); here it lives in the store's settings, so
// every process and the `health sources priority` command see the same order. Default rule and how custom orders
// combine with it: ``SourcePriorityRule``.
extension HKHealthStore {
    /// The order in which sources win when their cumulative samples overlap, highest priority first, over every
    /// source of samples the app may read (OpenHealthKit extension).
    ///
    /// Sources of a persisted custom order come first, in its order (a listed source without samples is included,
    /// named after its bundle identifier); the rest follow the default rule: user-entered data (the Health app),
    /// then watches, then phones, then other apps.
    public func sourcePriority() throws -> [HKSource] {
        do {
            let storage = try storage()
            let (order, sources) = try SourcePriorityRule.order(storage, matching: try readRestriction(for: HKObjectType.allSampleTypes))
            return order.map { id in
                sources[id].map { SourceMapping.revision(from: $0).source } ?? HKSource(name: id, bundleIdentifier: id)
            }
        } catch {
            throw HKError.from(error)
        }
    }

    /// The persisted custom order's bundle identifiers, or nil when the default rule applies (OpenHealthKit extension).
    public func customSourcePriority() throws -> [String]? {
        do {
            return try SourcePriorityRule.customOrder(try storage())
        } catch {
            throw HKError.from(error)
        }
    }

    /// Persists a custom source priority, highest first (OpenHealthKit extension). Sources not listed rank after
    /// the listed ones, in the default order. Only the person's own store (``owner(storage:app:)``) may change it,
    /// as only the Health app can in HealthKit.
    ///
    /// - Throws: `errorAuthorizationDenied` for an app's store; `errorInvalidArgument` for an empty bundle
    ///   identifier or one listed twice.
    public func setSourcePriority(bundleIdentifiers: [String]) throws {
        try changeSourcePriority(bundleIdentifiers)
    }

    /// Persists a custom source priority given as sources (see ``setSourcePriority(bundleIdentifiers:)``).
    public func setSourcePriority(_ sources: [HKSource]) throws {
        try changeSourcePriority(sources.map(\.bundleIdentifier))
    }

    /// Removes the custom order: the default rule applies again (OpenHealthKit extension).
    public func resetSourcePriority() throws {
        try changeSourcePriority(nil)
    }

    private func changeSourcePriority(_ order: [String]?) throws {
        try requireNotGuest()
        guard isOwner else {
            throw HKError(.errorAuthorizationDenied, "Only the person's own store can change the source priority")
        }
        do {
            try SourcePriorityRule.setCustomOrder(order, try storage())
        } catch {
            throw HKError.from(error)
        }
    }
}
