import Foundation

extension HKQuantityType {
    /// The canonical unit of this type (e.g. `count/s` for heart rate), in which OpenHealthKit stores values.
    ///
    /// OpenHealthKit extension: HealthKit documents these units only in header comments.
    public var canonicalUnit: HKUnit { HKUnit(from: canonicalUnitString) }

    /// Whether quantities in `unit` can be stored as samples of this type: the unit measures the same
    /// dimension as the type's canonical unit.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        canonicalUnit.isCompatible(with: unit)
    }
}
