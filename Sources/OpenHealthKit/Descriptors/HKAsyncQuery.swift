import Foundation

/// A query descriptor that answers once: `result(for:)` runs it on a store (iOS 15.4).
public protocol HKAsyncQuery {
    /// What the query returns.
    associatedtype Output

    /// Runs the query on `healthStore` and returns its result.
    func result(for healthStore: HKHealthStore) async throws -> Output
}

/// A query descriptor that answers with a sequence of results: `results(for:)` runs it on a store and
/// yields results as they come, until the task is cancelled or the loop ends (iOS 15.4).
public protocol HKAsyncSequenceQuery {
    /// The sequence of results.
    associatedtype Sequence: AsyncSequence

    /// Runs the query on `healthStore`; the query stops when iteration ends.
    func results(for healthStore: HKHealthStore) -> Sequence
}

/// Where a one-shot query's handler puts its single result for an awaiting descriptor (package access).
package final class DeliveryBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var early: Result<Value, any Error>?

    package init() {}

    /// Hands over the result (the first one counts).
    package func deliver(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = lock.withLock {
            if let continuation { self.continuation = nil; return continuation }
            if early == nil { early = result }
            return nil
        }
        waiting?.resume(with: result)
    }

    /// Waits for the result.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = lock.withLock {
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

extension HKHealthStore {
    /// Executes `query` and waits for the result its handler puts in `box`; stops the query when the task
    /// is cancelled (package access).
    package func run<Value: Sendable>(_ query: HKQuery, _ box: DeliveryBox<Value>) async throws -> Value {
        try await withTaskCancellationHandler {
            execute(query)
            return try await box.value()
        } onCancel: {
            stop(query)
            box.deliver(.failure(CancellationError()))
        }
    }
}

/// The stream behind every `results(for:)`: runs one long-running query on a store, feeds what its handlers
/// report into an `AsyncThrowingStream`, and stops the query when iteration ends (package access).
package enum QueryStream {
    /// Builds the query with `makeQuery` (its handlers get the stream's continuation), executes it on `store`
    /// and returns the stream's iterator. A query that cannot be built ends the stream with its error.
    package static func start<Element>(
        on store: HKHealthStore,
        _ makeQuery: (AsyncThrowingStream<Element, any Error>.Continuation) throws -> HKQuery
    ) -> AsyncThrowingStream<Element, any Error>.AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        do {
            let query = try makeQuery(continuation)
            continuation.onTermination = { _ in store.stop(query) }
            store.execute(query)
        } catch {
            continuation.finish(throwing: error)
        }
        return stream.makeAsyncIterator()
    }
}
