import Foundation
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite struct QueryDescriptorTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func sampleQueryDescriptorSortsByKeyPathAndLimits() async throws {
        let store = try await Q.store()
        try await store.save([Q.steps(1, minutes: 0), Q.steps(3, minutes: 20), Q.steps(2, minutes: 10)])
        let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)],
                                                 sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)], limit: 2)
        let samples: [HKQuantitySample] = try await descriptor.result(for: store)
        #expect(samples.map { $0.quantity.doubleValue(for: .count()) } == [3, 2])
        let byEnd = HKSampleQueryDescriptor(predicates: [.sample(type: F.stepCount)], sortDescriptors: [SortDescriptor(\.endDate)])
        #expect(try await byEnd.result(for: store).count == 3)
    }

    @Test func anchoredDescriptorResultResumesFromItsAnchor() async throws {
        let store = try await Q.store()
        try await store.save(Q.steps(1))
        let first = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], anchor: nil).result(for: store)
        #expect(first.addedSamples.count == 1 && first.deletedObjects.isEmpty)
        try await store.delete(first.addedSamples[0])
        let second = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], anchor: first.newAnchor)
            .result(for: store)
        #expect(second.addedSamples.isEmpty)
        #expect(second.deletedObjects.map(\.uuid) == [first.addedSamples[0].uuid])
    }

    @Test func anchoredDescriptorResultsYieldTheInitialBatchThenUpdatesFromAnotherStore() async throws {
        let (reader, writer) = try await Q.twoStores()
        try await writer.save(Q.steps(1))
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: F.stepCount)], anchor: nil)
        let batches = EventRecorder<Int>()
        let collected = Task {
            for try await batch in descriptor.results(for: reader) {
                batches.record(batch.addedSamples.count + batch.deletedObjects.count)
                if batches.events.count == 2 { break }
            }
        }
        #expect(await batches.wait(for: 1) == [1])
        try await writer.save([Q.steps(2), Q.steps(3)])
        #expect(await batches.wait(for: 2) == [1, 2])
        collected.cancel()
    }
}
