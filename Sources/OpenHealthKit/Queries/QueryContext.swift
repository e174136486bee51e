package import Foundation
package import HealthDatabase

/// What a running query reads: the store's storage, the app it acts for, and the store's query center.
///
/// Every filter a query sends to storage goes through ``filter(_:)``, which ANDs the app's read restriction
/// (all samples of readable types, only the app's own otherwise), so read scope is enforced in the storage
/// engine, never by discarding loaded rows.
package struct QueryContext: Sendable {
    /// The store the query was executed on.
    package let store: HKHealthStore
    /// The store's storage engine.
    package let storage: any HealthStorage
    /// The store's query center (change monitor, background delivery).
    package let center: QueryCenter

    /// The context of `store`; throws when its database could not be opened.
    package init(store: HKHealthStore) throws(HKError) {
        let storage = try store.storage()
        self.store = store
        self.storage = storage
        self.center = store.core.queryCenter(storage: storage)
    }

    /// The app the store acts for.
    package var app: HKSource { store.app }

    /// The filter for samples of any of `types` matching `predicate`, restricted to what the app may read.
    package func filter(types: [HKObjectType], predicate: NSPredicate?) throws -> SampleFilter {
        let identifiers = Set(types.map { $0.identifier })
        return try filter(.and([.types(identifiers), QueryMapping.filter(from: predicate)]), types: types)
    }

    /// The filter matching any of `descriptors`, restricted to what the app may read.
    package func filter(_ descriptors: [HKQueryDescriptor]) throws -> SampleFilter {
        let each = try descriptors.map { try filter(types: [$0.sampleType], predicate: $0.predicate) }
        return each.count == 1 ? each[0] : .or(each)
    }

    /// `filter` ANDed with the read restriction for `types`.
    package func filter(_ filter: SampleFilter, types: [HKObjectType]) throws -> SampleFilter {
        let restriction = try store.readRestriction(for: types)
        return restriction == .all ? filter : .and([filter, restriction])
    }
}
