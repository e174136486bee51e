public import Foundation
import HealthDatabase
public import HealthKitModel
#if canImport(CoreLocation)
public import CoreLocation
#endif

/// Reads the locations of a workout route, in time order and in batches (iOS 11).
///
/// The handler is called once per batch of at most ``batchSize`` locations; the last call has `done` true (an empty
/// route gives one call with no locations and `done` true). With a date interval only the locations inside it are
/// delivered (none when it does not overlap the route). The app needs read access to `HKSeriesType.workoutRoute()`
/// (or the route must be its own); a route that is no longer stored, or not readable, gives one call with nil
/// locations, `done` true and `HKError(.errorNoData)`.
open class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, a batch of locations (nil on error), whether this is the last call, an error.
    public typealias DataHandler = @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    /// How many locations one call of the handler carries at most (OpenHealthKit's batch size).
    static let batchSize = 200

    private let route: HKWorkoutRoute
    private let dateInterval: DateInterval?
    private let dataHandler: DataHandler

    /// Reads every location of `workoutRoute`.
    public init(route workoutRoute: HKWorkoutRoute, dataHandler: @escaping DataHandler) {
        route = workoutRoute
        dateInterval = nil
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    /// Reads the locations of `workoutRoute` recorded within `dateInterval` (iOS 16).
    public init(route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval, dataHandler: @escaping DataHandler) {
        route = workoutRoute
        self.dateInterval = dateInterval
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    package override func start(_ run: QueryRun) {
        guard var locations = SeriesReading.stored(route, for: self, on: run)?.locations else { return }
        if let dateInterval { locations = locations.filter { dateInterval.contains($0.timestamp) } }
        var start = 0
        repeat {
            guard !run.isCancelled else { return }
            let end = min(start + Self.batchSize, locations.count)
            let batch = locations[start..<end].map(CLLocation.init)
            if end == locations.count { execution.finish() }
            dataHandler(self, batch, end == locations.count, nil)
            start = end
        } while start < locations.count
    }

    package override func fail(_ error: HKError) {
        execution.finish()
        dataHandler(self, nil, true, error)
    }
}
