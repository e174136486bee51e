import Foundation
import HealthKitModel

// Associating samples with a saved workout: HealthKit's pre-iOS 17 way (Apple's "Adding samples to a workout").
extension HKHealthStore {
    /// Saves `samples` associated with `workout`, which must already be in the store, as Apple's "Adding samples to a
    /// workout" describes: the samples need not be saved first, adding them saves them, atomically, and
    /// `HKQuery.predicateForObjects(from: workout)` then finds them. The workout itself does not change.
    ///
    /// A workout not in the store, or a sample already in the store, fails with ``HKError/Code/errorInvalidArgument``
    /// (OpenHealthKit cannot yet move a stored sample into a workout); authorization is checked as for
    /// `save(_:withCompletion:)`. `completion` runs on a background queue.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.store(samples, associatedWith: workout.uuid) }) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Saves `samples` associated with `workout`; throws as `add(_:to:completion:)` reports.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public func add(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await perform { try self.store(samples, associatedWith: workout.uuid) }
    }
}
