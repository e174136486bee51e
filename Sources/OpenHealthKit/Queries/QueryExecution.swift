package import Foundation

/// A query's life: not yet executed, running, or finished (stopped, or done with its one answer).
///
/// A query executes once; ``begin(_:)`` refuses a second start.
package final class QueryExecution: @unchecked Sendable {
    private enum State {
        case idle
        case running(QueryRun)
        case finished
    }

    private let lock = NSLock()
    private var state = State.idle

    package init() {}

    /// Whether the query has been executed (it may still be running).
    package var hasStarted: Bool {
        lock.withLock { if case .idle = state { false } else { true } }
    }

    /// The current run, while the query runs.
    package var run: QueryRun? {
        lock.withLock { if case .running(let run) = state { run } else { nil } }
    }

    /// Marks the query running on `run` (finished at once when nil: it could not start); throws when it
    /// was executed before.
    package func begin(_ run: QueryRun?) throws(HKError) {
        let started: Bool = lock.withLock {
            guard case .idle = state else { return false }
            state = run.map { .running($0) } ?? .finished
            return true
        }
        guard started else {
            throw HKError(.errorInvalidArgument, "A query can be executed only once; create a new query instead")
        }
    }

    /// Ends the run (a stop, or a one-shot query's completion): later handler deliveries are dropped.
    /// A query that was never executed is left as it is.
    package func finish() {
        let run: QueryRun? = lock.withLock {
            guard case .running(let run) = state else { return nil }
            state = .finished
            return run
        }
        run?.cancel()
    }
}

/// One execution of a query: the store it reads, a serial queue its handlers run on, and cancellation.
///
/// Handlers are delivered in order on the run's queue (a background queue, never the caller's thread);
/// once the run is cancelled (``HKHealthStore/stop(_:)``) nothing more is delivered.
package final class QueryRun: @unchecked Sendable {
    /// What the query reads and how.
    package let context: QueryContext
    /// The serial queue the query works and calls its handlers on.
    package let queue: DispatchQueue

    private let lock = NSLock()
    private var cancelled = false
    private var cancelActions: [@Sendable () -> Void] = []

    package init(context: QueryContext) {
        self.context = context
        self.queue = DispatchQueue(label: "OpenHealthKit.query", qos: .userInitiated)
    }

    /// Whether the run was cancelled.
    package var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `body` on the run's queue unless the run is cancelled by then.
    package func async(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard !isCancelled else { return }
            body()
        }
    }

    /// Registers work to do when the run is cancelled (immediately if it already is).
    package func onCancel(_ action: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if cancelled { return true }
            cancelActions.append(action)
            return false
        }
        if runNow { action() }
    }

    /// Cancels the run: nothing more is delivered, and the cancel actions run.
    package func cancel() {
        let actions: [@Sendable () -> Void] = lock.withLock {
            guard !cancelled else { return [] }
            cancelled = true
            defer { cancelActions = [] }
            return cancelActions
        }
        actions.forEach { $0() }
    }
}
