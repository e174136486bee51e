// A query run's own state between handler calls. Its Sendable claim holds because every read and write happens on the
// run's serial queue (QueryRun.queue), which orders them; nothing else may touch it (docs/Concurrency.md).

/// A value a long-running query keeps between its handler calls, which all run on the run's serial queue.
package final class RunState<Value>: @unchecked Sendable {
    /// The value; touch it only on the run's queue.
    package var value: Value

    /// Creates the state with its first value.
    package init(_ value: Value) { self.value = value }
}
