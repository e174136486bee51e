import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite struct QuerySampleTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func returnsSavedSamplesInSaveOrderWithoutSortDescriptors() async throws {
        let store = try await Q.store()
        let saved = [Q.steps(3, minutes: 20), Q.steps(1, minutes: 0), Q.steps(2, minutes: 10)]
        try await store.save(saved)
        let samples = try await Q.samples(store)
        #expect(samples.map(\.uuid) == saved.map(\.uuid))
        #expect(try await Q.samples(store, F.heartRate).isEmpty)
    }

    @Test func sortsAndLimitsInStorage() async throws {
        let store = try await Q.store()
        try await store.save([Q.steps(3, minutes: 20), Q.steps(1, minutes: 0), Q.steps(2, minutes: 10)])
        let latest = try await Q.samples(store, limit: 2, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)])
        let values = latest.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }
        #expect(values == [3, 2])
    }

    @Test func appliesPredicates() async throws {
        let store = try await Q.store()
        try await store.save([Q.steps(1, minutes: 0), Q.steps(2, minutes: 120), Q.steps(3, minutes: 240)])
        let start = Date(timeIntervalSince1970: 1_700_000_000 + 100 * 60)
        let predicate = HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(3600), options: .strictStartDate)
        let samples = try await Q.samples(store, predicate: predicate)
        #expect(samples.count == 1)
    }

    @Test func queryDescriptorsMatchAnyOfThem() async throws {
        let store = try await Q.store()
        let rate = HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 60),
                                    start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_000))
        try await store.save([Q.steps(1), rate])
        let descriptors = [HKQueryDescriptor(sampleType: F.stepCount, predicate: nil), HKQueryDescriptor(sampleType: F.heartRate, predicate: nil)]
        let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            store.execute(HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit) { _, samples, error in
                continuation.resume(with: Result { guard let samples else { throw error! }; return samples })
            })
        }
        #expect(Set(samples.map(\.sampleType)) == [F.stepCount, F.heartRate])
    }

    @Test func handlerRunsOffTheCallersThread() async throws {
        let store = try await Q.store()
        let recorder = EventRecorder<Bool>()
        executeRecordingThread(store, recorder)
        #expect(await recorder.wait(for: 1) == [false])
    }

    @Test func executingTwiceThrowsInTheCheckedTwin() async throws {
        let store = try await Q.store()
        let query = HKSampleQuery(sampleType: F.stepCount, predicate: nil, limit: 0, sortDescriptors: nil) { _, _, _ in }
        try store.checkedExecute(query)
        await expectHKError(.errorInvalidArgument) { try store.checkedExecute(query) }
    }

    @Test func appWithoutReadAccessSeesOnlyItsOwnSamples() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let other = try await Q.store(app: F.otherAppID, storage: storage)
        try await other.save(Q.steps(5))
        let reader = try F.store(storage: storage, prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: [])
        })
        try await reader.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount])
        try await reader.save(Q.steps(7))
        let samples = try await Q.samples(reader)
        #expect(samples.map(\.sourceRevision.source.bundleIdentifier) == [F.appID])
        #expect(try await Q.samples(other).count == 2)
    }

    @Test func correlationsComeWithTheirMembers() async throws {
        let store = try await Q.store()
        let reading = F.bloodPressureReading()
        try await store.save(reading)
        let samples = try await Q.samples(store, F.bloodPressure)
        let correlation = try #require(samples.first as? HKCorrelation)
        #expect(correlation.objects.count == 2)
    }

    /// A limited read maps each record as the storage reads it, and its correlations after the read: they must come
    /// back in their place, with their members, and every sample with its metadata, as the unlimited read gives them.
    @Test func limitedReadKeepsCorrelationsInPlaceWithMembersAndMetadata() async throws {
        let store = try await Q.store()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var saved: [HKObject] = []
        for minute in 0 ..< 12 {
            saved.append(minute % 4 == 1 ? F.bloodPressureReading(at: start.addingTimeInterval(Double(minute) * 60))
                                         : Q.steps(Double(minute), minutes: Double(minute), metadata: minute % 3 == 0 ? ["n": minute] : nil))
        }
        try await store.save(saved)
        let descriptors = [HKQueryDescriptor(sampleType: F.bloodPressure, predicate: nil), HKQueryDescriptor(sampleType: F.stepCount, predicate: nil)]
        func read(limit: Int) async throws -> [HKSample] {
            try await withCheckedThrowingContinuation { continuation in
                store.execute(HKSampleQuery(queryDescriptors: descriptors, limit: limit,
                                            sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, error in
                    continuation.resume(with: Result { guard let samples else { throw error! }; return samples })
                })
            }
        }
        let all = try await read(limit: HKObjectQueryNoLimit)
        let limited = try await read(limit: 10)
        #expect(all.map(\.uuid) == saved.reversed().map(\.uuid))
        #expect(limited.map(\.uuid) == Array(all.prefix(10)).map(\.uuid))
        func members(_ sample: HKSample) -> Set<UUID>? { (sample as? HKCorrelation).map { Set($0.objects.map(\.uuid)) } }
        func number(_ sample: HKSample) -> Int? { sample.metadata?["n"] as? Int }
        for (short, long) in zip(limited, all) {
            #expect(members(short) == members(long))
            #expect(number(short) == number(long))
        }
        #expect(limited.compactMap { $0 as? HKCorrelation }.map(\.objects.count) == [2, 2])
        #expect(limited.compactMap { $0.metadata?["n"] as? Int } == [6, 3])
    }
}

/// Executes a sample query from this (synchronous) thread; records whether the handler ran on it.
private func executeRecordingThread(_ store: HKHealthStore, _ recorder: EventRecorder<Bool>) {
    let caller = pthread_self()
    store.execute(HKSampleQuery(sampleType: StoreFixture.stepCount, predicate: nil, limit: 0, sortDescriptors: nil) { _, _, _ in
        recorder.record(pthread_equal(pthread_self(), caller) != 0)
    })
}
