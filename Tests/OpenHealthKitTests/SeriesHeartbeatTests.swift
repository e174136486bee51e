import Foundation
import HealthDatabase
import OpenHealthKit
import Testing

@Suite("Heartbeat series: HKHeartbeatSeriesBuilder, HKHeartbeatSeriesQuery and the store")
struct SeriesHeartbeatTests {
    typealias S = SeriesFixture

    /// Beats a bit under a second apart, with a gap before the fifth.
    static let beats: [(TimeInterval, Bool)] = [(0.4, false), (1.25, false), (2.1, false), (2.93, false), (6.02, true), (6.85, false)]

    /// A store on a new file whose app saved a series of ``beats``.
    static func storeWithSeries(path: String = StoreFixture.temporaryDatabasePath()) async throws -> (HKHealthStore, HKHeartbeatSeriesSample) {
        let store = try S.store(path: path)
        try await S.authorize(store)
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: .local(), start: S.start)
        for (time, gap) in beats { try await builder.addHeartbeat(at: time, precededByGap: gap) }
        try await builder.addMetadata(["Context": "resting"])
        return (store, try await builder.finishSeries())
    }

    @Test("builder -> save -> HKSampleQuery -> heartbeat query: one call per beat in order, gaps kept, done on the last")
    func builderToQuery() async throws {
        let (store, series) = try await Self.storeWithSeries()
        #expect(series.count == 6)
        #expect(series.startDate == S.start && series.endDate == S.start.addingTimeInterval(6.85))

        let found = try await QueryFixture.samples(store, S.heartbeat)
        let stored = try #require(found.first as? HKHeartbeatSeriesSample)
        #expect(found.count == 1 && stored.uuid == series.uuid && stored.count == 6)
        #expect(stored.metadata?["Context"] as? String == "resting")
        #expect(stored.sourceRevision.source.bundleIdentifier == StoreFixture.appID)

        let calls = await S.beatCalls(store, stored)
        #expect(calls.map(\.time) == Self.beats.map(\.0))
        #expect(calls.map(\.gap) == Self.beats.map(\.1))
        #expect(calls.map(\.done) == [false, false, false, false, false, true])
        #expect(calls.allSatisfy { $0.error == nil })
    }

    @Test("descriptors: HKSampleQueryDescriptor(.heartbeatSeries()) and HKHeartbeatSeriesQueryDescriptor's sequence of beats")
    func descriptors() async throws {
        let (store, series) = try await Self.storeWithSeries()
        let found = try await HKSampleQueryDescriptor(predicates: [.heartbeatSeries()], sortDescriptors: []).result(for: store)
        #expect(found.map(\.uuid) == [series.uuid])
        var beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        for try await beat in HKHeartbeatSeriesQueryDescriptor(found[0]).results(for: store) { beats.append(beat) }
        #expect(beats == Self.beats.map { HKHeartbeatSeriesQueryDescriptor.Heartbeat(timeIntervalSinceStart: $0.0, precededByGap: $0.1) })
    }

    @Test("anchored query reports the series and its deletion; the heartbeat query of a deleted series fails with errorNoData")
    func anchoredAndDeletion() async throws {
        let (store, series) = try await Self.storeWithSeries()
        let (added, _, anchor) = try await QueryFixture.changes(store, S.heartbeat, anchor: nil)
        #expect(added.map(\.uuid) == [series.uuid])
        try await store.delete(series)
        let (addedAfter, deleted, _) = try await QueryFixture.changes(store, S.heartbeat, anchor: anchor)
        #expect(addedAfter.isEmpty && deleted.map(\.uuid) == [series.uuid])
        let calls = await S.beatCalls(store, series)
        #expect(calls.count == 1 && calls[0].done && calls[0].error?.code == .errorNoData)
    }

    @Test("an app denied reading heartbeat series sees nothing of another app's series")
    func readDenied() async throws {
        let path = StoreFixture.temporaryDatabasePath()
        let (_, series) = try await Self.storeWithSeries(path: path)
        let other = try S.store(app: StoreFixture.otherAppID, path: path, readable: false)
        try await S.authorize(other)
        #expect(try await QueryFixture.samples(other, S.heartbeat).isEmpty)
        let calls = await S.beatCalls(other, series)
        #expect(calls.count == 1 && calls[0].error?.code == .errorNoData)
    }

    @Test("beats must not be negative or out of order; a series needs a beat; a finished or discarded builder refuses more")
    func builderRules() async throws {
        let store = try S.store()
        try await S.authorize(store)
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: S.start)
        await #expect(throws: HKError.self) { try await builder.addHeartbeat(at: -1, precededByGap: false) }
        await #expect(throws: HKError.self) { try await builder.finishSeries() }
        try await builder.addHeartbeat(at: 2, precededByGap: false)
        await #expect(throws: HKError.self) { try await builder.addHeartbeat(at: 1, precededByGap: false) }
        let (added, error) = await WorkoutBuilderFixture.completion {
            builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 3, precededByGap: true, completion: $0)
        }
        #expect(added && error == nil)
        let series = try await builder.finishSeries()
        #expect(series.heartbeats.map(\.timeIntervalSinceStart) == [2, 3])
        await #expect(throws: HKError.self) { try await builder.addHeartbeat(at: 4, precededByGap: false) }

        let discarded = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: S.start)
        try await discarded.addHeartbeat(at: 1, precededByGap: false)
        discarded.discard()
        await #expect(throws: HKError.self) { try await discarded.finishSeries() }
        #expect(try await QueryFixture.samples(store, S.heartbeat).count == 1)
    }
}
