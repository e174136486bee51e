package import Foundation
import HealthLocking

/// Connects one long-running query run to its store's ``ChangeMonitor``.
///
/// When the monitor reports a change position past the one the follower has seen, the follower calls
/// ``handler`` with (seen, latest, now) on the run's serial queue, one call at a time (a poll that arrives
/// while the previous call is still working is skipped; the next poll catches up). With ``wantsTicks`` the
/// handler is also called on polls without new changes (for deferred background deliveries). Cancelling
/// the run unsubscribes the follower.
package final class ChangeFollower: ChangeSubscriber, Sendable {
    /// Handles the changes after `seen` up to `latest`, at time `now`.
    package typealias Handler = @Sendable (_ seen: Int64, _ latest: Int64, _ now: Date) -> Void

    private struct State {
        var seen: Int64
        var busy = false
        var ticks = false
        var body: Handler
    }

    private let run: QueryRun
    private let state: Locked<State>

    /// Creates a follower of `run`'s store starting after position `seen`; set ``handler`` before ``start()``.
    package init(run: QueryRun, after seen: Int64, handler: @escaping Handler = { _, _, _ in }) {
        self.run = run
        self.state = Locked(State(seen: seen, body: handler))
    }

    /// What to do with new changes.
    package var handler: Handler {
        get { state[\.body] }
        set { state[\.body] = newValue }
    }

    /// Whether the handler is also called on polls without new changes; settable from the handler.
    package var wantsTicks: Bool {
        get { state[\.ticks] }
        set { state[\.ticks] = newValue }
    }

    /// Subscribes to the store's monitor until the run is cancelled.
    package func start() {
        let monitor = run.context.center.monitor
        monitor.subscribe(self)
        run.onCancel { [self] in monitor.unsubscribe(self) }
    }

    package func settle() {
        run.queue.sync {}
    }

    package func monitor(observed latest: Int64?, at now: Date) {
        guard let latest else { return }
        let call: (Int64, Handler)? = state.withLock { state in
            guard !state.busy, latest > state.seen || state.ticks else { return nil }
            state.busy = true
            return (state.seen, state.body)
        }
        guard let (previous, handler) = call else { return }
        run.queue.async { [self] in
            if !run.isCancelled { handler(previous, max(latest, previous), now) }
            state.withLock { state in
                state.seen = max(state.seen, latest)
                state.busy = false
            }
        }
    }
}
