import Foundation
import HealthLocking

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
package final class DeliveryBox<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
    }

    private let state = Locked(State())

    package init() {}

    /// Hands over the result (the first one counts).
    package func deliver(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            if let continuation = state.continuation { state.continuation = nil; return continuation }
            if state.early == nil { state.early = result }
            return nil
        }
        waiting?.resume(with: result)
    }

    /// Waits for the result.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = state.withLock { state in
                if let early = state.early { return early }
                state.continuation = continuation
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

/// The sequence every `results(for:)` returns (OpenHealthKit's form of HealthKit's nested `Results` types, which the
/// descriptors name as type aliases): each iteration starts its own long-running query on the store, yields what
/// the query's handlers report, and stops the query when iteration ends.
public struct QueryResultSequence<Element>: AsyncSequence, @unchecked Sendable {
    /// Iteration fails with the query's error.
    public typealias Failure = any Error

    private let store: HKHealthStore
    private let makeQuery: (AsyncThrowingStream<Element, any Error>.Continuation) throws -> HKQuery

    /// A sequence that runs the query `makeQuery` builds (its handlers feed the continuation) on `store`.
    package init(store: HKHealthStore,
                 makeQuery: @escaping (AsyncThrowingStream<Element, any Error>.Continuation) throws -> HKQuery) {
        self.store = store
        self.makeQuery = makeQuery
    }

    /// Starts the query and returns its iterator; a query that cannot be built ends the iteration with its error.
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        do {
            let query = try makeQuery(continuation)
            let store = store
            continuation.onTermination = { _ in store.stop(query) }
            store.execute(query)
        } catch {
            continuation.finish(throwing: error)
        }
        return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// The iterator under the name HealthKit's nested `Results` types give it (`…Descriptor.Results.Iterator`).
    public typealias Iterator = AsyncIterator

    /// Yields the results as they come.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

        /// The next result; waits for the next commit that concerns the query.
        public mutating func next() async throws -> Element? { try await base.next() }
    }
}
