public import Foundation
import HealthLocking

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
/// The class is mutable, so `copy()` returns a new, independent configuration (HealthKit's adopts `NSCopying`). It is
/// `Sendable` because every read and write of its settings takes its lock (see docs/Concurrency.md).
public final class HKWorkoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// The settings, behind one lock.
    private let settings = Locked(Settings())

    /// The kind of activity.
    public var activityType: HKWorkoutActivityType {
        get { settings[\.activityType] }
        set { settings[\.activityType] = newValue }
    }
    /// Indoors or outdoors.
    public var locationType: HKWorkoutSessionLocationType {
        get { settings[\.locationType] }
        set { settings[\.locationType] = newValue }
    }
    /// Pool or open water, for swimming.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get { settings[\.swimmingLocationType] }
        set { settings[\.swimmingLocationType] = newValue }
    }
    /// The pool's length, for pool swims.
    public var lapLength: HKQuantity? {
        get { settings[\.lapLength] }
        set { settings[\.lapLength] = newValue }
    }

    /// Creates a configuration for an unknown location and the `.other` activity.
    public override init() { super.init() }

    /// A new configuration with the same settings; changing one does not change the other.
    /// (`lapLength` is shared: quantities are immutable.)
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = HKWorkoutConfiguration()
        let current = settings.current
        copy.settings.withLock { $0 = current }
        return copy
    }

    /// A configuration's settings: a plain value.
    private struct Settings {
        var activityType: HKWorkoutActivityType = .other
        var locationType: HKWorkoutSessionLocationType = .unknown
        var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
        var lapLength: HKQuantity?
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
