package import Foundation
package import HealthDatabase
package import HealthKitModel

// Associating samples with a saved workout: HealthKit's pre-iOS 17 way (Apple's "Adding samples to a workout").
extension HKHealthStore {
    /// Saves or associates `samples` under the stored workout `workout` in one transaction: what
    /// `add(_:to:completion:)` does (package access; the route builder uses it too).
    ///
    /// As Apple's "Adding samples to a workout" describes, `HKQuery.predicateForObjects(from: workout)` then finds them,
    /// and deleting the workout deletes them; the workout itself does not change. Samples not yet stored are saved;
    /// samples already stored (the app's own) are associated, and anchored queries and observers see each of them as
    /// saved again. All of it is one atomic change. A workout not in the store, a sample that is a workout or already
    /// belongs to a correlation or another workout, fail with ``HKError/Code/errorInvalidArgument``; a workout or
    /// stored sample another app saved fails with ``HKError/Code/errorAuthorizationDenied``; the app needs sharing
    /// authorization for workouts and the samples' types, as for `save(_:withCompletion:)`.
    @discardableResult
    package func store(_ samples: [HKSample], associatedWith workout: UUID) throws -> SaveOutcome {
        let storage = try storage()
        let found = try storage.records(matching: .and([.uuids([workout]), .kinds([.workout])]), sort: [], limit: 1,
                                        includePayload: false)
        guard let stored = found.first else {
            throw HKError(.errorInvalidArgument, "The workout \(workout) is not in the store: save it first")
        }
        guard stored.source.bundleIdentifier == app.bundleIdentifier else {
            throw HKError(.errorAuthorizationDenied,
                          "Not authorized to add samples to \(workout): it was saved by \(stored.source.bundleIdentifier)")
        }
        try requireSharing([HKObjectType.workoutType()], in: storage)
        let plan = try WorkoutAssociation(samples, with: workout, for: self, in: storage)
        return try writer.save(plan.records, associating: plan.association, sharing: [HKObjectType.workoutType()], rules: .app)
    }
}
