import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

/// Long-running collection queries (updates after saves and deletions, from this and other stores) and the
/// async statistics descriptors.
@Suite struct StatisticsLiveTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    /// What an update handler delivered: the updated interval's sum and the collection's 5 March sum.
    struct Update: Sendable {
        var changed: Double?
        var day: Double?
    }

    /// Starts a daily step collection with an update handler on `store`; waits for the initial results.
    static func follow(_ store: HKHealthStore) async throws -> (HKStatisticsCollectionQuery, EventRecorder<Update>) {
        let recorder = EventRecorder<Update>()
        let initial = EventRecorder<Double?>()
        let query = C.query(options: .cumulativeSum)
        query.initialResultsHandler = { _, collection, _ in initial.record(collection.flatMap { C.sum($0, C.date(2024, 3, 5)) }) }
        query.statisticsUpdateHandler = { _, statistics, collection, _ in
            recorder.record(Update(changed: statistics?.sumQuantity()?.doubleValue(for: .count()),
                                   day: collection.flatMap { C.sum($0, C.date(2024, 3, 5)) }))
        }
        store.execute(query)
        #expect(await initial.wait(for: 1).count == 1)
        return (query, recorder)
    }

    @Test func updatesAfterSaveAndDelete() async throws {
        let store = try await Q.store()
        let first = C.steps(100, C.date(2024, 3, 5, 8), minutes: 10)
        try await store.save(first)
        let (query, updates) = try await Self.follow(store)
        try await store.save(C.steps(50, C.date(2024, 3, 5, 9), minutes: 10))
        let afterSave = await updates.wait(for: 1)
        #expect(afterSave.first?.day == 150)
        #expect(afterSave.first?.changed == 150)
        try await store.delete(first)
        let afterDelete = await updates.wait(for: 2)
        #expect(afterDelete.count == 2)
        #expect(afterDelete.last?.day == 50)
        #expect(afterDelete.last?.changed == nil)
        store.stop(query)
    }

    @Test func everyUpdateEqualsAFreshComputation() async throws {
        let store = try await Q.store()
        try await store.save([C.steps(100, C.date(2024, 3, 3, 8), minutes: 10), C.steps(40, C.date(2024, 3, 5, 23, 50), minutes: 20)])
        let days = (1...12).map { C.date(2024, 3, $0, 12) }
        let sums = EventRecorder<[Double?]>()
        let perSource = EventRecorder<[Double?]>()
        let query = C.query(options: [.cumulativeSum, .separateBySource])
        let started = EventRecorder<Bool>()
        query.initialResultsHandler = { _, _, _ in started.record(true) }
        query.statisticsUpdateHandler = { _, _, collection, _ in
            guard let collection else { return }
            sums.record(days.map { C.sum(collection, $0) })
            perSource.record(days.map { collection.statistics(for: $0)?.sumQuantity(for: store.app)?.doubleValue(for: .count()) })
        }
        store.execute(query)
        await started.wait(for: 1)
        // Inside a day with data; across midnight into a new day; past the end of the data; a user-entered sample
        // (it outranks the app); a watch sample overlapping the phone's.
        let saves: [[HKQuantitySample]] = [
            [C.steps(10, C.date(2024, 3, 3, 9), minutes: 5)],
            [C.steps(60, C.date(2024, 3, 6, 23, 30), minutes: 60)],
            [C.steps(7, C.date(2024, 3, 10, 10), minutes: 5), C.steps(3, C.date(2024, 3, 11, 10), minutes: 5)],
            [C.steps(20, C.date(2024, 3, 3, 8, 5), minutes: 10, metadata: [HKMetadataKeyWasUserEntered: true])],
            [C.steps(90, C.date(2024, 3, 3, 8), minutes: 10, device: C.device("Watch", hardware: "Watch7,1"))],
        ]
        for (step, batch) in saves.enumerated() {
            try await store.save(batch)
            let delivered = await sums.wait(for: step + 1)
            await perSource.wait(for: step + 1)   // the handler records it after the sums
            let fresh = try await C.run(store, C.query(options: [.cumulativeSum, .separateBySource]))
            #expect(delivered.count == step + 1)
            #expect(delivered.last == days.map { C.sum(fresh, $0) }, "after save \(step + 1)")
            #expect(perSource.events.last == days.map { fresh.statistics(for: $0)?.sumQuantity(for: store.app)?.doubleValue(for: .count()) },
                    "per source after save \(step + 1)")
        }
        store.stop(query)
    }

    @Test func updatesAfterAnotherProcessSaves() async throws {
        let (first, second) = try await Q.twoStores()
        let (query, updates) = try await Self.follow(first)
        try await second.save(C.steps(70, C.date(2024, 3, 5, 12), minutes: 10))
        let received = await updates.wait(for: 1)
        #expect(received.first?.day == 70)
        first.stop(query)
    }

    @Test func ignoresChangesOfOtherTypes() async throws {
        let store = try await Q.store()
        let (query, updates) = try await Self.follow(store)
        try await store.save(C.rate(60, C.date(2024, 3, 5, 8)))
        try await store.save(C.steps(5, C.date(2024, 3, 5, 9), minutes: 1))
        let received = await updates.wait(for: 1)
        #expect(received.count == 1 && received.first?.day == 5)
        store.stop(query)
    }

    @Test func statisticsDescriptorAnswersOnceAndNilWithoutData() async throws {
        let store = try await StatisticsCollectionQueryTests.marchStore()
        let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: F.stepCount), options: .cumulativeSum)
        let statistics = try await descriptor.result(for: store)
        #expect(statistics?.sumQuantity()?.doubleValue(for: .count()) == 470)
        let none = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: F.heartRate), options: .discreteMax)
        #expect(try await none.result(for: store) == nil)
        let wrong = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: F.heartRate), options: .cumulativeSum)
        await #expect(throws: HKError.self) { _ = try await wrong.result(for: store) }
    }

    static func dailyDescriptor() -> HKStatisticsCollectionQueryDescriptor {
        var descriptor = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: F.stepCount), options: .cumulativeSum,
                                                               anchorDate: C.date(2024, 1, 1), intervalComponents: DateComponents(day: 1))
        descriptor.calendar = C.calendar("Europe/Berlin")
        return descriptor
    }

    @Test func collectionDescriptorResultAndUpdates() async throws {
        let store = try await StatisticsCollectionQueryTests.marchStore()
        let collection = try await Self.dailyDescriptor().result(for: store)
        #expect(collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [360, 60, 50])
        var iterator = Self.dailyDescriptor().results(for: store).makeAsyncIterator()
        let initial = try await iterator.next()
        #expect(initial?.updatedStatistics == nil)
        #expect(initial.flatMap { C.sum($0.statisticsCollection, C.date(2024, 3, 6)) } == 60)
        try await store.save(C.steps(40, C.date(2024, 3, 6, 12), minutes: 10))
        let update = try await iterator.next()
        #expect(update.flatMap { C.sum($0.statisticsCollection, C.date(2024, 3, 6)) } == 100)
        #expect(update?.updatedStatistics?.first?.startDate == C.date(2024, 3, 6))
    }
}
