public import Foundation
public import HealthKitModel

/// A workout session's state (HealthKit's `HKWorkoutSessionState`; iOS 17, watchOS 2).
public enum HKWorkoutSessionState: Int, Sendable, CaseIterable {
    /// The session has not started.
    case notStarted = 1
    /// The session is running.
    case running = 2
    /// The session has ended.
    case ended = 3
    /// The session is paused.
    case paused = 4
    /// The session is ready but not yet running.
    case prepared = 5
    /// The session has stopped; it can still be ended.
    case stopped = 6
}

/// Whether a session runs the workout or mirrors one running on another device (iOS 17).
public enum HKWorkoutSessionType: Int, Sendable {
    /// The session runs the workout.
    case primary = 0
    /// The session mirrors a session on another device.
    case mirrored = 1
}

/// What a workout session tells its delegate. Callbacks arrive on a background queue, in order.
///
/// The first two are required, as in HealthKit; the others have empty default implementations (HealthKit's optional
/// requirements).
public protocol HKWorkoutSessionDelegate: NSObjectProtocol {
    /// The session moved from `fromState` to `toState` at `date`.
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date)
    /// The session failed: an invalid transition, or another session of the app started.
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event (pause, resume).
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
    /// An activity began (iOS 16).
    func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
    /// An activity ended (iOS 16).
    func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
    /// Data arrived from the remote (mirrored) workout session, in the order received (iOS 17). Never called here:
    /// sessions are not mirrored.
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    /// The session lost its connection to the remote device (iOS 17). Never called here: sessions are not mirrored.
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
}

extension HKWorkoutSessionDelegate {
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {}
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {}
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {}
    /// Does nothing (an optional requirement in HealthKit).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?) {}
}
