// Routes and heartbeat series written as iOS code: `import CoreLocation` and `import HealthKit`, the builders and
// queries used the way Apple's "Creating a workout route" and "Reading route data" articles describe.
import CoreLocation
import Foundation
import HealthKit
import Testing

@Suite("Routes and heartbeat series as HealthKit apps record and read them")
struct SeriesScenarios {
    @Test("record a route with HKWorkoutRouteBuilder, find it by its workout, read its CLLocations with HKWorkoutRouteQuery")
    func routeLifecycle() async throws {
        let healthStore = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath()).healthStore()
        try await healthStore.requestAuthorization(toShare: [HKObjectType.workoutType(), HKSeriesType.workoutRoute()],
                                                   read: [HKObjectType.workoutType(), HKSeriesType.workoutRoute()])
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let routeBuilder = HKWorkoutRouteBuilder(healthStore: healthStore, device: nil)
        var updates: [CLLocation] = []
        for second in 0..<300 {
            updates.append(CLLocation(coordinate: CLLocationCoordinate2D(latitude: 47.6 + Double(second) * 1e-5, longitude: -122.3),
                                      altitude: 20, horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 1.1,
                                      timestamp: start.addingTimeInterval(Double(second))))
        }
        let filtered = updates.filter { $0.horizontalAccuracy <= 50.0 }
        try await routeBuilder.insertRouteData(filtered)

        let workout = HKWorkout(activityType: .walking, start: start, end: start.addingTimeInterval(300))
        try await healthStore.save(workout)
        let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)

        // Reading route data: an anchored query for the workout's routes, then a route query per route.
        let runningObjectQuery = HKQuery.predicateForObjects(from: workout)
        let routes: [HKWorkoutRoute] = try await withCheckedThrowingContinuation { continuation in
            let routeQuery = HKAnchoredObjectQuery(type: HKSeriesType.workoutRoute(), predicate: runningObjectQuery, anchor: nil,
                                                   limit: HKObjectQueryNoLimit) { _, samples, _, _, error in
                guard error == nil, let samples else { return continuation.resume(throwing: error!) }
                continuation.resume(returning: samples.compactMap { $0 as? HKWorkoutRoute })
            }
            healthStore.execute(routeQuery)
        }
        #expect(routes.map(\.uuid) == [route.uuid])

        let collected: [CLLocation] = try await withCheckedThrowingContinuation { continuation in
            let box = LocationBox()
            let query = HKWorkoutRouteQuery(route: routes[0]) { _, locationsOrNil, done, errorOrNil in
                if let error = errorOrNil { return continuation.resume(throwing: error) }
                guard let locations = locationsOrNil else { fatalError("*** Invalid State: This can only fail if there was an error. ***") }
                box.append(locations)
                if done { continuation.resume(returning: box.all) }
            }
            healthStore.execute(query)
        }
        #expect(collected.count == 300)
        let distance = zip(collected, collected.dropFirst()).reduce(0.0) { $0 + $1.1.distance(from: $1.0) }
        #expect(abs(distance - 299 * 1.11) < 1, "each step north is about 1.11 m, got \(distance)")
    }

    @Test("record a heartbeat series with HKHeartbeatSeriesBuilder and read the beats with HKHeartbeatSeriesQueryDescriptor")
    func heartbeatLifecycle() async throws {
        let healthStore = try ScenarioDevice().healthStore()
        try await healthStore.requestAuthorization(toShare: [HKSeriesType.heartbeat()], read: [HKSeriesType.heartbeat()])
        let builder = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: .local(), start: Date())
        for (index, time) in [0.8, 1.62, 2.41, 4.9].enumerated() {
            try await builder.addHeartbeat(at: time, precededByGap: index == 3)
        }
        let series = try await builder.finishSeries()
        let descriptor = HKHeartbeatSeriesQueryDescriptor(series)
        var beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        for try await heartbeat in descriptor.results(for: healthStore) { beats.append(heartbeat) }
        #expect(beats.map(\.timeIntervalSinceStart) == [0.8, 1.62, 2.41, 4.9])
        #expect(beats.map(\.precededByGap) == [false, false, false, true])
    }
}

/// Locations gathered across handler calls.
private final class LocationBox: @unchecked Sendable {
    private let lock = NSLock()
    private var locations: [CLLocation] = []
    func append(_ more: [CLLocation]) { lock.withLock { locations += more } }
    var all: [CLLocation] { lock.withLock { locations } }
}
