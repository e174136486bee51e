import Foundation

extension HKQuantityType {
    /// Whether quantities in `unit` can be stored as samples of this type: the unit measures the same
    /// dimension as the type's canonical unit.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        canonicalUnit.isCompatible(with: unit)
    }
}
