import Foundation
import HealthKitModel

// HealthKit calls that exist for iPhone features Linux does not have (app extensions, on-device estimators). They
// keep HealthKit's signatures and say plainly what they do here.
extension HKHealthStore {
    /// Shows the permission sheet an app extension asked for (iOS 9). There are no app extensions here, so there is
    /// never a pending request: the handler gets `true` (the call completed) on a background queue.
    public func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ () }) { _ in completion(true, nil) }
    }

    /// Completes like `handleAuthorizationForExtension(completion:)`.
    public func handleAuthorizationForExtension() async throws {}

    /// Asks HealthKit to recalibrate its estimates of `sampleType` from `date` on, after a change that affects them
    /// (iOS 15). Only types that allow it (`allowsRecalibrationForEstimates`: cardio fitness) may be recalibrated;
    /// others fail with `errorInvalidArgument`. OpenHealthKit computes no estimates, so for the others nothing changes
    /// and the handler gets `true`.
    public func recalibrateEstimates(sampleType: HKSampleType, date: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try Self.requireRecalibration(sampleType) }, reporting: completion)
    }

    /// Recalibrates estimates; throws as `recalibrateEstimates(sampleType:date:completion:)` reports.
    public func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        try await perform { try Self.requireRecalibration(sampleType) }
    }

    private static func requireRecalibration(_ type: HKSampleType) throws(HKError) {
        guard type.allowsRecalibrationForEstimates else {
            throw HKError(.errorInvalidArgument, "\(type.identifier) does not allow recalibration of estimates")
        }
    }
}
