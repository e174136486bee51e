public import Foundation

/// One activity within a workout, such as the swim, bike and run legs of a triathlon.
///
/// As in HealthKit this is not an `HKObject`: it lives inside its workout.
public final class HKWorkoutActivity: NSObject, @unchecked Sendable {
    /// The activity's identifier.
    public let uuid: UUID
    /// The activity's configuration (activity type, location).
    ///
    /// The configuration is mutable, so the activity keeps its own copy and hands out a fresh copy each time:
    /// changing the configuration you passed in, or the one you read, never changes the activity.
    public var workoutConfiguration: HKWorkoutConfiguration { configuration.copy() as! HKWorkoutConfiguration }
    private let configuration: HKWorkoutConfiguration
    /// When the activity started.
    public let startDate: Date
    /// When the activity ended, or `nil` while it is in progress.
    public let endDate: Date?
    /// Extra information about the activity.
    public let metadata: [String: Any]?
    /// The parent workout's events that overlap this activity.
    public let workoutEvents: [HKWorkoutEvent]
    /// Statistics for each quantity type recorded during the activity.
    public let allStatistics: [HKQuantityType: HKStatistics]

    /// Creates an activity; traps like HealthKit if it ends before it starts or the metadata is invalid.
    public convenience init(workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?, metadata: [String: Any]?) {
        trapIfInvalid { () throws(HKError) in
            try SampleValidation.sample(start: startDate, end: endDate ?? startDate, metadata: metadata)
        }
        self.init(uuid: ObjectUUID.make(), configuration: workoutConfiguration, start: startDate, end: endDate,
                  metadata: metadata, events: [], statistics: [:])
    }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(uuid: UUID, configuration: HKWorkoutConfiguration, start: Date, end: Date?, metadata: [String: Any]?,
                 events: [HKWorkoutEvent], statistics: [HKQuantityType: HKStatistics]) {
        self.uuid = uuid
        self.configuration = configuration.copy() as! HKWorkoutConfiguration
        self.startDate = start
        self.endDate = end
        self.metadata = MetadataValidation.normalized(metadata)
        self.workoutEvents = events
        self.allStatistics = statistics
        super.init()
    }

    /// Active time: the interval less paused time; zero while the activity is in progress.
    public var duration: TimeInterval {
        guard let endDate else { return 0 }
        return WorkoutTotals.activeDuration(start: startDate, end: endDate, events: workoutEvents)
    }

    /// The statistics recorded for `quantityType`, or `nil`.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    /// Activities are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKWorkoutActivity)?.uuid == uuid }
    /// Hash of the UUID.
    public override var hash: Int { uuid.hashValue }
}
