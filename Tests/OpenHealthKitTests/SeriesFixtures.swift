import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing
#if canImport(CoreLocation)
import CoreLocation
import OpenHealthKitTestSupport
#endif

/// Stores on SQLite files, locations and query runners for the series tests (routes, heartbeat series).
enum SeriesFixture {
    typealias F = StoreFixture
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let route = HKSeriesType.workoutRoute()
    static let heartbeat = HKSeriesType.heartbeat()
    static let seriesTypes: Set<HKSampleType> = [.workoutType(), route, heartbeat]

    /// A store of `app` on the database file at `path` (a new file unless given) that may share and read workouts and
    /// series, or only share them when `readable` is false.
    static func store(app: String = F.appID, path: String = F.temporaryDatabasePath(), readable: Bool = true) throws -> HKHealthStore {
        let store = try F.store(app: app, storage: try SQLiteHealthStorage(path: path), prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: readable ? request.typesToRead : [])
        })
        store.changePollingInterval = 0.01
        return store
    }

    /// Asks for sharing and reading of workouts and series.
    static func authorize(_ store: HKHealthStore) async throws {
        try await store.requestAuthorization(toShare: seriesTypes, read: Set(seriesTypes.map { $0 as HKObjectType }))
    }

    /// `count` locations a second apart heading north from (52, 13), `first` seconds after ``start``.
    static func locations(_ count: Int, first: Int = 0) -> [CLLocation] {
        (first..<(first + count)).map { index in
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52 + Double(index) * 0.0001, longitude: 13),
                       altitude: Double(index), horizontalAccuracy: 5, verticalAccuracy: 3, course: 0, speed: 2.5,
                       timestamp: start.addingTimeInterval(Double(index)))
        }
    }

    /// A saved running workout over the first hour after ``start``.
    static func savedWorkout(_ store: HKHealthStore) async throws -> HKWorkout {
        let workout = HKWorkout(activityType: .running, start: start, end: start.addingTimeInterval(3600))
        try await store.save(workout)
        return workout
    }

    /// What one call of a route query's handler carried.
    struct RouteBatch: Sendable {
        let locations: [CLLocation]?
        let done: Bool
        let error: HKError?
    }

    /// Runs a route query (over `interval` if given) and returns every call of its handler.
    static func routeBatches(_ store: HKHealthStore, _ route: HKWorkoutRoute, interval: DateInterval? = nil) async -> [RouteBatch] {
        let recorder = EventRecorder<RouteBatch>()
        let handler: HKWorkoutRouteQuery.DataHandler = { _, locations, done, error in
            recorder.record(RouteBatch(locations: locations, done: done, error: error as? HKError))
        }
        let query = interval.map { HKWorkoutRouteQuery(route: route, dateInterval: $0, dataHandler: handler) }
            ?? HKWorkoutRouteQuery(route: route, dataHandler: handler)
        store.execute(query)
        return await wait(recorder, query) { $0.last?.done == true }
    }

    /// What one call of a heartbeat query's handler carried.
    struct BeatCall: Sendable {
        let time: TimeInterval
        let gap: Bool
        let done: Bool
        let error: HKError?
    }

    /// Runs a heartbeat series query and returns every call of its handler.
    static func beatCalls(_ store: HKHealthStore, _ series: HKHeartbeatSeriesSample) async -> [BeatCall] {
        let recorder = EventRecorder<BeatCall>()
        let query = HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
            recorder.record(BeatCall(time: time, gap: gap, done: done, error: error as? HKError))
        }
        store.execute(query)
        return await wait(recorder, query) { $0.last?.done == true }
    }

    /// Waits (up to five seconds) until `finished` holds for the events, then until the handler calls `query` already
    /// scheduled have run, so that a stray call after the last shows.
    static func wait<Event>(_ recorder: EventRecorder<Event>, _ query: HKQuery,
                            until finished: @escaping ([Event]) -> Bool) async -> [Event] {
        await recorder.wait(until: finished)
        query.execution.settle()
        return recorder.events
    }
}
