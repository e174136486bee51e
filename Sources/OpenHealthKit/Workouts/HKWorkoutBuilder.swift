public import Foundation
public import HealthKitModel
import HealthLocking

/// Builds a workout incrementally and saves it, the way HealthKit apps record workouts since iOS 17.
///
/// ```swift
/// let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
/// try await builder.beginCollection(at: start)
/// try await builder.addSamples([energy, distance])
/// try await builder.endCollection(at: end)
/// let workout = try await builder.finishWorkout()
/// ```
///
/// The builder moves from not begun, to collecting (`beginCollection`), to ended (`endCollection`), to finished
/// (`finishWorkout`); `discardWorkout()` abandons it. Samples, events, metadata and activities can be added
/// only while collecting; anything done in the wrong phase fails with `HKError(.errorInvalidArgument)`.
///
/// **Samples.** Samples added are checked at once (the app needs sharing authorization for their types, as for
/// `save`) and kept by the builder; `finishWorkout()` saves them together with the workout in one transaction,
/// each associated with the workout, so `HKQuery.predicateForObjects(from: workout)` finds them. Samples must not
/// be in the store already (adding a saved sample makes finishing fail), and a discarded builder saves nothing.
/// Their figures become the workout's ``allStatistics`` (see `statistics(for:)` for how they are computed).
///
/// **Finishing** needs sharing authorization for workouts; the workout's duration is its active time (the interval
/// less the pauses its events record), its metadata what was added plus `HKMetadataKeyIndoorWorkout` from the
/// configuration's location type when the app did not set it. Completion handlers run on a background queue.
open class HKWorkoutBuilder: NSObject, @unchecked Sendable {
    let healthStore: HKHealthStore
    let configuration: HKWorkoutConfiguration
    let state = Locked(WorkoutBuilderState())
    /// Runs the builder's operations one at a time, in the order they were called, as HealthKit's builder does: an
    /// app that calls `beginCollection` and then `add` without waiting for the first handler gets them in that order.
    let operations = DispatchQueue(label: "OpenHealthKit.HKWorkoutBuilder")
    private let routeBuilder = Locked<HKWorkoutRouteBuilder?>(nil)

    /// The device the workout is recorded with; it becomes the workout's device.
    public let device: HKDevice?

    /// Creates a builder for a workout of `configuration`'s activity type, saved to `healthStore`.
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.healthStore = healthStore
        self.configuration = configuration.copy() as! HKWorkoutConfiguration
        self.device = device
        super.init()
    }

    /// The configuration the builder was created with (a copy: changing it does not change the builder).
    open var workoutConfiguration: HKWorkoutConfiguration { configuration.copy() as! HKWorkoutConfiguration }

    /// When collection began, or `nil` before `beginCollection`.
    open var startDate: Date? { state.withLock { $0.startDate } }

    /// When collection ended, or `nil` before `endCollection`.
    open var endDate: Date? { state.withLock { $0.endDate } }

    /// The metadata added so far (it becomes the workout's metadata).
    open var metadata: [String: Any] { state.withLock { $0.metadata } }

    /// The events added so far, in date order.
    open var workoutEvents: [HKWorkoutEvent] { state.withLock { $0.events } }

    /// The activities added so far, in date order.
    open var workoutActivities: [HKWorkoutActivity] { state.withLock { $0.activities } }

    /// The statistics of the quantity samples added so far, per quantity type.
    open var allStatistics: [HKQuantityType: HKStatistics] {
        let (samples, end) = state.withLock { ($0.samples, $0.endDate) }
        return WorkoutBuilderStatistics.compute(samples, until: end)
    }

    /// The statistics of the samples of `quantityType` added so far, or `nil` when none were added.
    ///
    /// Cumulative types have a sum; discrete types a minimum, maximum and average (following the type's aggregation
    /// style: time-weighted for heart rate, as a statistics query averages it); every type its most recent value.
    open func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        let (all, end) = state.withLock { ($0.samples, $0.endDate) }
        let samples = all.filter { ($0 as? HKQuantitySample)?.quantityType == quantityType || $0 is HKCorrelation }
        return WorkoutBuilderStatistics.compute(samples, until: end)[quantityType]
    }

    /// The active time from the start of collection to `date` (or to the end of collection, if earlier), less
    /// the pauses the events record; zero before collection begins.
    open func elapsedTime(at date: Date) -> TimeInterval {
        let (start, end, events) = state.withLock { ($0.startDate, $0.endDate, $0.events) }
        guard let start else { return 0 }
        return WorkoutBuilderActivities.activeDuration(start: start, end: min(date, end ?? date), events: events)
    }

    /// The active time up to now (or to the end of collection) (OpenHealthKit extension: HealthKit's live builder has it).
    open var elapsedTime: TimeInterval { elapsedTime(at: Date()) }

    /// The series builder that records `seriesType` with this workout (iOS 17, watchOS 5): for
    /// `HKSeriesType.workoutRoute()` an ``HKWorkoutRouteBuilder`` (the same one on every call), which
    /// `finishWorkout` finishes and associates with the saved workout when it holds locations; `nil` for other types.
    open func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        guard seriesType == HKSeriesType.workoutRoute() else { return nil }
        return routeBuilder.withLock { builder in
            if let builder { return builder }
            let made = HKWorkoutRouteBuilder(healthStore: healthStore, device: device)
            builder = made
            return made
        }
    }

    /// Finishes the route builder handed out by `seriesBuilder(for:)`, if any, with the saved `workout`.
    func finishSeries(with workout: HKWorkout) {
        routeBuilder.current?.finishIfCollecting(with: workout)
    }

    /// Called after `samples` were added (the live builder tells its delegate); does nothing here.
    func collected(_ samples: [HKSample]) {}

    /// Called after events were added (the live builder tells its delegate); does nothing here.
    func collectedEvents() {}

    /// The builder's phase and interval.
    public override var description: String {
        let (phase, start, end) = state.withLock { ($0.phase, $0.startDate, $0.endDate) }
        return "HKWorkoutBuilder(\(configuration.activityType), \(phase.rawValue), \(start.map { "\($0)" } ?? "-") - \(end.map { "\($0)" } ?? "-"))"
    }
}
