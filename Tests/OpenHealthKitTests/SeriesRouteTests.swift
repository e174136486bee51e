import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing
#if canImport(CoreLocation)
import CoreLocation
#endif

@Suite("Workout routes: HKWorkoutRouteBuilder, HKWorkoutRouteQuery and the store")
struct SeriesRouteTests {
    typealias S = SeriesFixture

    /// A store with a saved workout and a route of `count` locations finished with it (inserted in two calls, the
    /// later half first).
    static func storeWithRoute(_ count: Int = 450, path: String = StoreFixture.temporaryDatabasePath())
        async throws -> (HKHealthStore, HKWorkout, HKWorkoutRoute) {
        let store = try S.store(path: path)
        try await S.authorize(store)
        let workout = try await S.savedWorkout(store)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: .local())
        try await builder.insertRouteData(S.locations(count - count / 2, first: count / 2))
        try await builder.insertRouteData(S.locations(count / 2))
        try await builder.addMetadata(["Smoothed": "yes"])
        let route = try await builder.finishRoute(with: workout, metadata: [HKMetadataKeySyncIdentifier: "route-1", HKMetadataKeySyncVersion: 1])
        return (store, workout, route)
    }

    @Test("builder -> save -> HKSampleQuery -> route query: every location in time order, in batches, done on the last")
    func builderToQuery() async throws {
        let (store, _, route) = try await Self.storeWithRoute()
        #expect(route.count == 450)
        #expect(route.startDate == S.start && route.endDate == S.start.addingTimeInterval(449))

        let found = try await QueryFixture.samples(store, S.route)
        #expect(found.count == 1)
        let stored = try #require(found.first as? HKWorkoutRoute)
        #expect(stored.uuid == route.uuid && stored.count == 450)
        #expect(stored.metadata?["Smoothed"] as? String == "yes")
        #expect(stored.metadata?[HKMetadataKeySyncIdentifier] as? String == "route-1")

        let batches = await S.routeBatches(store, stored)
        #expect(batches.map { $0.locations?.count ?? -1 } == [200, 200, 50])
        #expect(batches.map(\.done) == [false, false, true])
        #expect(batches.allSatisfy { $0.error == nil })
        let locations = batches.flatMap { $0.locations ?? [] }
        let expected = S.locations(450)
        #expect(locations.map(\.timestamp) == expected.map(\.timestamp))
        #expect(locations.map(\.coordinate.latitude) == expected.map(\.coordinate.latitude))
        #expect(locations.map(\.altitude) == expected.map(\.altitude))
        #expect(locations.allSatisfy { $0.horizontalAccuracy == 5 && $0.verticalAccuracy == 3 && $0.speed == 2.5 && $0.course == 0 })
    }

    @Test("predicateForObjects(from: workout) finds the route; a date interval keeps only the locations inside it")
    func workoutPredicateAndInterval() async throws {
        let (store, workout, route) = try await Self.storeWithRoute(30)
        let other = try await S.savedWorkout(store)
        let ofWorkout = try await QueryFixture.samples(store, S.route, predicate: HKQuery.predicateForObjects(from: workout))
        #expect(ofWorkout.map(\.uuid) == [route.uuid])
        #expect(try await QueryFixture.samples(store, S.route, predicate: HKQuery.predicateForObjects(from: other)).isEmpty)

        let inside = await S.routeBatches(store, route, interval: DateInterval(start: S.start.addingTimeInterval(10), duration: 5))
        #expect(inside.count == 1 && inside[0].done)
        #expect(inside[0].locations?.map { $0.timestamp.timeIntervalSince(S.start) } == [10, 11, 12, 13, 14, 15])
        let outside = await S.routeBatches(store, route, interval: DateInterval(start: S.start.addingTimeInterval(-100), duration: 50))
        #expect(outside.count == 1 && outside[0].done && outside[0].locations?.isEmpty == true)
    }

    @Test("descriptors: HKSampleQueryDescriptor(.workoutRoute()) and HKWorkoutRouteQueryDescriptor's sequence of locations")
    func descriptors() async throws {
        let (store, _, route) = try await Self.storeWithRoute(250)
        let routes = try await HKSampleQueryDescriptor(predicates: [.workoutRoute()], sortDescriptors: []).result(for: store)
        #expect(routes.map(\.uuid) == [route.uuid])
        var times: [TimeInterval] = []
        for try await location in HKWorkoutRouteQueryDescriptor(routes[0]).results(for: store) {
            times.append(location.timestamp.timeIntervalSince(S.start))
        }
        #expect(times == (0..<250).map(Double.init))
    }

    @Test("anchored query: the route is reported, and deleting its workout reports the route deleted; the route query then fails")
    func anchoredAndDeletion() async throws {
        let (store, workout, route) = try await Self.storeWithRoute(10)
        let (added, deleted, anchor) = try await QueryFixture.changes(store, S.route, anchor: nil)
        #expect(added.map(\.uuid) == [route.uuid] && deleted.isEmpty)
        #expect((added.first as? HKWorkoutRoute)?.locations.count == 10)

        try await store.delete(workout)
        let (addedAfter, deletedAfter, _) = try await QueryFixture.changes(store, S.route, anchor: anchor)
        #expect(addedAfter.isEmpty)
        #expect(deletedAfter.map(\.uuid) == [route.uuid])
        #expect(deletedAfter.first?.metadata?[HKMetadataKeySyncIdentifier] as? String == "route-1")
        #expect(try await QueryFixture.samples(store, S.route).isEmpty)

        let batches = await S.routeBatches(store, route)
        #expect(batches.count == 1 && batches[0].done && batches[0].locations == nil)
        #expect(batches[0].error?.code == .errorNoData)
    }

    @Test("an app denied reading routes sees no other app's route: not in sample queries, and the route query finds nothing")
    func readDenied() async throws {
        let path = StoreFixture.temporaryDatabasePath()
        let (_, _, route) = try await Self.storeWithRoute(10, path: path)
        let other = try S.store(app: StoreFixture.otherAppID, path: path, readable: false)
        try await S.authorize(other)
        #expect(try await QueryFixture.samples(other, S.route).isEmpty)
        let batches = await S.routeBatches(other, route)
        #expect(batches.count == 1 && batches[0].error?.code == .errorNoData)

        let reader = try S.store(app: "org.example.reader", path: path)
        try await S.authorize(reader)
        #expect(try await QueryFixture.samples(reader, S.route).map(\.uuid) == [route.uuid])
        #expect(await S.routeBatches(reader, route).flatMap { $0.locations ?? [] }.count == 10)
    }

    @Test("finishing needs a saved workout and locations; a finished or discarded builder refuses everything")
    func builderRules() async throws {
        let store = try S.store()
        try await S.authorize(store)
        let unsaved = HKWorkout(activityType: .running, start: S.start, end: S.start.addingTimeInterval(60))
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData(S.locations(3))
        await #expect(throws: HKError.self) { try await builder.finishRoute(with: unsaved, metadata: nil) }
        let workout = try await S.savedWorkout(store)
        let empty = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        await #expect(throws: HKError.self) { try await empty.finishRoute(with: workout, metadata: nil) }
        // After a failed finish the builder still works.
        let route = try await builder.finishRoute(with: workout, metadata: nil)
        #expect(route.count == 3)
        await #expect(throws: HKError.self) { try await builder.insertRouteData(S.locations(1)) }

        let discarded = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await discarded.insertRouteData(S.locations(2))
        discarded.discard()
        await #expect(throws: HKError.self) { try await discarded.finishRoute(with: workout, metadata: nil) }
        #expect(try await QueryFixture.samples(store, S.route).count == 1)
    }

    @Test("a workout replaced by a higher sync version keeps its route: the route moves to the new version, as associated samples do")
    func replacedWorkoutKeepsRoute() async throws {
        let store = try S.store()
        try await S.authorize(store)
        let multisport = try WorkoutActivityFixture.triathlon()
        let first = try HKWorkout.checked(activityType: .swimBikeRun, start: multisport.startDate, end: multisport.endDate,
                                          workoutActivities: multisport.workoutActivities,
                                          metadata: [HKMetadataKeySyncIdentifier: "tri", HKMetadataKeySyncVersion: 1])
        try await store.save(first)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData(S.locations(5))
        let route = try await builder.finishRoute(with: first, metadata: nil)

        let second = try HKWorkout.checked(activityType: .swimBikeRun, start: first.startDate, end: first.endDate,
                                           workoutActivities: Array(first.workoutActivities.prefix(2)),
                                           metadata: [HKMetadataKeySyncIdentifier: "tri", HKMetadataKeySyncVersion: 2])
        try await store.save(second)
        let routes = try await QueryFixture.samples(store, S.route, predicate: HKQuery.predicateForObjects(from: second))
        #expect(routes.map(\.uuid) == [route.uuid], "the route now belongs to the new version")
        #expect(await S.routeBatches(store, route).flatMap { $0.locations ?? [] }.count == 5)
        let cycling = HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling))
        let running = HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .running))
        #expect(try await QueryFixture.samples(store, .workoutType(), predicate: cycling).map(\.uuid) == [second.uuid])
        #expect(try await QueryFixture.samples(store, .workoutType(), predicate: running).isEmpty,
                "the old version's activities are gone with it")
    }

    @Test("an app needs sharing authorization for routes to finish one")
    func sharingNeeded() async throws {
        let store = try StoreFixture.store(storage: try SQLiteHealthStorage(path: StoreFixture.temporaryDatabasePath()))
        try await store.requestAuthorization(toShare: [.workoutType()], read: [])
        let workout = try await S.savedWorkout(store)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData(S.locations(2))
        await #expect(throws: HKError.self) { try await builder.finishRoute(with: workout, metadata: nil) }
    }
}
