import Foundation
import HealthDatabase

// Deleting objects: only the app's own, and only of types it may share.
extension HKHealthStore {
    /// What `deleteObjects(of:predicate:withCompletion:)` does: compiles `predicate`, deletes off the caller's
    /// thread and reports `(success, count, error)`.
    func removeObjects(of objectType: HKObjectType, predicate: NSPredicate,
                       completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void) {
        let filter = Result { () throws(HKError) in try sampleFilter(from: predicate) }
        dispatch({ try self.removeObjects(of: objectType, matching: filter.get()) }) { result in
            switch result {
            case .success(let count): completion(true, count, nil)
            case .failure(let error): completion(false, 0, error)
            }
        }
    }

    /// Deletes `objects` after checking authorization and ownership; returns the tombstones.
    @discardableResult
    func remove(_ objects: [HKObject]) throws -> [Tombstone] {
        guard !objects.isEmpty else { throw HKError.invalidArgument("No objects to delete") }
        let types = Set<HKObjectType>(objects.compactMap { ($0 as? HKSample)?.sampleType })
        return try writer.delete(uuids: objects.map(\.uuid), types: Array(types), rules: .app)
    }

    /// Deletes the app's objects of `objectType` matching `filter`; returns how many of that type went.
    func removeObjects(of objectType: HKObjectType, matching filter: SampleFilter) throws -> Int {
        let scope = SampleFilter.and([.types([objectType.identifier]), filter, .sources([app.bundleIdentifier])])
        let tombstones = try writer.delete(matching: scope, types: [objectType], rules: .app)
        return tombstones.filter { $0.type == objectType.identifier }.count
    }
}
