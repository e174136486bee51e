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
public final class HKWorkoutConfiguration: NSObject, @unchecked Sendable {
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

    /// Configurations are equal when every setting is.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutConfiguration else { return false }
        return other.activityType == activityType && other.locationType == locationType
            && other.swimmingLocationType == swimmingLocationType && other.lapLength == lapLength
    }

    /// Hash of the activity and location.
    public override var hash: Int { activityType.hashValue ^ locationType.hashValue }
}
