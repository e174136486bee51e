import Foundation
import HealthKitModel

// The store's side of workout sessions.
extension HKHealthStore {
    /// Throws ``HKError/Code/errorHealthDataUnavailable``: there is no paired Apple Watch.
    static func noWatch() throws(HKError) {
        throw HKError(.errorHealthDataUnavailable, "There is no paired Apple Watch to start a workout on")
    }
}
