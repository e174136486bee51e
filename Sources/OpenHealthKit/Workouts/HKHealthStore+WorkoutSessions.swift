import Foundation
import HealthKitModel

// The store's side of workout sessions.
extension HKHealthStore {
    /// The app's active workout session, for an app relaunched during a workout (iOS 17, watchOS 5): the session of
    /// this store that is prepared, running, paused or stopped, or `nil`. Sessions live in the process, so an app that
    /// really was relaunched gets `nil`. The handler runs on a background queue.
    public func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        dispatch({ ActiveWorkoutSessions.active(for: self) }) { result in
            completion(try? result.get(), nil)
        }
    }

    /// The app's active workout session; as `recoverActiveWorkoutSession(completion:)`.
    public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        ActiveWorkoutSessions.active(for: self)
    }

    /// Launches the app's watch app to start a workout of `workoutConfiguration` (iOS 10). There is no paired Apple
    /// Watch here: the handler gets `false` and `errorHealthDataUnavailable`, on a background queue.
    public func startWatchApp(with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try Self.noWatch() }) { result in
            completion(false, result.failure)
        }
    }

    /// Launches the watch app; throws as `startWatchApp(with:completion:)` reports.
    public func startWatchApp(toHandle workoutConfiguration: HKWorkoutConfiguration) async throws {
        try Self.noWatch()
    }

    private static func noWatch() throws(HKError) {
        throw HKError(.errorHealthDataUnavailable, "There is no paired Apple Watch to start a workout on")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
