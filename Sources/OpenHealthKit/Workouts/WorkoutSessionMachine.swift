import Foundation
import HealthKitModel

/// The rules of a workout session's life (OpenHealthKit internals, package access for tests): which call moves which state where.
///
/// `notStarted → prepared` (prepare), `notStarted | prepared → running` (startActivity), `running ⇄ paused`
/// (pause / resume), `running | paused → stopped` (stopActivity), anything but `ended → ended` (end). Pausing a session
/// that is not running, or resuming one that is not paused, does nothing (HealthKit pauses "if it is currently
/// running"); every other call in the wrong state is an invalid transition.
package struct WorkoutSessionMachine {
    /// A call an app makes on a session.
    package enum Action: String {
        case prepare, startActivity = "start", pause, resume, stopActivity = "stop", end
    }

    /// What a call does.
    package enum Outcome: Equatable {
        /// The session moves to the state.
        case move(HKWorkoutSessionState)
        /// Nothing happens.
        case ignore
        /// The call is not allowed in the current state.
        case invalid
    }

    /// What `action` does to a session in `state`.
    package static func outcome(of action: Action, in state: HKWorkoutSessionState) -> Outcome {
        switch (action, state) {
        case (.prepare, .notStarted): .move(.prepared)
        case (.startActivity, .notStarted), (.startActivity, .prepared): .move(.running)
        case (.pause, .running): .move(.paused)
        case (.pause, _): .ignore
        case (.resume, .paused): .move(.running)
        case (.resume, _): .ignore
        case (.stopActivity, .running), (.stopActivity, .paused): .move(.stopped)
        case (.end, .ended): .invalid
        case (.end, _): .move(.ended)
        default: .invalid
        }
    }

    /// The error an invalid call reports to the delegate.
    static func error(for action: Action, in state: HKWorkoutSessionState) -> HKError {
        HKError(.errorInvalidArgument, "Cannot \(action.rawValue) a workout session that is \(state.name)")
    }
}

extension HKWorkoutSessionState {
    /// The state's name, for messages.
    var name: String {
        switch self {
        case .notStarted: "not started"
        case .running: "running"
        case .ended: "ended"
        case .paused: "paused"
        case .prepared: "prepared"
        case .stopped: "stopped"
        }
    }
}
