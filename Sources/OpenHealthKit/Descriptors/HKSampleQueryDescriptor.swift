import Foundation
import HealthDatabase

/// Reads samples matching any of its predicates, sorted, up to a limit (iOS 15.4).
///
/// ```swift
/// let latest = try await HKSampleQueryDescriptor(
///     predicates: [.quantitySample(type: HKQuantityType(.heartRate))],
///     sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 10
/// ).result(for: store)
/// ```
/// Sort descriptors may sort by `\.startDate` and `\.endDate`; the sort and the limit run in the store.
public struct HKSampleQueryDescriptor<Sample: HKSample>: HKAsyncQuery, @unchecked Sendable {
    /// The samples to match: any of these.
    public var predicates: [HKSamplePredicate<Sample>]
    /// How to sort (by `\.startDate` or `\.endDate`); empty for the order samples were saved in.
    public var sortDescriptors: [SortDescriptor<Sample>]
    /// The most samples to return, or nil for all.
    public var limit: Int?

    /// Creates a descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Runs the query; throws `errorInvalidArgument` for an unsupported sort key or predicate.
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        let sorts = try sortDescriptors.map(Self.sampleSort)
        let box = DeliveryBox<[HKSample]>()
        let query = HKSampleQuery(descriptors: predicates.queryDescriptors(), limit: limit ?? HKObjectQueryNoLimit,
                                  sortDescriptors: nil, sorts: sorts) { _, samples, error in
            box.deliver(samples.map { .success($0) } ?? .failure(error ?? HKError(.unknownError, "no samples")))
        }
        let samples = try await healthStore.run(query, box)
        return samples.compactMap { $0 as? Sample }
    }

    /// The storage sort for a key-path sort descriptor.
    static func sampleSort(_ descriptor: SortDescriptor<Sample>) throws -> SampleSort {
        let ascending = descriptor.order == .forward
        let startDate: PartialKeyPath<Sample> = \Sample.startDate
        let endDate: PartialKeyPath<Sample> = \Sample.endDate
        if descriptor.keyPath == startDate { return SampleSort(.startDate, ascending: ascending) }
        if descriptor.keyPath == endDate { return SampleSort(.endDate, ascending: ascending) }
        throw HKError(.errorInvalidArgument, "Samples can be sorted by \\.startDate or \\.endDate only, not \(descriptor)")
    }
}
