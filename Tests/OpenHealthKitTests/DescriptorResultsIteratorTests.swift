import Foundation
import OpenHealthKit
import Testing

/// Apps that keep a descriptor's iterator name its type as HealthKit nests it: `…Descriptor.Results.Iterator`.
@Suite struct DescriptorResultsIteratorTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    /// An app-side reader that holds the iterator between calls, as a stored property.
    final class StepReader: @unchecked Sendable {
        var iterator: HKAnchoredObjectQueryDescriptor<HKQuantitySample>.Results.Iterator

        init(store: HKHealthStore) {
            let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], anchor: nil)
            iterator = descriptor.results(for: store).makeAsyncIterator()
        }

        func nextBatch() async throws -> [Double] {
            try await iterator.next()?.addedSamples.map { $0.quantity.doubleValue(for: .count()) } ?? []
        }
    }

    @Test func aStoredIteratorYieldsTheInitialBatchThenUpdates() async throws {
        let store = try await Q.store()
        try await store.save([Q.steps(5), Q.steps(7, minutes: 1)])
        let reader = StepReader(store: store)
        #expect(try await reader.nextBatch().sorted() == [5, 7])
        try await store.save(Q.steps(9, minutes: 2))
        #expect(try await reader.nextBatch() == [9])
    }

    @Test func theSeriesIteratorHasHealthKitsNameToo() async throws {
        let store = try await Q.store()
        try await store.save(Q.steps(12))
        let descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: F.stepCount))
        var iterator: HKQuantitySeriesSampleQueryDescriptor.Results.Iterator = descriptor.results(for: store).makeAsyncIterator()
        #expect(try await iterator.next()?.quantity.doubleValue(for: .count()) == 12)
        #expect(try await iterator.next() == nil)
    }
}
