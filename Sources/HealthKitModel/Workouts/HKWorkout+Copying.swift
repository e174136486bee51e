public import Foundation

/// HealthKit's `HKWorkoutEvent` adopts `NSCopying`; events are immutable, so a copy is the event itself.
extension HKWorkoutEvent: NSCopying {
    /// Returns `self`: events are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// HealthKit's `HKWorkoutActivity` adopts `NSCopying`; activities are immutable (they keep their own copy of
/// their configuration), so a copy is the activity itself.
extension HKWorkoutActivity: NSCopying {
    /// Returns `self`: activities are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
