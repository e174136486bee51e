public import Foundation
import HealthDatabase
public import HealthKitModel

extension HKQuery {
    /// Workout effort samples (`workoutEffortScore`, `estimatedWorkoutEffortScore`) related to `workout` as a whole when
    /// `activity` is nil, or to its `activity` (iOS 18). Samples related to one of a workout's activities are not
    /// related to the workout as a whole, as in `HKWorkoutEffortRelationship.samples`; an activity that is not one of
    /// the workout's matches nothing. See `HKHealthStore.relateWorkoutEffortSample(_:with:activity:completion:)`.
    public class func predicateForWorkoutEffortSamplesRelated(workout: HKWorkout, activity: HKWorkoutActivity?) -> NSPredicate {
        SampleFilterPredicate(WorkoutEffort.relatedFilter(to: workout, activity: activity))
    }
}
