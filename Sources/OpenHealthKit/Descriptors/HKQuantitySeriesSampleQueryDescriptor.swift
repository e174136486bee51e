public import Foundation
public import HealthKitModel

/// Reads the quantities of the quantity samples matching a predicate as an asynchronous sequence (iOS 15.4).
///
/// `results(for:)` runs an ``HKQuantitySeriesSampleQuery``: one element per quantity, in ascending start date order;
/// the sequence ends after the last one and fails with the query's error.
public struct HKQuantitySeriesSampleQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// The samples whose quantities are read.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// How the quantities are delivered.
    public var options: Options

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: Options = []) {
        self.predicate = predicate
        self.options = options
    }

    /// How the query delivers quantities.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The option bits.
        public let rawValue: Int
        /// Creates options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Each result carries the sample its quantity belongs to.
        public static let includeSample = Options(rawValue: 1 << 0)
        /// Quantities come grouped by their sample's start date.
        public static let orderByQuantitySampleStartDate = Options(rawValue: 1 << 1)
    }

    /// One quantity, its date interval and (with ``Options/includeSample``) its sample.
    public struct Result: Hashable, @unchecked Sendable {
        /// The quantity.
        public let quantity: HKQuantity
        /// When it was measured.
        public let dateInterval: DateInterval
        /// The sample it belongs to, when asked for.
        public let sample: HKQuantitySample?
    }

    /// The quantities, one element each.
    public func results(for healthStore: HKHealthStore) -> Results {
        let (type, nsPredicate, options) = (predicate.sampleType, predicate.nsPredicate, options)
        return Results(store: healthStore) { continuation in
            guard let quantityType = type as? HKQuantityType else {
                throw HKError(.errorInvalidArgument, "\(type.identifier) is not a quantity type")
            }
            let query = HKQuantitySeriesSampleQuery(quantityType: quantityType, predicate: nsPredicate) { _, quantity, interval, sample, done, error in
                if let error { return continuation.finish(throwing: error) }
                if let quantity, let interval { continuation.yield(Result(quantity: quantity, dateInterval: interval, sample: sample)) }
                if done { continuation.finish() }
            }
            query.includeSample = options.contains(.includeSample)
            query.orderByQuantitySampleStartDate = options.contains(.orderByQuantitySampleStartDate)
            return query
        }
    }

    /// The sequence `results(for:)` returns: the quantities.
    public typealias Results = QueryResultSequence<Result>
}
