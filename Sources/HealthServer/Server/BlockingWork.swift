import Dispatch

/// Runs blocking work (SQLite reads and writes, opening a store) on Dispatch's global queue instead of Swift's
/// cooperative pool, whose few threads (one per core) serve every request: a 20 ms save there would stall every other
/// request on that thread for as long. Queries need none of this: `HKHealthStore.execute` runs them on their own
/// queues and the routes await their handlers (docs/Concurrency.md).
enum BlockingWork {
    /// The value of `work`, computed on a global queue.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
