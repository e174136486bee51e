public import Foundation
public import HealthKitModel
import HealthLocking

/// A workout in progress: its state machine, events and the live builder that records it (HealthKit's
/// `HKWorkoutSession`, iOS 17 and watchOS 2).
///
/// ```swift
/// let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
/// let builder = session.associatedWorkoutBuilder()
/// session.delegate = self
/// session.startActivity(with: Date())
/// try await builder.beginCollection(at: Date())
/// // ... session.pause(), session.resume() ...
/// session.end()
/// try await builder.endCollection(at: Date())
/// let workout = try await builder.finishWorkout()
/// ```
///
/// States move as ``WorkoutSessionMachine`` says; every change reaches the delegate (on a background queue, in order)
/// as `workoutSession(_:didChangeTo:from:date:)`, and `pause()`/`resume()` also generate `.pause`/`.resume` events,
/// which the associated builder records. A call that is not allowed in the current state (starting twice, preparing
/// a running session, stopping one that is not running, anything after `end()`) leaves the state alone and reports
/// `HKError(.errorInvalidArgument)` through `workoutSession(_:didFailWithError:)`; pausing a session that is not running
/// or resuming one that is not paused does nothing. An app has one active session per store: preparing or starting
/// another ends the previous one, which fails with `errorAnotherWorkoutSessionStarted`.
///
/// There are no sensors off Apple Watch: the session keeps time and state; data comes from what the app adds to the
/// builder (see ``HKLiveWorkoutDataSource``). Mirroring to a companion device is not available:
/// `sendToRemoteWorkoutSession(data:completion:)` fails, and `HKHealthStore.workoutSessionMirroringStartHandler` is never called.
open class HKWorkoutSession: NSObject, @unchecked Sendable {
    private let healthStore: HKHealthStore
    private let configuration: HKWorkoutConfiguration
    private let locked = Locked(State())
    private let callbacks = DispatchQueue(label: "OpenHealthKit.HKWorkoutSession.delegate")

    private struct State {
        weak var delegate: (any HKWorkoutSessionDelegate)?
        var progress = Progress()
        /// The associated builder, once made.
        var builder: HKLiveWorkoutBuilder?
    }

    private struct Progress {
        var state = HKWorkoutSessionState.notStarted
        var startDate: Date?
        var endDate: Date?
        var activity: (configuration: HKWorkoutConfiguration, start: Date)?

        /// Sets the state and the dates it brings.
        mutating func enter(_ state: HKWorkoutSessionState, at date: Date) {
            self.state = state
            if state == .running, startDate == nil { startDate = date }
            if state == .ended { endDate = date }
        }
    }

    /// Creates a session for a workout of `configuration`, saved to `healthStore`. Throws `errorInvalidArgument` for a
    /// lap length that is not a length, or one given for anything but a pool swim.
    public init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        if let lap = workoutConfiguration.lapLength {
            guard lap.is(compatibleWith: .meter()) else {
                throw HKError(.errorInvalidArgument, "A workout configuration's lap length must be a length, not \(lap)")
            }
            guard workoutConfiguration.activityType == .swimming, workoutConfiguration.swimmingLocationType == .pool else {
                throw HKError(.errorInvalidArgument, "A lap length is only valid for pool swimming")
            }
        }
        self.healthStore = healthStore
        configuration = workoutConfiguration.copy() as! HKWorkoutConfiguration
        super.init()
    }

    /// The object told about state changes, events and failures (held weakly, as HealthKit does).
    public weak var delegate: (any HKWorkoutSessionDelegate)? {
        get { locked.withLock { $0.delegate } }
        set { locked.withLock { $0.delegate = newValue } }
    }

    /// The configuration the session was created with (a copy).
    open var workoutConfiguration: HKWorkoutConfiguration { configuration.copy() as! HKWorkoutConfiguration }

    /// The session's current state.
    open var state: HKWorkoutSessionState { locked.withLock { $0.progress.state } }

    /// Whether the session runs the workout or mirrors one; always `.primary` here.
    open var type: HKWorkoutSessionType { .primary }

    /// When the session started running, or `nil` before.
    open var startDate: Date? { locked.withLock { $0.progress.startDate } }

    /// When the session ended, or `nil` before.
    open var endDate: Date? { locked.withLock { $0.progress.endDate } }

    /// The activity in progress: the one begun with `beginNewActivity`, else the whole workout's (iOS 16).
    open var currentActivity: HKWorkoutActivity {
        let (activity, start) = locked.withLock { ($0.progress.activity, $0.progress.startDate) }
        return HKWorkoutActivity(workoutConfiguration: activity?.configuration ?? configuration,
                                 start: activity?.start ?? start ?? Date(), end: nil, metadata: nil)
    }

    /// The session's activity type.
    @available(*, deprecated, message: "Use workoutConfiguration")
    open var activityType: HKWorkoutActivityType { configuration.activityType }

    /// The session's location type.
    @available(*, deprecated, message: "Use workoutConfiguration")
    open var locationType: HKWorkoutSessionLocationType { configuration.locationType }

    /// The live builder that records this session's workout: the same builder on every call.
    open func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        locked.withLock { locked in
            if let builder = locked.builder { return builder }
            let made = HKLiveWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: .local(), session: self)
            locked.builder = made
            return made
        }
    }

    /// Moves a new session to `prepared` (on Apple Watch: sensors warm up).
    open func prepare() { perform(.prepare, at: Date()) }

    /// Starts the session at `date` (now when `nil`).
    open func startActivity(with date: Date?) { perform(.startActivity, at: date ?? Date()) }

    /// Pauses a running session and generates a `.pause` event.
    open func pause() { perform(.pause, at: Date()) }

    /// Resumes a paused session and generates a `.resume` event.
    open func resume() { perform(.resume, at: Date()) }

    /// Stops a running or paused session at `date` (now when `nil`); it can then only end.
    open func stopActivity(with date: Date?) { perform(.stopActivity, at: date ?? Date()) }

    /// Ends the session.
    open func end() { perform(.end, at: Date()) }

    /// Begins a new activity of `workoutConfiguration` at `date` within a running session (iOS 16); the associated
    /// builder records it, and the delegate hears of it.
    open func beginNewActivity(configuration workoutConfiguration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?) {
        let copy = workoutConfiguration.copy() as! HKWorkoutConfiguration
        let allowed = locked.withLock { locked -> Bool in
            guard locked.progress.state == .running || locked.progress.state == .paused else { return false }
            locked.progress.activity = (copy, date)
            return true
        }
        guard allowed else { return fail(HKError(.errorInvalidArgument, "Cannot begin an activity: the workout session is \(state.name)")) }
        builderIfMade?.sessionBeganActivity(configuration: copy, at: date, metadata: metadata)
        notify { $0.workoutSession(self, didBeginActivityWith: copy, date: date) }
    }

    /// Ends the activity begun with `beginNewActivity` at `date` (now when `nil`) (iOS 16).
    open func endCurrentActivity(on date: Date?) {
        let ended = locked.withLock { locked -> HKWorkoutConfiguration? in
            defer { locked.progress.activity = nil }
            return locked.progress.activity?.configuration
        }
        guard let ended else { return fail(HKError(.errorInvalidArgument, "Cannot end an activity: none was begun")) }
        let end = date ?? Date()
        builderIfMade?.sessionEndedActivity(at: end)
        notify { $0.workoutSession(self, didEndActivityWith: ended, date: end) }
    }

    /// Sends `data` to the remote workout session, this session's mirrored copy on a companion device (iOS 17).
    ///
    /// There is no companion device here, so a session is never mirrored and nothing can be sent: `completion` gets
    /// `false` and ``HKError/Code/errorHealthDataUnavailable`` naming the problem, on a background queue.
    open func sendToRemoteWorkoutSession(data: Data, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let error = HKError(.errorHealthDataUnavailable,
                            "There is no remote workout session: the session is not mirrored to a companion device")
        DispatchQueue.global().async { completion(false, error) }
    }

    /// Sends `data` to the remote workout session; returns `true`, or throws as
    /// `sendToRemoteWorkoutSession(data:completion:)` reports (here always ``HKError/Code/errorHealthDataUnavailable``).
    @discardableResult
    open func sendToRemoteWorkoutSession(data: Data) async throws -> Bool {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
            sendToRemoteWorkoutSession(data: data) { success, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: success)
            }
        }
    }

    private var builderIfMade: HKLiveWorkoutBuilder? { locked.withLock { $0.builder } }

    private func perform(_ action: WorkoutSessionMachine.Action, at date: Date) {
        let (from, outcome) = locked.withLock { locked -> (HKWorkoutSessionState, WorkoutSessionMachine.Outcome) in
            let from = locked.progress.state
            let outcome = WorkoutSessionMachine.outcome(of: action, in: from)
            if case .move(let to) = outcome { locked.progress.enter(to, at: date) }
            return (from, outcome)
        }
        switch outcome {
        case .ignore: return
        case .invalid: return fail(WorkoutSessionMachine.error(for: action, in: from))
        case .move(let to):
            if from == .notStarted { ActiveWorkoutSessions.activate(self, for: healthStore) }
            notify { $0.workoutSession(self, didChangeTo: to, from: from, date: date) }
            if to == .paused || to == .running && from == .paused {
                let event = HKWorkoutEvent(type: to == .paused ? .pause : .resume, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
                notify { $0.workoutSession(self, didGenerate: event) }
                builderIfMade?.sessionGenerated(event)
            }
            if to == .ended { ActiveWorkoutSessions.deactivate(self, for: healthStore) }
        }
    }

    /// Ends the session because another one of the app started.
    func replaced() {
        let from = locked.withLock { locked -> HKWorkoutSessionState? in
            guard locked.progress.state != .ended else { return nil }
            defer { locked.progress.enter(.ended, at: Date()) }
            return locked.progress.state
        }
        guard let from else { return }
        fail(HKError(.errorAnotherWorkoutSessionStarted, "Another workout session started"))
        notify { $0.workoutSession(self, didChangeTo: .ended, from: from, date: Date()) }
    }

    private func fail(_ error: HKError) {
        notify { $0.workoutSession(self, didFailWithError: error) }
    }

    /// Returns once the delegate calls already scheduled have run (for tests: nothing more is coming).
    package func settleDelegateCalls() {
        callbacks.sync {}
    }

    /// Calls the delegate (the one set when the call runs) on the session's callback queue, in order.
    private func notify(_ call: @escaping @Sendable (any HKWorkoutSessionDelegate) -> Void) {
        callbacks.async { [self] in
            if let delegate { call(delegate) }
        }
    }
}

/// The session each store's app has running: starting another ends it (HealthKit allows one per app).
enum ActiveWorkoutSessions {
    private final class Weak: @unchecked Sendable { weak var session: HKWorkoutSession? }
    private static let active = Locked([ObjectIdentifier: Weak]())

    /// Makes `session` the store's active session; a different one still active is replaced.
    static func activate(_ session: HKWorkoutSession, for store: HKHealthStore) {
        let previous = active.withLock { sessions -> HKWorkoutSession? in
            let entry = Weak()
            entry.session = session
            defer { sessions[ObjectIdentifier(store)] = entry }
            return sessions[ObjectIdentifier(store)]?.session
        }
        if let previous, previous !== session { previous.replaced() }
    }

    /// The store's active session, if one is prepared, running, paused or stopped.
    static func active(for store: HKHealthStore) -> HKWorkoutSession? {
        active.withLock { $0[ObjectIdentifier(store)]?.session }.flatMap { $0.state == .ended ? nil : $0 }
    }

    /// Forgets `session` if it is the store's active one.
    static func deactivate(_ session: HKWorkoutSession, for store: HKHealthStore) {
        active.withLock { sessions in
            if sessions[ObjectIdentifier(store)]?.session === session { sessions[ObjectIdentifier(store)] = nil }
        }
    }
}
