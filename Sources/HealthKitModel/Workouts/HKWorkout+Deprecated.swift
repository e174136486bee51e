public import Foundation

// HealthKit's workout initialisers, deprecated in iOS 17 in favour of HKWorkoutBuilder. They trap like
// HealthKit on invalid input and otherwise build the same object as `HKWorkout.checked(...)`.
extension HKWorkout {
    /// Creates a workout with no events or totals.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: nil, duration: nil, totals: (nil, nil, nil, nil), device: nil, metadata: nil)
    }

    /// Creates a workout with events, energy and distance totals.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: workoutEvents, duration: nil,
                  totals: (totalEnergyBurned, totalDistance, nil, nil), device: nil, metadata: metadata)
    }

    /// Creates a workout with events, totals and a device.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: workoutEvents, duration: nil,
                  totals: (totalEnergyBurned, totalDistance, nil, nil), device: device, metadata: metadata)
    }

    /// Creates a workout with an explicit duration (0 means the whole interval).
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: nil, duration: duration,
                  totals: (totalEnergyBurned, totalDistance, nil, nil), device: nil, metadata: metadata)
    }

    /// Creates a workout with an explicit duration (0 means the whole interval) and a device.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: nil, duration: duration,
                  totals: (totalEnergyBurned, totalDistance, nil, nil), device: device, metadata: metadata)
    }

    /// Creates a swimming workout with a stroke count.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: workoutEvents, duration: nil,
                  totals: (totalEnergyBurned, totalDistance, totalSwimmingStrokeCount, nil), device: device, metadata: metadata)
    }

    /// Creates a workout with flights climbed.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(trapping: workoutActivityType, startDate, endDate, events: workoutEvents, duration: nil,
                  totals: (totalEnergyBurned, totalDistance, nil, totalFlightsClimbed), device: device, metadata: metadata)
    }

    /// The one path the deprecated initialisers share: build the totals, validate, trap on error.
    private convenience init(
        trapping activityType: HKWorkoutActivityType, _ start: Date, _ end: Date, events: [HKWorkoutEvent]?, duration: TimeInterval?,
        totals: (energy: HKQuantity?, distance: HKQuantity?, strokes: HKQuantity?, flights: HKQuantity?),
        device: HKDevice?, metadata: [String: Any]?
    ) {
        let statistics = WorkoutTotals.statistics(activity: activityType, start: start, end: end, energy: totals.energy,
                                                  distance: totals.distance, strokes: totals.strokes, flights: totals.flights)
        let explicitDuration = (duration == 0) ? end.timeIntervalSince(start) : duration
        trapIfInvalid { () throws(HKError) in
            try HKWorkout.validate(start: start, end: end, events: events ?? [], duration: explicitDuration,
                                   statistics: statistics, metadata: metadata)
        }
        self.init(activityType: activityType, start: start, end: end, events: events ?? [], activities: [],
                  duration: explicitDuration, statistics: statistics, uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }
}
