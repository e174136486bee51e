import Foundation

/// Where a workout takes place.
public enum HKWorkoutSessionLocationType: Int, Sendable {
    /// Unknown location.
    case unknown = 1
    /// Indoors.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}

/// How a workout or one of its activities is set up: the activity, the location, for swims the pool.
///
/// The class is mutable, so `copy()` returns a new, independent configuration (HealthKit's adopts `NSCopying`).
public final class HKWorkoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// The kind of activity.
    public var activityType: HKWorkoutActivityType = .other
    /// Indoors or outdoors.
    public var locationType: HKWorkoutSessionLocationType = .unknown
    /// Pool or open water, for swimming.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
    /// The pool's length, for pool swims.
    public var lapLength: HKQuantity?

    /// Creates a configuration for an unknown location and the `.other` activity.
    public override init() { super.init() }

    /// A new configuration with the same settings; changing one does not change the other.
    /// (`lapLength` is shared: quantities are immutable.)
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = HKWorkoutConfiguration()
        copy.activityType = activityType
        copy.locationType = locationType
        copy.swimmingLocationType = swimmingLocationType
        copy.lapLength = lapLength
        return copy
    }

    /// Configurations are equal when every setting is.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutConfiguration else { return false }
        return other.activityType == activityType && other.locationType == locationType
            && other.swimmingLocationType == swimmingLocationType && other.lapLength == lapLength
    }

    /// Hash of the activity and location.
    public override var hash: Int { activityType.hashValue ^ locationType.hashValue }
}
