public import Foundation
public import HealthKitModel
import HealthLocking

/// What a live workout builder tells its delegate. Callbacks arrive on a background queue, in order.
///
/// The first two are required, as in HealthKit; the activity callbacks have empty default implementations.
public protocol HKLiveWorkoutBuilderDelegate: NSObjectProtocol {
    /// The builder collected samples of `collectedTypes`; its statistics are up to date.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// The builder collected an event (its `workoutEvents` has it).
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
    /// The builder began recording an activity (iOS 16).
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
    /// The builder ended an activity (iOS 16).
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
}

extension HKLiveWorkoutBuilderDelegate {
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
}

/// The workout builder of a workout session (HealthKit's `HKLiveWorkoutBuilder`, iOS 17 and watchOS 5): an
/// ``HKWorkoutBuilder`` that also records the session's events and tells a delegate what it collects.
///
/// Get it from `HKWorkoutSession.associatedWorkoutBuilder()`. Collection, finishing and discarding work as for
/// ``HKWorkoutBuilder``; the app still begins and ends collection itself. While collecting, the session's pause and
/// resume events are added to ``workoutEvents`` (unless ``shouldCollectWorkoutEvents`` is false), so ``elapsedTime``
/// leaves the pauses out; activities begun and ended on the session are recorded as workout activities. Samples the app
/// adds are reported through `workoutBuilder(_:didCollectDataOf:)`. There are no sensors here: the
/// ``dataSource`` adds nothing by itself.
open class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    private struct LiveState {
        weak var delegate: (any HKLiveWorkoutBuilderDelegate)?
        weak var session: HKWorkoutSession?
        var collectsEvents = true
        var source: HKLiveWorkoutDataSource?
        /// The activity the session began and has not ended.
        var currentActivityID: UUID?
    }

    private let live: Locked<LiveState>
    private let callbacks = DispatchQueue(label: "OpenHealthKit.HKLiveWorkoutBuilder.delegate")

    /// A session's builder (package access: apps get it from the session).
    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?, session: HKWorkoutSession) {
        live = Locked(LiveState(session: session))
        super.init(healthStore: healthStore, configuration: configuration, device: device)
    }

    /// The object told about collected data and events (held weakly).
    public weak var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.withLock { $0.delegate } }
        set { live.withLock { $0.delegate = newValue } }
    }

    /// The session this builder records.
    open var workoutSession: HKWorkoutSession? { live.withLock { $0.session } }

    /// Whether the session's events are added to the workout (default true).
    open var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.collectsEvents } }
        set { live.withLock { $0.collectsEvents = newValue } }
    }

    /// Where live data would come from; on Apple Watch the sensors, here nothing (see ``HKLiveWorkoutDataSource``).
    open var dataSource: HKLiveWorkoutDataSource? {
        get { live.withLock { $0.source } }
        set { live.withLock { $0.source = newValue } }
    }

    /// The activity the session is recording, if one was begun and has not ended (iOS 16).
    open var currentWorkoutActivity: HKWorkoutActivity? {
        guard let id = live.withLock({ $0.currentActivityID }) else { return nil }
        return workoutActivities.first { $0.uuid == id }
    }

    override func collected(_ samples: [HKSample]) {
        let types = Set(samples.map(\.sampleType))
        notify { $0.workoutBuilder(self, didCollectDataOf: types) }
    }

    override func collectedEvents() {
        notify { $0.workoutBuilderDidCollectEvent(self) }
    }

    /// Records a session event when collecting and collecting events.
    func sessionGenerated(_ event: HKWorkoutEvent) {
        guard shouldCollectWorkoutEvents, (try? state.withLock({ try $0.add(events: [event]) })) != nil else { return }
        collectedEvents()
    }

    /// Records an activity the session began, when collecting.
    func sessionBeganActivity(configuration: HKWorkoutConfiguration, at date: Date, metadata: [String: Any]?) {
        let activity = HKWorkoutActivity(workoutConfiguration: configuration, start: date, end: nil, metadata: metadata)
        guard (try? state.withLock({ try $0.add(activity: activity) })) != nil else { return }
        live.withLock { $0.currentActivityID = activity.uuid }
        notify { $0.workoutBuilder(self, didBegin: activity) }
    }

    /// Ends the activity the session began, when there is one.
    func sessionEndedActivity(at date: Date) {
        guard let id = live.withLock({ state in defer { state.currentActivityID = nil }; return state.currentActivityID }) else { return }
        let ended = try? state.withLock { state -> HKWorkoutActivity? in
            try state.updateActivity(id) { WorkoutBuilderActivities.ending($0, at: max(date, $0.startDate)) }
            return state.activities.first { $0.uuid == id }
        }
        guard let activity = ended ?? nil else { return }
        notify { $0.workoutBuilder(self, didEnd: activity) }
    }

    /// Returns once the delegate calls already scheduled have run (for tests: nothing more is coming).
    package func settleDelegateCalls() {
        callbacks.sync {}
    }

    private func notify(_ call: @escaping @Sendable (any HKLiveWorkoutBuilderDelegate) -> Void) {
        callbacks.async { [self] in
            if let delegate { call(delegate) }
        }
    }
}
