public import Foundation

/// A workout: an activity over a time interval, with its events, sub-activities and totals.
///
/// HealthKit deprecated the workout initialisers in iOS 17 in favour of `HKWorkoutBuilder`; they are
/// kept here, deprecated the same way, and all funnel into one validated path. The throwing twin
/// ``checked(activityType:start:end:workoutEvents:workoutActivities:duration:statistics:device:metadata:)``
/// is what importers use.
open class HKWorkout: HKSample, @unchecked Sendable {
    /// Unarchives a workout with its events, activities, duration and statistics; fails on an unknown activity type.
    public required init?(coder: NSCoder) {
        guard let activityType = HKWorkoutActivityType(rawValue: UInt(max(0, coder.decodeInteger(forKey: "activityType")))) else {
            return nil
        }
        workoutActivityType = activityType
        let events: [HKWorkoutEvent] = ObjectCoding.array(coder, forKey: "events")
        workoutEvents = events.isEmpty ? nil : events
        workoutActivities = ObjectCoding.array(coder, forKey: "activities")
        duration = coder.decodeDouble(forKey: "duration")
        allStatistics = ObjectCoding.statistics(coder, forKey: "statistics")
        super.init(coder: coder)
    }

    /// Archives the sample with its activity type, events, activities, duration and statistics.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Int(workoutActivityType.rawValue), forKey: "activityType")
        coder.encode(NSArray(array: workoutEvents ?? []), forKey: "events")
        coder.encode(NSArray(array: workoutActivities), forKey: "activities")
        coder.encode(duration, forKey: "duration")
        coder.encode(NSArray(array: Array(allStatistics.values)), forKey: "statistics")
    }

    /// The kind of workout.
    public let workoutActivityType: HKWorkoutActivityType
    /// Events in date order, or `nil` when there are none.
    public let workoutEvents: [HKWorkoutEvent]?
    /// The activities a multisport workout is made of (empty for a single activity).
    public let workoutActivities: [HKWorkoutActivity]
    /// Active time: the interval less the time spent paused (or the duration given at creation).
    public let duration: TimeInterval
    /// Statistics for each quantity type the workout recorded.
    public let allStatistics: [HKQuantityType: HKStatistics]

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        activityType: HKWorkoutActivityType, start: Date, end: Date, events: [HKWorkoutEvent], activities: [HKWorkoutActivity],
        duration: TimeInterval?, statistics: [HKQuantityType: HKStatistics],
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.workoutActivityType = activityType
        self.workoutEvents = events.isEmpty ? nil : events
        self.workoutActivities = activities
        self.duration = duration ?? WorkoutTotals.activeDuration(start: start, end: end, events: events)
        self.allStatistics = statistics
        super.init(sampleType: HKObjectType.workoutType(), startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialisers (OpenHealthKit extension), for untrusted input. A `duration` of
    /// `nil` is computed from the pause and resume events.
    public static func checked(
        activityType: HKWorkoutActivityType, start: Date, end: Date,
        workoutEvents: [HKWorkoutEvent]? = nil, workoutActivities: [HKWorkoutActivity] = [],
        duration: TimeInterval? = nil, statistics: [HKQuantityType: HKStatistics] = [:],
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKWorkout {
        let events = workoutEvents ?? []
        try validate(start: start, end: end, events: events, duration: duration, statistics: statistics, metadata: metadata)
        return HKWorkout(activityType: activityType, start: start, end: end, events: events, activities: workoutActivities,
                         duration: duration, statistics: statistics, uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// The checks every way of creating a workout makes.
    static func validate(
        start: Date, end: Date, events: [HKWorkoutEvent], duration: TimeInterval?,
        statistics: [HKQuantityType: HKStatistics], metadata: [String: Any]?
    ) throws(HKError) {
        try SampleValidation.sample(start: start, end: end, metadata: metadata)
        try WorkoutTotals.validate(events: events, start: start, end: end)
        try WorkoutTotals.validate(statistics)
        if let duration, duration < 0 || !duration.isFinite {
            throw HKError(.errorInvalidArgument, "Workout duration must be a non-negative number of seconds, not \(duration)")
        }
    }

    /// The statistics recorded for `quantityType`, or `nil` when the workout has none.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    /// Active energy burned during the workout.
    @available(*, deprecated, message: "Use statistics(for:)")
    public var totalEnergyBurned: HKQuantity? { sum(.activeEnergyBurned) }
    /// Distance covered, filed under the distance type that fits the activity.
    public var totalDistance: HKQuantity? { sum(WorkoutTotals.distanceType(for: workoutActivityType)) }
    /// Swimming strokes counted.
    @available(*, deprecated, message: "Use statistics(for:)")
    public var totalSwimmingStrokeCount: HKQuantity? { sum(.swimmingStrokeCount) }
    /// Flights of stairs climbed.
    @available(*, deprecated, message: "Use statistics(for:)")
    public var totalFlightsClimbed: HKQuantity? { sum(.flightsClimbed) }

    private func sum(_ identifier: HKQuantityTypeIdentifier) -> HKQuantity? {
        allStatistics[HKQuantityType(identifier)]?.sumQuantity()
    }

    /// Activity type, interval and duration.
    public override var description: String {
        "\(workoutActivityType) workout \(startDate) - \(endDate), \(duration) s (\(uuid))"
    }
}

/// Key path of the workout a sample belongs to, for predicates.
public let HKPredicateKeyPathWorkout = "workout"
/// Key path of a workout's duration, for predicates.
public let HKPredicateKeyPathWorkoutDuration = "duration"
/// Key path of a workout's activity type, for predicates.
public let HKPredicateKeyPathWorkoutType = "workoutType"
/// Sort key for a workout's duration.
public let HKWorkoutSortIdentifierDuration: String = "HKWorkoutSortIdentifierDuration"
/// Sort key for a workout's total distance.
public let HKWorkoutSortIdentifierTotalDistance: String = "HKWorkoutSortIdentifierTotalDistance"
/// Sort key for a workout's total energy burned.
public let HKWorkoutSortIdentifierTotalEnergyBurned: String = "HKWorkoutSortIdentifierTotalEnergyBurned"
/// Sort key for a workout's swimming stroke count (HealthKit spells this one as the bare key path).
public let HKWorkoutSortIdentifierTotalSwimmingStrokeCount: String = "totalSwimmingStrokeCount"
