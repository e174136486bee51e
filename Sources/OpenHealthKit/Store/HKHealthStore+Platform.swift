import Foundation
import HealthKitModel

// HealthKit calls that exist for iPhone features Linux does not have (app extensions, on-device estimators). They
// keep HealthKit's signatures and say plainly what they do here.
extension HKHealthStore {
    /// Throws ``HKError/Code/errorInvalidArgument`` unless `type` allows recalibration of estimates.
    static func requireRecalibration(_ type: HKSampleType) throws(HKError) {
        guard type.allowsRecalibrationForEstimates else {
            throw HKError(.errorInvalidArgument, "\(type.identifier) does not allow recalibration of estimates")
        }
    }
}
