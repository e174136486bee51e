import Foundation

// HealthKit's workout predicate key paths and sort identifiers beyond the iOS 8 ones (raw values as HealthKit's, see
// the reference notes §2.6). `NSPredicate(format:)` filters on the total flights climbed; the statistic and activity
// key paths are used through HealthKit's predicate factories (`predicateForWorkouts(operatorType:quantityType:…)`,
// `predicateForWorkoutActivities…`), which OpenHealthKit compiles without them.

/// Key path of a workout's total flights climbed.
public let HKPredicateKeyPathWorkoutTotalFlightsClimbed = "totalFlightsClimbed"
/// Key path of a workout's sum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutSumQuantity = "sumQuantity"
/// Key path of a workout's minimum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutMinimumQuantity = "minimumQuantity"
/// Key path of a workout's maximum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutMaximumQuantity = "maximumQuantity"
/// Key path of a workout's average for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutAverageQuantity = "averageQuantity"
/// Key path of a workout's activities (iOS 16).
public let HKPredicateKeyPathWorkoutActivity = "workoutActivity"
/// Key path of a workout activity's activity type (iOS 16).
public let HKPredicateKeyPathWorkoutActivityType = "activityType"
/// Key path of a workout activity's duration (iOS 16).
public let HKPredicateKeyPathWorkoutActivityDuration = "activityDuration"
/// Key path of a workout activity's start date (iOS 16).
public let HKPredicateKeyPathWorkoutActivityStartDate = "activityStartDate"
/// Key path of a workout activity's end date (iOS 16).
public let HKPredicateKeyPathWorkoutActivityEndDate = "activityEndDate"
/// Key path of a workout activity's sum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutActivitySumQuantity = "activitySumQuantity"
/// Key path of a workout activity's minimum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutActivityMinimumQuantity = "activityMinimumQuantity"
/// Key path of a workout activity's maximum for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutActivityMaximumQuantity = "activityMaximumQuantity"
/// Key path of a workout activity's average for a quantity type (iOS 16).
public let HKPredicateKeyPathWorkoutActivityAverageQuantity = "activityAverageQuantity"
/// Key path of a workout effort sample's association with a workout (iOS 18).
public let HKPredicateKeyPathWorkoutEffortRelationship = "ratingOfExertionAssociation"
/// Sort key for a workout's flights climbed (iOS 11; the bare key path, as for swimming strokes — unconfirmed).
public let HKWorkoutSortIdentifierTotalFlightsClimbed: String = "totalFlightsClimbed"

/// The iOS 12 series sample class, replaced by ``HKCumulativeQuantitySample`` in iOS 13.
@available(*, deprecated, renamed: "HKCumulativeQuantitySample")
public typealias HKCumulativeQuantitySeriesSample = HKCumulativeQuantitySample
