package import Foundation
import HealthLocking

/// A query's life: not yet executed, running, or finished (stopped, or done with its one answer).
///
/// A query executes once; ``begin(_:)`` refuses a second start.
package final class QueryExecution: Sendable {
    private enum State {
        case idle
        case running(QueryRun)
        /// Done; with the queue of the run it had (for ``settle()``).
        case finished(DispatchQueue?)
    }

    private let state = Locked(State.idle)

    package init() {}

    /// Whether the query has been executed (it may still be running).
    package var hasStarted: Bool {
        state.withLock { if case .idle = $0 { false } else { true } }
    }

    /// The current run, while the query runs.
    package var run: QueryRun? {
        state.withLock { if case .running(let run) = $0 { run } else { nil } }
    }

    /// Marks the query running on `run` (finished at once when nil: it could not start); throws when it
    /// was executed before.
    package func begin(_ run: QueryRun?) throws(HKError) {
        let started: Bool = state.withLock { state in
            guard case .idle = state else { return false }
            state = run.map { .running($0) } ?? .finished(nil)
            return true
        }
        guard started else {
            throw HKError(.errorInvalidArgument, "A query can be executed only once; create a new query instead")
        }
    }

    /// Ends the run (a stop, or a one-shot query's completion): later handler deliveries are dropped.
    /// A query that was never executed is left as it is.
    package func finish() {
        let run: QueryRun? = state.withLock { state in
            guard case .running(let run) = state else { return nil }
            state = .finished(run.queue)
            return run
        }
        run?.cancel()
    }

    /// Returns once the handler calls already scheduled on the run's queue have run, whether the query still runs or
    /// has finished. For tests: after a one-shot query's last answer, nothing more can follow.
    package func settle() {
        let queue: DispatchQueue? = state.withLock {
            switch $0 {
            case .idle: nil
            case .running(let run): run.queue
            case .finished(let queue): queue
            }
        }
        queue?.sync {}
    }
}

/// One execution of a query: the store it reads, a serial queue its handlers run on, and cancellation.
///
/// Handlers are delivered in order on the run's queue (a background queue, never the caller's thread);
/// once the run is cancelled (``HKHealthStore/stop(_:)``) nothing more is delivered.
package final class QueryRun: Sendable {
    /// What the query reads and how.
    package let context: QueryContext
    /// The serial queue the query works and calls its handlers on.
    package let queue: DispatchQueue

    private struct Cancellation {
        var cancelled = false
        var actions: [@Sendable () -> Void] = []
    }

    private let cancellation = Locked(Cancellation())

    package init(context: QueryContext) {
        self.context = context
        self.queue = DispatchQueue(label: "OpenHealthKit.query", qos: .userInitiated)
    }

    /// Whether the run was cancelled.
    package var isCancelled: Bool { cancellation.withLock { $0.cancelled } }

    /// Runs `body` on the run's queue unless the run is cancelled by then.
    package func async(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard !isCancelled else { return }
            body()
        }
    }

    /// Registers work to do when the run is cancelled (immediately if it already is).
    package func onCancel(_ action: @escaping @Sendable () -> Void) {
        let runNow: Bool = cancellation.withLock {
            if $0.cancelled { return true }
            $0.actions.append(action)
            return false
        }
        if runNow { action() }
    }

    /// Cancels the run: nothing more is delivered, and the cancel actions run.
    package func cancel() {
        let actions: [@Sendable () -> Void] = cancellation.withLock { cancellation in
            guard !cancellation.cancelled else { return [] }
            cancellation.cancelled = true
            defer { cancellation.actions = [] }
            return cancellation.actions
        }
        actions.forEach { $0() }
    }
}
