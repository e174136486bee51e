import Foundation
public import HealthKitModel
#if canImport(CoreLocation)
public import CoreLocation
#endif

/// Builds a workout's route from location updates and saves it as an `HKWorkoutRoute` associated with the workout
/// (iOS 11).
///
/// Insert locations as they come during the workout (in any order: the route keeps them in time order), save the
/// workout, then `finishRoute(with:metadata:)`: the route (start: the first location, end: the last) is saved as the
/// workout's, so `HKQuery.predicateForObjects(from: workout)` finds it, and deleting the workout deletes it. Finishing
/// needs the workout in the store, at least one location and sharing authorization for `HKSeriesType.workoutRoute()`.
/// `discard()` drops everything. Completion handlers run on a background queue.
open class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private let collector: SeriesCollector<WorkoutRouteLocation>
    private let device: HKDevice?

    /// Creates a builder for a route recorded by `device`, saved to `healthStore`.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        collector = SeriesCollector(store: healthStore, noun: "route")
        self.device = device
        super.init()
    }

    /// Adds locations to the route.
    public func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let locations = routeData.map(WorkoutRouteLocation.init)
        collector.update(completion) { $0.items += locations }
    }

    /// Adds locations to the route; throws as `insertRouteData(_:completion:)` reports.
    public func insertRouteData(_ routeData: [CLLocation]) async throws {
        let locations = routeData.map(WorkoutRouteLocation.init)
        try await collector.update { $0.items += locations }
    }

    /// Adds metadata to the route (values for keys already added replace them); invalid metadata fails.
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        collector.addMetadata(metadata, completion: completion)
    }

    /// Adds metadata to the route; throws as `addMetadata(_:completion:)` reports.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        try await collector.addMetadata(metadata)
    }

    /// Creates the route, saves it and associates it with `workout` (already saved); `metadata` is added to what was
    /// added before. The handler gets the saved route.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?,
                            completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void) {
        let checked = MetadataBox.validated(metadata ?? [:])
        let workoutID = workout.uuid
        collector.finish({ try self.makeRoute($0, workout: workoutID, metadata: checked.get().value) }, completion: completion)
    }

    /// Creates, saves and associates the route; throws as `finishRoute(with:metadata:completion:)` reports.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        let checked = MetadataBox.validated(metadata ?? [:])
        let workoutID = workout.uuid
        return try await collector.finish { try self.makeRoute($0, workout: workoutID, metadata: checked.get().value) }
    }

    /// Finishes the route with `workout` (already saved) when it is still collecting and has locations: what a workout
    /// builder does for the route builder it handed out (`seriesBuilder(for:)`). Failures leave the route unsaved.
    func finishIfCollecting(with workout: HKWorkout) {
        _ = try? collector.finishNow { try makeRoute($0, workout: workout.uuid, metadata: [:]) }
    }

    /// Drops the locations and metadata added; nothing is saved, and later calls fail.
    public override func discard() {
        collector.discard()
    }

    private func makeRoute(_ contents: SeriesCollector<WorkoutRouteLocation>.Contents, workout: UUID,
                           metadata: [String: Any]) throws -> HKWorkoutRoute {
        let locations = contents.items.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
        guard let first = locations.first, let last = locations.last else {
            throw HKError(.errorInvalidArgument, "A workout route needs at least one location")
        }
        let merged = contents.metadata.merging(metadata) { $1 }
        let route = HKWorkoutRoute(locations: locations, start: first.timestamp, end: last.timestamp, uuid: ObjectUUID.make(),
                                   sourceRevision: collector.store.appRevision, device: device, metadata: merged.isEmpty ? nil : merged)
        try collector.store.store([route], associatedWith: workout)
        return route
    }
}
