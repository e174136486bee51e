public import Foundation

/// Reads the workout effort relationships newer than an anchor once with `result(for:)`, or as a sequence with
/// `results(for:)`: those up to now, then every later batch, until the loop ends or its task is cancelled (iOS 18).
/// See ``HKWorkoutEffortRelationshipQuery`` for what a batch holds.
public struct HKWorkoutEffortRelationshipQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable {
    /// One batch of relationships.
    public struct Result: @unchecked Sendable {
        /// The relationships that changed after the anchor.
        public let relationships: [HKWorkoutEffortRelationship]
        /// The anchor to continue from.
        public let newAnchor: HKQueryAnchor
    }

    /// The workouts whose relationships to read (nil: every workout).
    public var predicate: NSPredicate?
    /// Where to start (nil: from the beginning).
    public var anchor: HKQueryAnchor?
    /// Which samples each relationship holds.
    public var option: HKWorkoutEffortRelationshipQueryOptions

    /// Creates a descriptor.
    public init(predicate: NSPredicate?, anchor: HKQueryAnchor?, option: HKWorkoutEffortRelationshipQueryOptions) {
        self.predicate = predicate
        self.anchor = anchor
        self.option = option
    }

    /// Reads the relationships newer than ``anchor`` once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let box = DeliveryBox<Result>()
        let query = makeQuery { box.deliver($0) }
        defer { healthStore.stop(query) }
        return try await healthStore.run(query, box)
    }

    /// The relationships newer than ``anchor``, then every later batch; the query stops when iteration ends.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(store: healthStore) { continuation in
            makeQuery { result in
                switch result {
                case .success(let batch): continuation.yield(batch)
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
        }
    }

    /// The sequence `results(for:)` returns: batches of relationships, each iteration running its own query.
    public typealias Results = QueryResultSequence<Result>

    /// The query behind the descriptor, reporting every batch to `deliver`.
    func makeQuery(deliver: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) -> HKWorkoutEffortRelationshipQuery {
        HKWorkoutEffortRelationshipQuery(predicate: predicate, anchor: anchor, options: option) { _, relationships, anchor, error in
            guard let relationships, let anchor else {
                deliver(.failure(error ?? HKError(.unknownError, "The workout effort relationship query returned nothing")))
                return
            }
            deliver(.success(Result(relationships: relationships, newAnchor: anchor)))
        }
    }
}
