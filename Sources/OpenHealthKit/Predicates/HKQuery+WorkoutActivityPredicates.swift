import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's workout-activity predicates (iOS 16). They describe one activity of a multisport workout and
// are only valid inside `predicateForWorkouts(activityPredicate:)`, which selects the workouts with at least
// one activity matching every condition. Each compiles to a condition on the activity records
// (see WorkoutActivityRecords), marked by `types(["HKWorkoutActivity"])`; a query whose predicate holds such a
// condition outside `predicateForWorkouts(activityPredicate:)` fails with errorInvalidArgument (see
// `sampleFilter(from:)`). Quantities are converted to the canonical unit of the quantity type; an incompatible
// unit traps as HealthKit does.
extension HKQuery {
    /// Workout activities of `workoutActivityType`; wrap it in ``predicateForWorkouts(activityPredicate:)``.
    public class func predicateForWorkoutActivities(workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        activity(.field(FieldKey.activityType, .equal, .number(Double(workoutActivityType.rawValue))))
    }

    /// Workout activities whose active duration (seconds) compares to `duration`.
    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, duration: TimeInterval) -> NSPredicate {
        activity(.field(FieldKey.activityDuration, Comparison(operatorType), .number(duration)))
    }

    /// Workout activities whose interval meets the window `[start, end)` as `options` say (the rules of
    /// ``predicateForSamples(withStart:end:options:)``); an activity still in progress ends with its workout.
    public class func predicateForWorkoutActivities(start startDate: Date?, end endDate: Date?, options: HKQueryOptions = []) -> NSPredicate {
        activity(.window(DateWindow(start: startDate, end: endDate, strictStart: options.contains(.strictStartDate),
                                    strictEnd: options.contains(.strictEndDate))))
    }

    /// Workout activities whose sum of `quantityType` (a cumulative type) compares to `sumQuantity`.
    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    sumQuantity: HKQuantity) -> NSPredicate {
        activityStatistic(.sum, quantityType, operatorType, sumQuantity)
    }

    /// Workout activities whose minimum of `quantityType` (a discrete type) compares to `minimumQuantity`.
    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    minimumQuantity: HKQuantity) -> NSPredicate {
        activityStatistic(.min, quantityType, operatorType, minimumQuantity)
    }

    /// Workout activities whose maximum of `quantityType` (a discrete type) compares to `maximumQuantity`.
    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    maximumQuantity: HKQuantity) -> NSPredicate {
        activityStatistic(.max, quantityType, operatorType, maximumQuantity)
    }

    /// Workout activities whose average of `quantityType` (a discrete type) compares to `averageQuantity`.
    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    averageQuantity: HKQuantity) -> NSPredicate {
        activityStatistic(.average, quantityType, operatorType, averageQuantity)
    }

    /// Workouts with at least one activity matching every condition of `activityPredicate`: activity
    /// predicates, combined with `NSCompoundPredicate` AND/OR/NOT as usual (NOT applies to the one activity).
    ///
    /// An `activityPredicate` the store cannot run (a block predicate, say) gives a predicate that fails the
    /// query with `errorInvalidArgument`, as such a predicate would on its own.
    public class func predicateForWorkouts(activityPredicate: NSPredicate) -> NSPredicate {
        do {
            let condition = try activityConditionFilter(from: activityPredicate)
            return SampleFilterPredicate(.hasChild(.and([.types([WorkoutActivityRecords.recordType]), condition])))
        } catch {
            let failing = NSPredicate(value: false)
            PredicateFormatRegistry.shared.register(failing, .failure(error))
            return failing
        }
    }

    /// The filter comparing the statistic field `key`, held in `type`'s canonical unit, with `quantity`.
    static func statisticFilter(_ key: String, _ type: HKQuantityType, _ operatorType: ComparisonOperator,
                                _ quantity: HKQuantity) -> SampleFilter {
        .field(key, Comparison(operatorType), .number(quantity.doubleValue(for: type.canonicalUnit)))
    }

    private class func activityStatistic(_ statistic: FieldKey.WorkoutStatistic, _ type: HKQuantityType,
                                         _ operatorType: ComparisonOperator, _ quantity: HKQuantity) -> NSPredicate {
        activity(statisticFilter(FieldKey.activity(statistic, type), type, operatorType, quantity))
    }

    private class func activity(_ condition: SampleFilter) -> NSPredicate {
        SampleFilterPredicate(WorkoutActivityFilter.marked(condition))
    }
}

/// How activity conditions are told apart from conditions on the queried samples.
package enum WorkoutActivityFilter {
    /// `condition` marked as one on activity records: `and([types(["HKWorkoutActivity"]), condition])`.
    package static func marked(_ condition: SampleFilter) -> SampleFilter {
        .and([.types([WorkoutActivityRecords.recordType]), condition])
    }

    /// Whether `filter` holds an activity condition outside any `hasChild` (a bare activity predicate).
    package static func hasBareActivityCondition(_ filter: SampleFilter) -> Bool {
        switch filter {
        case .types(let types): return types.contains(WorkoutActivityRecords.recordType)
        case .and(let filters), .or(let filters): return filters.contains(where: hasBareActivityCondition)
        case .not(let filter): return hasBareActivityCondition(filter)
        default: return false
        }
    }
}
