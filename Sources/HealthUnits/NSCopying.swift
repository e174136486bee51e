public import Foundation

/// HKUnit is immutable, so a copy is the unit itself (HealthKit's HKUnit conforms to NSCopying).
extension HKUnit: NSCopying {
    /// Returns `self`: units are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// HKQuantity is immutable, so a copy is the quantity itself (HealthKit's HKQuantity conforms to NSCopying).
extension HKQuantity: NSCopying {
    /// Returns `self`: quantities are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
