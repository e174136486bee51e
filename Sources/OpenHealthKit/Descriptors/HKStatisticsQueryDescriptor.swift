import Foundation

/// Computes the statistics of the quantity samples matching a predicate once: `result(for:)` (iOS 15.4).
///
/// The answer is nil when no sample matches (the classic query reports `errorNoData` instead). An option that
/// does not fit the type throws `errorInvalidArgument` from `result(for:)` rather than trapping.
public struct HKStatisticsQueryDescriptor: HKAsyncQuery, @unchecked Sendable {
    /// The samples to use.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The figures to compute.
    public var options: HKStatisticsOptions

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    /// Runs the query on `healthStore`; nil when no sample matches.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        guard let type = predicate.sampleType as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, "HKStatisticsQueryDescriptor needs a quantity type")
        }
        let box = DeliveryBox<HKStatistics?>()
        let query = try HKStatisticsQuery.checked(quantityType: type, quantitySamplePredicate: predicate.nsPredicate,
                                                  options: options) { _, statistics, error in
            if let statistics {
                box.deliver(.success(statistics))
            } else if let error = error as? HKError, error.code == .errorNoData {
                box.deliver(.success(nil))
            } else {
                box.deliver(.failure(error ?? HKError(.unknownError, "The statistics query returned nothing")))
            }
        }
        return try await healthStore.run(query, box)
    }
}
