import Foundation
import HealthDatabase
import HealthKitModel

// Relating workout effort samples to workouts (iOS 18): HealthKit's only way to attach a workoutEffortScore or
// estimatedWorkoutEffortScore sample to a workout. See WorkoutEffort for how a relation is stored.
extension HKHealthStore {
    /// What `relateWorkoutEffortSample(_:with:activity:completion:)` does, in one transaction.
    ///
    /// `sample` must be a `workoutEffortScore` or `estimatedWorkoutEffortScore` quantity sample; a sample not yet in
    /// the store is saved with the relation, one already stored (the app's own) is related. A sample has one relation:
    /// relating it again moves it to the new workout or activity. A workout may have any number of related samples
    /// (`HKWorkoutEffortRelationshipQueryOptions.mostRelevant` picks one). `workout` must be in the store (any app's)
    /// and `activity`, when given, one of its `workoutActivities`. Deleting the workout deletes its related samples.
    /// The app needs sharing authorization for workouts and for the sample's type. Errors:
    /// ``HKError/Code/errorInvalidArgument`` (not an effort sample, workout not stored, foreign activity),
    /// ``HKError/Code/errorAuthorizationDenied`` / ``HKError/Code/errorAuthorizationNotDetermined`` (sharing, or a
    /// stored sample another app saved).
    func relate(_ sample: HKSample, to workout: HKWorkout, activity: HKWorkoutActivity?) throws {
        try WorkoutEffort.requireEffort(sample.sampleType.identifier)
        let storage = try storage()
        let sharing = [HKObjectType.workoutType(), sample.sampleType]
        try requireSharing(sharing, in: storage)
        try WorkoutEffort.requireStored(workout, activity: activity, in: storage)
        let parent = WorkoutEffort.parent(of: workout, activity: activity)
        if let stored = try ownStoredRecord(of: sample, in: storage) {
            try WorkoutEffort.requireEffort(stored.type)
            try writer.save([], associating: SampleAssociation(parent: parent, members: [stored.uuid]), sharing: sharing, rules: .app)
        } else {
            var records = try ObjectMapping.records(from: sample)
            records[0].parent = parent
            try writer.save(records, sharing: sharing, rules: .app)
        }
    }

    /// What `unrelateWorkoutEffortSample(_:from:activity:completion:)` does: moves `sample` out from under the
    /// workout or activity it is related to.
    ///
    /// It must be related to exactly that workout and activity (a sample related to one of the workout's activities is
    /// not unrelated by passing a nil activity), else ``HKError/Code/errorInvalidArgument``; it must be the app's own
    /// sample, else ``HKError/Code/errorAuthorizationDenied``. The app needs sharing authorization as for relating.
    func unrelate(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?) throws {
        try WorkoutEffort.requireEffort(sample.sampleType.identifier)
        let storage = try storage()
        let sharing = [HKObjectType.workoutType(), sample.sampleType]
        try requireSharing(sharing, in: storage)
        let parent = WorkoutEffort.parent(of: workout, activity: activity)
        guard let stored = try ownStoredRecord(of: sample, in: storage), stored.parent == parent else {
            let to = activity.map { "the activity \($0.uuid) of " } ?? ""
            throw HKError(.errorInvalidArgument, "The sample \(sample.uuid) is not related to \(to)the workout \(workout.uuid)")
        }
        try writer.save([], associating: SampleAssociation(parent: nil, members: [stored.uuid]), sharing: sharing, rules: .app)
    }

    /// The stored record of `sample`, if it is stored; throws ``HKError/Code/errorAuthorizationDenied`` when another
    /// app saved it.
    private func ownStoredRecord(of sample: HKSample, in storage: any HealthStorage) throws -> SampleRecord? {
        guard let record = try storage.records(matching: .uuids([sample.uuid]), sort: [], limit: 1, includePayload: false).first else {
            return nil
        }
        guard record.source.bundleIdentifier == app.bundleIdentifier else {
            throw HKError(.errorAuthorizationDenied,
                          "Not authorized to relate \(record.uuid) to a workout: it was saved by \(record.source.bundleIdentifier)")
        }
        return record
    }
}
