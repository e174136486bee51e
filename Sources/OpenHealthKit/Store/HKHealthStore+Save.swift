import Foundation
import HealthDatabase

// Saving objects: HealthKit's completion-handler and async forms.
extension HKHealthStore {
    /// Saves one object. See `save(_ objects:withCompletion:)`.
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Saves `objects` atomically: all of them or none.
    ///
    /// The app needs sharing authorization for every object's type (a correlation: its members' types):
    /// ``HKError/Code/errorAuthorizationNotDetermined`` if undecided, ``HKError/Code/errorAuthorizationDenied``
    /// if denied. Each object is stored with the app's source revision and keeps its UUID; a UUID already
    /// stored (or given twice), or a sample ending before ``earliestPermittedSampleDate()``, fails with
    /// ``HKError/Code/errorInvalidArgument``. An object whose sync identifier the app already stored with an
    /// equal or higher sync version is not stored, and the save still succeeds (see docs/Store.md).
    /// `completion` runs on a background queue.
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.store(objects) }, reporting: completion)
    }

    /// Saves one object; throws as `save(_ objects:withCompletion:)` reports.
    public func save(_ object: HKObject) async throws {
        try await save([object])
    }

    /// Saves `objects` atomically; throws as `save(_ objects:withCompletion:)` reports.
    public func save(_ objects: [HKObject]) async throws {
        try await perform { try self.store(objects) }
    }

    /// Validates, authorizes, stamps and stores `objects` in one transaction (package access).
    ///
    /// Returns what storage did: records stored, ignored (older sync version) and replaced.
    @discardableResult
    package func store(_ objects: [HKObject]) throws -> SaveOutcome {
        let storage = try storage()
        let records = try stampedRecords(for: objects)
        guard !records.isEmpty else { return SaveOutcome() }
        try requireSharing(try typesToShare(records), in: storage)
        let outcome = try storage.save(records)
        QueryCenter.changeCommitted()
        return outcome
    }
}
