import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite struct QueryObserverTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    private func observe(_ store: HKHealthStore, _ type: HKSampleType = F.stepCount) -> (HKObserverQuery, EventRecorder<Date>) {
        let recorder = EventRecorder<Date>()
        let query = HKObserverQuery(sampleType: type, predicate: nil) { _, completion, error in
            if error == nil { recorder.record(Date()) }
            completion()
        }
        store.execute(query)
        return (query, recorder)
    }

    @Test func firesOnceAtStartThenAfterSavesAndDeletesOfAnotherStore() async throws {
        let (observer, writer) = try await Q.twoStores()
        let (query, recorder) = observe(observer)
        await pause(0.1)
        #expect(recorder.events.count == 1)
        let sample = Q.steps(1)
        try await writer.save(sample)
        #expect(await recorder.wait(for: 2).count == 2)
        try await writer.delete(sample)
        #expect(await recorder.wait(for: 3).count == 3)
        observer.stop(query)
        try await writer.save(Q.steps(2))
        await pause(0.2)
        #expect(recorder.events.count == 3)
    }

    @Test func commitsOfThisProcessArriveWithoutWaitingForThePoll() async throws {
        // Two stores of this process on one file share the file's one open storage, whose change feed wakes the
        // observer; with an hour between polls nothing else could deliver within the test.
        let storage = try SQLiteHealthStorage.shared(path: F.temporaryDatabasePath())
        let observer = try await Q.store(storage: storage), writer = try await Q.store(storage: storage)
        observer.changePollingInterval = 3600
        let (query, recorder) = observe(observer)
        #expect(await recorder.wait(for: 1).count == 1)
        try await writer.save(Q.steps(1))
        #expect(await recorder.wait(for: 2).count == 2)
        let sample = Q.steps(2)
        try await writer.save(sample)
        try await writer.delete(sample)
        #expect(await recorder.wait(for: 3).count >= 3)
        observer.stop(query)
    }

    @Test func ignoresCommitsOfOtherTypes() async throws {
        let (observer, writer) = try await Q.twoStores()
        let (query, recorder) = observe(observer, F.heartRate)
        try await writer.save(Q.steps(1))
        await pause(0.2)
        #expect(recorder.events.count == 1)
        observer.stop(query)
    }

    @Test func descriptorFormReportsWhichTypesChanged() async throws {
        let store = try await Q.store()
        let recorder = EventRecorder<Set<HKSampleType>>()
        let descriptors = [HKQueryDescriptor(sampleType: F.stepCount, predicate: nil), HKQueryDescriptor(sampleType: F.heartRate, predicate: nil)]
        let query = HKObserverQuery(queryDescriptors: descriptors) { _, types, completion, _ in
            recorder.record(types ?? [])
            completion()
        }
        store.execute(query)
        await pause(0.05)
        try await store.save(Q.steps(1))
        let events = await recorder.wait(for: 2)
        #expect(events.first == [F.stepCount, F.heartRate])
        #expect(events.dropFirst().first == [F.stepCount])
        store.stop(query)
    }

    @Test func backgroundDeliveryFrequencyBoundsNotifications() async throws {
        let (observer, writer) = try await Q.twoStores()
        // Long enough that a loaded machine still makes both saves below inside one interval.
        observer.setBackgroundDeliveryInterval(2.0, for: .hourly)
        try await observer.enableBackgroundDelivery(for: F.stepCount, frequency: .hourly)
        let (query, recorder) = observe(observer)
        await pause(0.05)
        // Event 0 is the call every observer query gets when it starts.
        try await writer.save(Q.steps(1))
        let first = await recorder.wait(for: 2)
        #expect(first.count == 2)
        try await writer.save(Q.steps(2))
        await pause(0.1)
        try await writer.save(Q.steps(3))
        await pause(0.1)
        // Both saves fall inside the interval unless the machine stalled for seconds; only then may a third call be due.
        if first.count == 2, Date().timeIntervalSince(first[1]) < 1.9 { #expect(recorder.events.count == 2) }
        let events = await recorder.wait(for: 3)
        #expect(events.count == 3)
        // The gate opens 2 s after the previous notification was released; handler calls run on a queue, so on a
        // loaded machine the second one can start late and the gap between the calls look shorter than 2 s.
        if events.count == 3 { #expect(events[2].timeIntervalSince(events[1]) >= 1.5) }
        await pause(0.2)
        #expect(recorder.events.count == 3)
        try await observer.disableAllBackgroundDelivery()
        try await writer.save(Q.steps(4))
        // With delivery disabled the gate no longer holds the change back; the wait covers only the second store's
        // polling, which under a full parallel test run on two loaded cores took longer than 5 s once (CI, stop 11).
        #expect(await recorder.wait(for: 4, timeout: 20).count == 4)
        observer.stop(query)
    }

    @Test func readDenialHidesOtherAppsCommits() async throws {
        let path = F.temporaryDatabasePath()
        let other = try await Q.store(app: F.otherAppID, storage: try SQLiteHealthStorage(path: path))
        let denied = try F.store(storage: try SQLiteHealthStorage(path: path), prompt: HKFixedAuthorizationPrompt(allows: false))
        denied.changePollingInterval = 0.01
        let (query, recorder) = observe(denied)
        try await other.save(Q.steps(1))
        await pause(0.2)
        #expect(recorder.events.count == 1)  // only the call at start
        denied.stop(query)
    }
}
