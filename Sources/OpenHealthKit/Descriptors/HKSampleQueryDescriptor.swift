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
/// Sort descriptors may sort by `\.startDate` and `\.endDate`, workouts also by `\.duration` (their totals are
/// `HKQuantity` values, which are not `Comparable`: sort them with `NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ...)`
/// and `HKSampleQuery`); the sort and the limit run in the store.
public struct HKSampleQueryDescriptor<Sample: HKSample>: HKAsyncQuery, @unchecked Sendable {
    /// The samples to match: any of these.
    public var predicates: [HKSamplePredicate<Sample>]
    /// How to sort (by `\.startDate`, `\.endDate`, or a workout's `\.duration`); empty for the
    /// order samples were saved in.
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
        return samples.typed(as: Sample.self)
    }

    /// The storage sort for a key-path sort descriptor: the key path names one of HealthKit's sort identifiers
    /// (``sortIdentifiers``), whose storage sort is the one `NSSortDescriptor(key:ascending:)` gets.
    static func sampleSort(_ descriptor: SortDescriptor<Sample>) throws -> SampleSort {
        guard let keyPath = descriptor.keyPath.map({ $0 as AnyKeyPath }),
              let identifier = sortIdentifiers.first(where: { $0.keyPath == keyPath })?.identifier,
              let entry = SortMapping.entry(for: identifier) else {
            throw HKError(.errorInvalidArgument,
                          "Samples can be sorted by \\.startDate or \\.endDate (workouts also by \\.duration), not \(descriptor)")
        }
        return SampleSort(entry.key, ascending: descriptor.order == .forward)
    }

    /// The key paths a `SortDescriptor` may sort by, with the sort identifier each stands for (the workout totals
    /// are `HKQuantity` values, which cannot form a `SortDescriptor`).
    private static var sortIdentifiers: [(keyPath: AnyKeyPath, identifier: SortIdentifier)] {
        [(\Sample.startDate, SortIdentifier(rawValue: HKSampleSortIdentifierStartDate)),
         (\Sample.endDate, SortIdentifier(rawValue: HKSampleSortIdentifierEndDate)),
         (\HKWorkout.duration, SortIdentifier(rawValue: HKWorkoutSortIdentifierDuration))]
    }
}
