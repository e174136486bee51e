import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

/// HKObserverQuery over real SQLite files. The observing store's change monitor runs on a ``ManualPollClock``: its
/// polls happen when the test advances the clock, and ``ChangeMonitor/settle()`` returns once the query has handled
/// them, so "nothing more arrives" and "an interval later" are facts, not waits.
@Suite struct QueryObserverTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    typealias Driven = DrivenMonitor

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
        let driven = try Driven(observer)
        let (query, recorder) = observe(observer)
        #expect(await recorder.wait(for: 1).count == 1)
        driven.step()
        #expect(recorder.events.count == 1)
        let sample = Q.steps(1)
        try await writer.save(sample)
        driven.step()
        #expect(recorder.events.count == 2)
        try await writer.delete(sample)
        driven.step()
        #expect(recorder.events.count == 3)
        observer.stop(query)
        try await writer.save(Q.steps(2))
        driven.step()
        #expect(recorder.events.count == 3)
    }

    @Test func commitsOfThisProcessArriveWithoutWaitingForThePoll() async throws {
        // Two stores of this process on one file share the file's one open storage, whose change feed wakes the
        // observer; the clock never moves, so nothing else could deliver.
        let storage = try SQLiteHealthStorage.shared(path: F.temporaryDatabasePath())
        let observer = try await Q.store(storage: storage), writer = try await Q.store(storage: storage)
        let driven = try Driven(observer)
        let (query, recorder) = observe(observer)
        #expect(await recorder.wait(for: 1).count == 1)
        try await writer.save(Q.steps(1))
        driven.monitor.settle()
        #expect(recorder.events.count == 2)
        let sample = Q.steps(2)
        try await writer.save(sample)
        try await writer.delete(sample)
        driven.monitor.settle()
        #expect(recorder.events.count >= 3)
        observer.stop(query)
    }

    @Test func ignoresCommitsOfOtherTypes() async throws {
        let (observer, writer) = try await Q.twoStores()
        let driven = try Driven(observer)
        let (query, recorder) = observe(observer, F.heartRate)
        #expect(await recorder.wait(for: 1).count == 1)
        try await writer.save(Q.steps(1))
        driven.step()
        #expect(recorder.events.count == 1)
        observer.stop(query)
    }

    @Test func descriptorFormReportsWhichTypesChanged() async throws {
        let store = try await Q.store()
        let driven = try Driven(store)
        let recorder = EventRecorder<Set<HKSampleType>>()
        let descriptors = [HKQueryDescriptor(sampleType: F.stepCount, predicate: nil), HKQueryDescriptor(sampleType: F.heartRate, predicate: nil)]
        let query = HKObserverQuery(queryDescriptors: descriptors) { _, types, completion, _ in
            recorder.record(types ?? [])
            completion()
        }
        store.execute(query)
        #expect(await recorder.wait(for: 1).count == 1)
        try await store.save(Q.steps(1))
        driven.monitor.settle()
        let events = recorder.events
        #expect(events.first == [F.stepCount, F.heartRate])
        #expect(events.dropFirst().first == [F.stepCount])
        store.stop(query)
    }

    @Test func backgroundDeliveryFrequencyBoundsNotifications() async throws {
        let (observer, writer) = try await Q.twoStores()
        let driven = try Driven(observer)
        try await observer.enableBackgroundDelivery(for: F.stepCount, frequency: .hourly)
        let (query, recorder) = observe(observer)
        #expect(await recorder.wait(for: 1).count == 1)   // the call every observer query gets when it starts
        try await writer.save(Q.steps(1))
        driven.step()
        #expect(recorder.events.count == 2, "the first change of the hour is delivered")
        try await writer.save(Q.steps(2))
        driven.step()
        try await writer.save(Q.steps(3))
        driven.step(60)
        #expect(recorder.events.count == 2, "changes within the hour wait")
        driven.step(3600 - 60 - 0.1)
        #expect(recorder.events.count == 2, "still within the hour")
        driven.step(0.2)
        #expect(recorder.events.count == 3, "the waiting changes are delivered together once the hour has passed")
        driven.step(3600)
        #expect(recorder.events.count == 3, "nothing was waiting")
        try await observer.disableAllBackgroundDelivery()
        try await writer.save(Q.steps(4))
        driven.step()
        #expect(recorder.events.count == 4, "with delivery disabled nothing is held back")
        observer.stop(query)
    }

    @Test func readDenialHidesOtherAppsCommits() async throws {
        let path = F.temporaryDatabasePath()
        let other = try await Q.store(app: F.otherAppID, storage: try SQLiteHealthStorage(path: path))
        let denied = try F.store(storage: try SQLiteHealthStorage(path: path), prompt: FixedAuthorizationPrompt(allows: false))
        let driven = try Driven(denied)
        let (query, recorder) = observe(denied)
        #expect(await recorder.wait(for: 1).count == 1)
        try await other.save(Q.steps(1))
        driven.step()
        #expect(recorder.events.count == 1)  // only the call at start
        denied.stop(query)
    }
}
