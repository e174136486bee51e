import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import OpenHealthKitSQLite
import OpenHealthKitTestSupport
import Testing

/// One home per store: every HKHealthStore opened on a file in this process shares one storage instance (one
/// connection pool), one change monitor and one set of statistics caches; and every write, whatever door it came in
/// by, wakes that store's long-running queries at once through the engine's change feed, without waiting for a poll.
@Suite struct StoreHomeTests {
    typealias F = StoreFixture
    typealias W = WorkoutBuilderFixture

    @Test func storesOnOneFileShareOneStorageAndOneHome() throws {
        let path = F.temporaryDatabasePath()
        let first = try HKHealthStore(databasePath: path, app: HKSource(name: "A", bundleIdentifier: "org.example.a"))
        let second = try HKHealthStore(databasePath: "\(path)", app: HKSource(name: "B", bundleIdentifier: "org.example.b"))
        let owner = try HKHealthStore.owner(databasePath: URL(fileURLWithPath: path).standardizedFileURL.path)
        let storage = try first.storage() as AnyObject
        #expect(try second.storage() as AnyObject === storage)
        #expect(try owner.storage() as AnyObject === storage)
        #expect(StoreHome.of(try first.storage()) === StoreHome.of(try owner.storage()))
        #expect(first.queryCenter?.monitor === second.queryCenter?.monitor)
        #expect(first.queryCenter !== second.queryCenter, "background-delivery intervals stay per app")
        let elsewhere = try HKHealthStore(databasePath: F.temporaryDatabasePath(), app: HKSource(name: "A", bundleIdentifier: "org.example.a"))
        #expect(try elsewhere.storage() as AnyObject !== storage)
    }

    /// Two stores on one file with a poll interval of an hour: only the change feed can wake the observer in time.
    private func storesThatNeverPoll() async throws -> (observer: HKHealthStore, writer: HKHealthStore) {
        let path = F.temporaryDatabasePath()
        let environment = ["OPENHEALTHKIT_AUTHORIZATION": "allow"]
        let observer = try HKHealthStore(databasePath: path, app: HKSource(name: "Obs", bundleIdentifier: "org.example.obs"),
                                         environment: environment)
        let writer = try HKHealthStore(databasePath: path, app: HKSource(name: "W", bundleIdentifier: F.appID), environment: environment)
        let types: Set<HKSampleType> = [.workoutType(), W.energyType, W.distanceType, W.heartRateType, F.stepCount]
        for store in [observer, writer] {
            try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }).union([.activitySummaryType()]))
        }
        observer.changePollingInterval = 3600
        return (observer, writer)
    }

    private func observe(_ store: HKHealthStore, _ type: HKSampleType) -> (HKObserverQuery, EventRecorder<Date>) {
        let recorder = EventRecorder<Date>()
        let query = HKObserverQuery(sampleType: type, predicate: nil) { _, completion, error in
            if error == nil { recorder.record(Date()) }
            completion()
        }
        store.execute(query)
        return (query, recorder)
    }

    @Test func aSaveWakesObserversWithoutAPoll() async throws {
        let (observer, writer) = try await storesThatNeverPoll()
        let (query, recorder) = observe(observer, F.stepCount)
        #expect(await recorder.wait(for: 1).count == 1)
        try await writer.save(QueryFixture.steps(10))
        #expect(await recorder.wait(for: 2).count == 2)
        observer.stop(query)
    }

    @Test func theWorkoutBuilderWakesObserversWithoutAPoll() async throws {
        let (observer, writer) = try await storesThatNeverPoll()
        let (query, recorder) = observe(observer, .workoutType())
        #expect(await recorder.wait(for: 1).count == 1)
        let builder = W.runningBuilder(writer)
        try await builder.beginCollection(at: W.at(0))
        try await builder.addSamples([W.energy(50, from: 0, to: 5)])
        try await builder.endCollection(at: W.at(5))
        _ = try await builder.finishWorkout()
        #expect(await recorder.wait(for: 2).count == 2)
        observer.stop(query)
    }

    @Test func activitySummariesWakeTheirQueryWithoutAPoll() async throws {
        let (observer, writer) = try await storesThatNeverPoll()
        let updates = EventRecorder<Int>()
        let query = HKActivitySummaryQuery(predicate: nil) { _, summaries, _ in updates.record(summaries?.count ?? -1) }
        query.updateHandler = { _, summaries, _ in updates.record(summaries?.count ?? -1) }
        observer.execute(query)
        #expect(await updates.wait(for: 1) == [0])
        let summary = HKActivitySummary()
        var day = DateComponents(year: 2024, month: 3, day: 1)
        day.calendar = Calendar(identifier: .gregorian)
        summary.day = day
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 400)
        try await writer.saveActivitySummaries([summary])
        #expect(await updates.wait(for: 2).count == 2)
        observer.stop(query)
    }
}
