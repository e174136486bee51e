import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's workout predicates: comparisons on the `@workout…` fields the mapping stores (see WorkoutMapping).
// Activity predicates and predicateForWorkouts(activityPredicate:) are in HKQuery+WorkoutActivityPredicates.swift.
// Quantities are converted to the canonical unit of the quantity type the field holds; an incompatible unit
// traps as HealthKit does.
extension HKQuery {
    /// Workouts of `workoutActivityType`.
    public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.workoutActivityType, .equal, .number(Double(workoutActivityType.rawValue))))
    }

    /// Workouts whose duration (seconds) compares to `duration`.
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, duration: TimeInterval) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.workoutDuration, Comparison(operatorType), .number(duration)))
    }

    /// Workouts whose active energy burned compares to `totalEnergyBurned`.
    @available(*, deprecated, message: "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:)")
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, totalEnergyBurned: HKQuantity) -> NSPredicate {
        workoutStatistic(.sum, .activeEnergyBurned, operatorType, totalEnergyBurned)
    }

    /// Workouts whose total distance (whatever distance type it is filed under) compares to `totalDistance`.
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, totalDistance: HKQuantity) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.workoutTotalDistance, Comparison(operatorType), .number(totalDistance.doubleValue(for: .meter()))))
    }

    /// Workouts whose swimming stroke count compares to `totalSwimmingStrokeCount`.
    @available(*, deprecated, message: "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:)")
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, totalSwimmingStrokeCount: HKQuantity) -> NSPredicate {
        workoutStatistic(.sum, .swimmingStrokeCount, operatorType, totalSwimmingStrokeCount)
    }

    /// Workouts whose flights climbed compare to `totalFlightsClimbed`.
    @available(*, deprecated, message: "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:)")
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, totalFlightsClimbed: HKQuantity) -> NSPredicate {
        workoutStatistic(.sum, .flightsClimbed, operatorType, totalFlightsClimbed)
    }

    /// Workouts whose sum of `quantityType` (a cumulative type) compares to `sumQuantity`.
    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType, sumQuantity: HKQuantity) -> NSPredicate {
        workoutStatistic(.sum, quantityType, operatorType, sumQuantity)
    }

    /// Workouts whose minimum of `quantityType` (a discrete type) compares to `minimumQuantity`.
    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType, minimumQuantity: HKQuantity) -> NSPredicate {
        workoutStatistic(.min, quantityType, operatorType, minimumQuantity)
    }

    /// Workouts whose maximum of `quantityType` (a discrete type) compares to `maximumQuantity`.
    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType, maximumQuantity: HKQuantity) -> NSPredicate {
        workoutStatistic(.max, quantityType, operatorType, maximumQuantity)
    }

    /// Workouts whose average of `quantityType` (a discrete type) compares to `averageQuantity`.
    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType, averageQuantity: HKQuantity) -> NSPredicate {
        workoutStatistic(.average, quantityType, operatorType, averageQuantity)
    }

    private class func workoutStatistic(
        _ statistic: FieldKey.WorkoutStatistic, _ identifier: HKQuantityTypeIdentifier, _ operatorType: ComparisonOperator, _ quantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(statistic, HKQuantityType(identifier), operatorType, quantity)
    }

    private class func workoutStatistic(
        _ statistic: FieldKey.WorkoutStatistic, _ type: HKQuantityType, _ operatorType: ComparisonOperator, _ quantity: HKQuantity
    ) -> NSPredicate {
        SampleFilterPredicate(statisticFilter(FieldKey.workout(statistic, type), type, operatorType, quantity))
    }
}
