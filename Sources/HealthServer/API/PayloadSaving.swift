import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// What a batch save does beyond turning samples into records, for the kinds HealthKit saves its own way: a workout
/// route is attached to its workout as `HKWorkoutRouteBuilder.finishRoute(with:metadata:)` attaches it, and
/// electrocardiograms are the person's own (HealthKit gives apps read-only access to them).
///
/// A route names its workout (`route.workout`): one in the same batch, or one already stored (an app's route needs the
/// app's own workout, as `add(_:to:)` does, and the app's permission to share workouts). It is stored as the workout's
/// child in the batch's one transaction, so it is never seen half-made or without its workout: it becomes queryable
/// whole, as a finished route does, `HKQuery.predicateForObjects(from: workout)` finds it, and deleting the workout
/// deletes it.
struct PayloadSaving {
    /// Each route's workout, by the route's UUID.
    let routeParents: [UUID: UUID]

    /// Refuses an app's save of an electrocardiogram (403, with HealthKit's reason): only the person's own access may
    /// save one, as a sync of their watch's recordings.
    static func requireSavable(_ sample: HKSample, place: String, access: APIAccess) throws {
        guard sample is HKElectrocardiogram, !access.isOwner else { return }
        throw ServerError.forbidden("\(place).type: apps cannot save electrocardiograms (HealthKit gives apps read-only access to them); "
            + "only the person's own token may, as a sync of their recordings")
    }

    /// Finds each route's workout among `samples` (the batch, in the request's order, `wires` beside them) or in the
    /// store; throws naming the route when its workout is neither, is not a workout, or (for an app) is another app's.
    init(_ wires: [WireSample], _ samples: [HKSample], access: APIAccess) throws {
        var parents: [UUID: UUID] = [:]
        var wanted: [UUID: String] = [:]
        let workouts = Set(samples.compactMap { ($0 as? HKWorkout)?.uuid })
        for (index, (wire, sample)) in zip(wires, samples).enumerated() where sample is HKWorkoutRoute {
            guard let workout = wire.route?.workout else { continue }
            parents[sample.uuid] = workout
            if !workouts.contains(workout) { wanted[workout] = "samples[\(index)].route.workout" }
        }
        routeParents = parents
        guard !wanted.isEmpty else { return }
        let storage = try access.store.storage()
        let found = try storage.records(matching: .and([.uuids(Set(wanted.keys)), .kinds([.workout])]), sort: [], limit: nil,
                                        includePayload: false)
        let bySource = Dictionary(found.map { ($0.uuid, $0.source.bundleIdentifier) }, uniquingKeysWith: { first, _ in first })
        for (workout, place) in wanted.sorted(by: { $0.value < $1.value }) {
            guard let source = bySource[workout] else {
                throw ServerError.badRequest("\(place): the workout \(workout) is not in the store; save it first or in the same batch")
            }
            if !access.isOwner, source != access.store.app.bundleIdentifier {
                throw HKError(.errorAuthorizationDenied, "\(place): not authorized to add a route to \(workout): it was saved by \(source)")
            }
        }
    }

    /// The records of `samples`: routes after everything else, each the child of its workout.
    func records(for samples: [HKSample]) throws -> [SampleRecord] {
        var first: [SampleRecord] = [], routes: [SampleRecord] = []
        for sample in samples {
            var records = try ObjectMapping.records(from: sample)
            if let parent = routeParents[sample.uuid] {
                records[0].parent = parent
                routes += records
            } else {
                first += records
            }
        }
        return first + routes
    }

    /// The types beyond the samples' own that saving `samples` needs permission to share: workouts, when a route is
    /// added to one (as `add(_:to:)` needs).
    func sharing(for samples: [HKSample]) -> [HKObjectType] {
        samples.contains { routeParents[$0.uuid] != nil } ? [HKObjectType.workoutType()] : []
    }
}
