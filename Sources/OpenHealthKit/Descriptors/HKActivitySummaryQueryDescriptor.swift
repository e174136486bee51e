public import Foundation

/// Reads activity summaries matching a predicate once with `result(for:)`, or as a sequence with
/// `results(for:)`: the summaries now, then the summaries saved later (iOS 15.4).
public struct HKActivitySummaryQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable {
    /// Which summaries (nil: all).
    public var predicate: NSPredicate?

    /// Creates a descriptor.
    public init(predicate: NSPredicate?) {
        self.predicate = predicate
    }

    /// The summaries matching ``predicate``, oldest day first.
    public func result(for healthStore: HKHealthStore) async throws -> [HKActivitySummary] {
        let box = DeliveryBox<[HKActivitySummary]>()
        let query = HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
            box.deliver(summaries.map { .success($0) } ?? .failure(error ?? HKError(.unknownError, "no summaries")))
        }
        return try await healthStore.run(query, box)
    }

    /// The summaries now, then each later batch; the query stops when iteration ends.
    public func results(for healthStore: HKHealthStore) -> Results {
        let predicate = predicate
        return Results(store: healthStore) { continuation in
            let handler: HKActivitySummaryQuery.Handler = { _, summaries, error in
                if let summaries { continuation.yield(summaries) } else { continuation.finish(throwing: error) }
            }
            let query = HKActivitySummaryQuery(predicate: predicate, resultsHandler: handler)
            query.updateHandler = handler
            return query
        }
    }

    /// The sequence `results(for:)` returns: batches of summaries, each iteration running its own query.
    public typealias Results = QueryResultSequence<[HKActivitySummary]>
}
