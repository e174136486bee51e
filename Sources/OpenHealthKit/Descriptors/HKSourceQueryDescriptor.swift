import Foundation

/// Reads the sources that saved samples matching a predicate (iOS 15.4).
public struct HKSourceQueryDescriptor<Sample: HKSample>: HKAsyncQuery, @unchecked Sendable {
    /// The samples whose sources to read.
    public var predicate: HKSamplePredicate<Sample>

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<Sample>) {
        self.predicate = predicate
    }

    /// The sources, sorted by name then bundle identifier.
    public func result(for healthStore: HKHealthStore) async throws -> [HKSource] {
        let box = DeliveryBox<[HKSource]>()
        let query = HKSourceQuery(sampleType: predicate.sampleType, samplePredicate: predicate.nsPredicate) { _, sources, error in
            box.deliver(sources.map { .success(Array($0)) } ?? .failure(error ?? HKError(.unknownError, "no sources")))
        }
        return try await healthStore.run(query, box).sorted { ($0.name, $0.bundleIdentifier) < ($1.name, $1.bundleIdentifier) }
    }
}
