public import Foundation

/// Computes statistics over fixed-length intervals once with `result(for:)`, or as a sequence with
/// `results(for:)`: the collection now, then a recomputed one after every save or deletion of the type, until the
/// loop ends or its task is cancelled (iOS 15.4).
///
/// An option that does not fit the type throws `errorInvalidArgument` rather than trapping.
public struct HKStatisticsCollectionQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable {
    /// One element of the sequence.
    public struct Result: @unchecked Sendable {
        /// The whole collection.
        public let statisticsCollection: HKStatisticsCollection
        /// The statistics that changed (nil for the first element; for updates, the interval of the newest saved
        /// sample, or nil when only deletions changed).
        public let updatedStatistics: [HKStatistics]?
    }

    /// The samples to use.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The figures to compute.
    public var options: HKStatisticsOptions
    /// The origin of the intervals.
    public var anchorDate: Date
    /// The length of one interval.
    public var intervalComponents: DateComponents
    /// The calendar and time zone that lay out the intervals (OpenHealthKit extension; default: the current one).
    public var calendar: Calendar = .current

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
                intervalComponents: DateComponents) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// Computes the collection once.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        let box = DeliveryBox<HKStatisticsCollection>()
        let query = try makeQuery()
        query.initialResultsHandler = { _, collection, error in
            if let collection { box.deliver(.success(collection)) } else { box.deliver(.failure(Self.failure(error))) }
        }
        return try await healthStore.run(query, box)
    }

    /// The collection now, then after every save or deletion of the type; the query stops when iteration ends.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(store: healthStore) { continuation in
            let query = try makeQuery()
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.yield(Result(statisticsCollection: collection, updatedStatistics: nil)) }
                else { continuation.finish(throwing: Self.failure(error)) }
            }
            query.statisticsUpdateHandler = { _, statistics, collection, error in
                if let collection { continuation.yield(Result(statisticsCollection: collection, updatedStatistics: statistics.map { [$0] })) }
                else { continuation.finish(throwing: Self.failure(error)) }
            }
            return query
        }
    }

    /// The sequence `results(for:)` returns: collections and what changed, each iteration running its own query.
    public typealias Results = QueryResultSequence<Result>

    /// The classic query behind the descriptor (handlers not set); throws when an option does not fit.
    func makeQuery() throws(HKError) -> HKStatisticsCollectionQuery {
        guard let type = predicate.sampleType as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, "HKStatisticsCollectionQueryDescriptor needs a quantity type")
        }
        let query = try HKStatisticsCollectionQuery.checked(quantityType: type, quantitySamplePredicate: predicate.nsPredicate,
                                                            options: options, anchorDate: anchorDate,
                                                            intervalComponents: intervalComponents)
        query.intervalCalendar = calendar
        return query
    }

    private static func failure(_ error: (any Error)?) -> any Error {
        error ?? HKError(.unknownError, "The statistics collection query returned nothing")
    }
}
