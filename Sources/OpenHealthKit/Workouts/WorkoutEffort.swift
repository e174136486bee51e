package import Foundation
package import HealthDatabase
package import HealthKitModel

/// What relating workout effort samples to workouts stores, and the rules it checks (iOS 18).
///
/// A related effort sample is a child record: of the workout when it is related to the workout as a whole, of the
/// activity's record (see ``WorkoutActivityRecords``) when it is related to one of the workout's activities. A sample
/// has one parent, so relating it again moves it, and unrelating it makes it a top-level sample again. Effort samples
/// cannot be added to a workout the older way (`add(_:to:)`, `HKWorkoutBuilder`), as in HealthKit, so an effort
/// record under a workout or an activity is always a relation.
package enum WorkoutEffort {
    /// The quantity types that can be related: `workoutEffortScore` and `estimatedWorkoutEffortScore`.
    package static let types: [HKQuantityType] = [HKQuantityType(.workoutEffortScore), HKQuantityType(.estimatedWorkoutEffortScore)]

    /// The identifiers of ``types``.
    package static let typeIdentifiers = Set(types.map(\.identifier))

    /// The record an effort sample related to `workout` (or to its `activity`) has as its parent.
    package static func parent(of workout: HKWorkout, activity: HKWorkoutActivity?) -> UUID {
        activity.map { WorkoutActivityRecords.recordUUID(of: $0.uuid, in: workout.uuid) } ?? workout.uuid
    }

    /// The samples related to `workout` (or to its `activity`, when given): effort records under ``parent(of:activity:)``.
    package static func relatedFilter(to workout: HKWorkout, activity: HKWorkoutActivity?) -> SampleFilter {
        .and([.types(typeIdentifiers), .parent(parent(of: workout, activity: activity))])
    }

    /// Throws ``HKError/Code/errorInvalidArgument`` unless `type` (a sample's type identifier) is a workout effort type.
    static func requireEffort(_ type: String) throws {
        guard typeIdentifiers.contains(type) else {
            throw HKError(.errorInvalidArgument, "Sample of type \(type) cannot be related to a workout: "
                          + "only \(typeIdentifiers.sorted().joined(separator: " and ")) samples can")
        }
    }

    /// Throws ``HKError/Code/errorInvalidArgument`` when `samples` hold a workout effort sample: those are related to a
    /// workout, not added to it (HealthKit's own message).
    static func requireNoEffort(_ samples: [HKSample]) throws {
        if let effort = samples.first(where: { typeIdentifiers.contains($0.sampleType.identifier) }) {
            throw HKError(.errorInvalidArgument, "Sample of type \(effort.sampleType.identifier) must be related to a workout "
                          + "with relateWorkoutEffortSample(_:with:activity:completion:)")
        }
    }

    /// Throws ``HKError/Code/errorInvalidArgument`` unless `workout` is stored and `activity` (when given) is one of its
    /// activities.
    static func requireStored(_ workout: HKWorkout, activity: HKWorkoutActivity?, in storage: any HealthStorage) throws {
        let found = try storage.count(matching: .and([.uuids([workout.uuid]), .kinds([.workout])]))
        guard found == 1 else {
            throw HKError(.errorInvalidArgument, "The workout \(workout.uuid) is not in the store: save it first")
        }
        if let activity, !workout.workoutActivities.contains(where: { $0.uuid == activity.uuid }) {
            throw HKError(.errorInvalidArgument, "The activity \(activity.uuid) is not one of the workout \(workout.uuid)'s activities")
        }
    }
}
