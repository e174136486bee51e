public import Foundation

/// A workout (or one of its activities) and the workout effort samples related to it (iOS 18).
///
/// `HKWorkoutEffortRelationshipQuery` and its descriptor return these; apps do not create them. Effort samples
/// are `workoutEffortScore` and `estimatedWorkoutEffortScore` quantity samples, related with
/// `HKHealthStore.relateWorkoutEffortSample(_:with:activity:completion:)`. Immutable, so a copy is the object itself.
public final class HKWorkoutEffortRelationship: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The workout the samples are related to.
    public let workout: HKWorkout
    /// The workout's activity the samples are related to, or nil when they are related to the workout as a whole.
    public let activity: HKWorkoutActivity?
    /// The samples related to the workout (when ``activity`` is nil) or to the activity, but not to the workout's
    /// other activities; in the order they were related.
    public let samples: [HKSample]?

    /// Creates a relationship (OpenHealthKit, package access: the query builds them).
    package init(workout: HKWorkout, activity: HKWorkoutActivity?, samples: [HKSample]?) {
        self.workout = workout
        self.activity = activity
        self.samples = samples
        super.init()
    }

    /// Relationships archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the workout, the activity and the samples.
    public func encode(with coder: NSCoder) {
        coder.encode(workout, forKey: "workout")
        coder.encode(activity, forKey: "activity")
        coder.encode(samples.map { NSArray(array: $0) }, forKey: "samples")
    }

    /// Unarchives a relationship; fails without its workout.
    public init?(coder: NSCoder) {
        guard let workout = coder.decodeObject(of: HKWorkout.self, forKey: "workout") else { return nil }
        self.workout = workout
        activity = coder.decodeObject(of: HKWorkoutActivity.self, forKey: "activity")
        samples = (coder.decodeObject(of: ObjectCoding.archivableClasses, forKey: "samples") as? NSArray)?.compactMap { $0 as? HKSample }
        super.init()
    }

    /// The relationship itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Relationships are equal when they relate the same samples to the same workout and activity.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutEffortRelationship else { return false }
        return workout == other.workout && activity?.uuid == other.activity?.uuid && samples == other.samples
    }

    /// A hash of the workout and activity.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(workout.uuid)
        hasher.combine(activity?.uuid)
        return hasher.finalize()
    }
}
