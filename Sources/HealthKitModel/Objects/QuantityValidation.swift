import Foundation

/// The unit checks HealthKit makes on the quantities of audiograms and vision prescriptions.
package enum QuantityValidation {
    /// `quantity` (when present) must be convertible to `unit`; the error names `field`.
    package static func quantity(_ quantity: HKQuantity?, _ field: String, compatibleWith unit: HKUnit) throws(HKError) {
        guard let quantity, !quantity.is(compatibleWith: unit) else { return }
        throw HKError(.errorInvalidArgument, "\(field) (\(quantity)) must be compatible with \(unit.unitString)")
    }
}
