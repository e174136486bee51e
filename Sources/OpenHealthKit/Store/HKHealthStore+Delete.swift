import Foundation
import HealthDatabase

// Deleting objects: only the app's own, and only of types it may share.
extension HKHealthStore {
    /// Deletes one object the app saved. See `delete(_ objects:withCompletion:)`.
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    /// Deletes objects the app saved, atomically; each leaves a deleted object for anchored queries.
    ///
    /// An empty array fails with ``HKError/Code/errorInvalidArgument``. The app needs sharing authorization
    /// for each object's type (errors as for saving). An object another source saved fails the whole
    /// request with ``HKError/Code/errorAuthorizationDenied``; objects not in the store are skipped.
    /// Deleting a correlation or workout deletes the samples it holds.
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.remove(objects) }, reporting: completion)
    }

    /// Deletes one object the app saved; throws as `delete(_ objects:withCompletion:)` reports.
    public func delete(_ object: HKObject) async throws {
        try await delete([object])
    }

    /// Deletes objects the app saved; throws as `delete(_ objects:withCompletion:)` reports.
    public func delete(_ objects: [HKObject]) async throws {
        try await perform { try self.remove(objects) }
    }

    /// Deletes the app's objects of `objectType` matching `predicate`; `completion` gets how many.
    ///
    /// Objects other sources saved are left alone (they do not count). The app needs sharing
    /// authorization for `objectType`. A predicate the store cannot evaluate fails with
    /// ``HKError/Code/errorInvalidArgument``.
    public func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void
    ) {
        let filter = Result { () throws(HKError) in try sampleFilter(from: predicate) }
        dispatch({ try self.removeObjects(of: objectType, matching: filter.get()) }) { result in
            switch result {
            case .success(let count): completion(true, count, nil)
            case .failure(let error): completion(false, 0, error)
            }
        }
    }

    /// Deletes the app's objects of `objectType` matching `predicate` and returns how many.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        let filter = try sampleFilter(from: predicate)
        return try await perform { try self.removeObjects(of: objectType, matching: filter) }
    }

    /// Deletes `objects` after checking authorization and ownership; returns the tombstones.
    @discardableResult
    func remove(_ objects: [HKObject]) throws -> [Tombstone] {
        guard !objects.isEmpty else { throw HKError.invalidArgument("No objects to delete") }
        let storage = try storage()
        let types = objects.compactMap { ($0 as? HKSample)?.sampleType }
        try requireSharing(Array(Set<HKObjectType>(types)), in: storage)
        let uuids = objects.map(\.uuid)
        let foreign = try storage.records(matching: .and([.uuids(Set(uuids)), .not(.sources([app.bundleIdentifier]))]),
                                          sort: [], limit: 1)
        if let other = foreign.first {
            throw HKError(.errorAuthorizationDenied,
                          "Not authorized to delete \(other.uuid): it was saved by \(other.source.bundleIdentifier)")
        }
        let tombstones = try storage.delete(uuids: uuids, source: app.bundleIdentifier)
        QueryCenter.changeCommitted()
        return tombstones
    }

    /// Deletes the app's objects of `objectType` matching `filter`; returns how many of that type went.
    func removeObjects(of objectType: HKObjectType, matching filter: SampleFilter) throws -> Int {
        let storage = try storage()
        try requireSharing([objectType], in: storage)
        let scope = SampleFilter.and([.types([objectType.identifier]), filter, .sources([app.bundleIdentifier])])
        let tombstones = try storage.delete(matching: scope)
        QueryCenter.changeCommitted()
        return tombstones.filter { $0.type == objectType.identifier }.count
    }
}
