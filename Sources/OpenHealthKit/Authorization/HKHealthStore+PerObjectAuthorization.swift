import Foundation
import HealthDatabase

// HealthKit's per-object read authorization (iOS 16), for types such as vision prescriptions.
extension HKHealthStore {
    /// What `requestPerObjectReadAuthorization(for:predicate:completion:)` does, off the caller's thread.
    func requestObjectAuthorization(
        for objectType: HKObjectType, predicate: NSPredicate?, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let predicate = predicate.map { SendablePredicate(predicate: $0) }
        dispatch({ try self.authorizeObjects(of: objectType, matching: predicate?.predicate) }, reporting: completion)
    }

    /// Shows the prompt the matching samples and records the ones it allows.
    private func authorizeObjects(of type: HKObjectType, matching predicate: NSPredicate?) throws {
        guard type.requiresPerObjectAuthorization() else {
            throw HKError.invalidArgument("\(type.identifier) does not require per-object authorization")
        }
        // The owner needs no grant; a guest cannot give one.
        if isOwner || isGuestUserSession { return }
        let storage = try storage()
        authorizationLock.lock()
        defer { authorizationLock.unlock() }
        let filter = SampleFilter.and([.types([type.identifier]), try QueryMapping.filter(from: predicate)])
        let records = try storage.records(matching: filter, sort: [SampleSort(.startDate)], limit: nil)
        let objects = try QueryMapping.samples(from: records, storage: storage)
        let shown = Set(objects.map(\.uuid))
        let granted = try perObjectReadGrants(for: type, in: storage)
        let request = PerObjectAuthorizationPromptRequest(app: app, objectType: type, objects: objects,
                                                            previouslyAllowed: granted.intersection(shown))
        let allowed = try authorizationPrompt.decideObjects(request).intersection(shown)
        try setPerObjectReadGrants(granted.subtracting(shown).union(allowed), for: type, in: storage)
    }
}

/// An `NSPredicate` carried to the background queue (predicates are immutable once built).
private struct SendablePredicate: @unchecked Sendable {
    let predicate: NSPredicate
}
