import Foundation
public import HealthKitModel
#if canImport(CoreLocation)
public import CoreLocation
#endif

/// Reads a workout route's locations as an asynchronous sequence, in time order (iOS 15.4).
///
/// `results(for:)` runs an ``HKWorkoutRouteQuery``; the sequence ends after the last location and fails with the
/// query's error (`HKError(.errorNoData)` for a route that is no longer stored or not readable).
public struct HKWorkoutRouteQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// The route whose locations are read.
    public var workoutRoute: HKWorkoutRoute

    /// Creates a descriptor for `workoutRoute`.
    public init(_ workoutRoute: HKWorkoutRoute) {
        self.workoutRoute = workoutRoute
    }

    /// The route's locations, one element each.
    public func results(for healthStore: HKHealthStore) -> Results {
        let route = workoutRoute
        return Results(store: healthStore) { continuation in
            HKWorkoutRouteQuery(route: route) { _, locations, done, error in
                guard let locations else { return continuation.finish(throwing: error) }
                for location in locations { continuation.yield(location) }
                if done { continuation.finish() }
            }
        }
    }

    /// The sequence `results(for:)` returns: the route's locations.
    public typealias Results = QueryResultSequence<CLLocation>
}
