import Foundation

/// Reads the changes after an anchor — samples added, objects deleted, a new anchor — once with
/// `result(for:)`, or as a sequence with `results(for:)`: the changes up to now, then every later commit that
/// concerns the predicates, until the loop ends or its task is cancelled (iOS 15.4).
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable {
    /// One batch of changes.
    public struct Result: @unchecked Sendable {
        /// Samples added (matching the predicates).
        public let addedSamples: [Sample]
        /// Objects deleted.
        public let deletedObjects: [HKDeletedObject]
        /// The anchor to continue from.
        public let newAnchor: HKQueryAnchor
    }

    /// The samples to match: any of these.
    public var predicates: [HKSamplePredicate<Sample>]
    /// Where to start (nil: from the beginning).
    public var anchor: HKQueryAnchor?
    /// The most changes (samples plus deletions) of the first batch, or nil for all.
    public var limit: Int?

    /// Creates a descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// Reads the changes after ``anchor`` once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let box = DeliveryBox<Result>()
        let query = makeQuery { box.deliver($0) }
        return try await healthStore.run(query, box)
    }

    /// The changes after ``anchor``, then every later batch; the query stops when iteration ends.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(store: healthStore) { continuation in
            makeQuery(updates: true) { result in
                switch result {
                case .success(let batch): continuation.yield(batch)
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
        }
    }

    /// The sequence `results(for:)` returns: batches of changes, each iteration running its own long-running query.
    public typealias Results = QueryResultSequence<Result>

    /// The classic query behind the descriptor, reporting every batch (and, with `updates`, later ones) to `deliver`.
    func makeQuery(updates: Bool = false,
                   deliver: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) -> HKAnchoredObjectQuery {
        let handler: HKAnchoredObjectQuery.Handler = { _, samples, deleted, anchor, error in
            guard let samples, let deleted, let anchor else {
                deliver(.failure(error ?? HKError(.unknownError, "The anchored query returned nothing")))
                return
            }
            deliver(.success(Result(addedSamples: samples.typed(as: Sample.self), deletedObjects: deleted, newAnchor: anchor)))
        }
        let query = HKAnchoredObjectQuery(queryDescriptors: predicates.queryDescriptors(), anchor: anchor,
                                          limit: limit ?? HKObjectQueryNoLimit, resultsHandler: handler)
        if updates { query.updateHandler = handler }
        return query
    }
}
