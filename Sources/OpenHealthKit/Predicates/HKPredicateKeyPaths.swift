import Foundation

// HealthKit's predicate key paths for `NSPredicate(format:)` that the value layer does not already declare
// (raw values as HealthKit's, see the reference notes §2.6). The store understands the ones ``FormatKeyPath`` lists.

/// Key path of an object's UUID.
public let HKPredicateKeyPathUUID = "UUID"
/// Key path of an object's source.
public let HKPredicateKeyPathSource = "source"
/// Key path of an object's source revision.
public let HKPredicateKeyPathSourceRevision = "sourceRevision"
/// Key path of an object's device.
public let HKPredicateKeyPathDevice = "device"
/// Key path of an object's metadata; a key follows after a dot (`metadata.HKWasUserEntered`).
public let HKPredicateKeyPathMetadata = "metadata"
/// Key path of a sample's start date.
public let HKPredicateKeyPathStartDate = "startDate"
/// Key path of a sample's end date.
public let HKPredicateKeyPathEndDate = "endDate"
/// Key path of a quantity sample's quantity.
public let HKPredicateKeyPathQuantity = "quantity"
/// Key path of a quantity sample's count.
public let HKPredicateKeyPathCount = "count"
/// Key path of a workout's total distance.
public let HKPredicateKeyPathWorkoutTotalDistance = "totalDistance"
/// Key path of a workout's total energy burned.
public let HKPredicateKeyPathWorkoutTotalEnergyBurned = "totalEnergyBurned"
/// Key path of a workout's total swimming stroke count.
public let HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// Key path of a cumulative quantity sample's sum (HealthKit's raw value is `quantity`, as for the quantity itself).
public let HKPredicateKeyPathSum = "quantity"
/// Key path of a discrete quantity sample's average (raw value `quantity`).
public let HKPredicateKeyPathAverage = "quantity"
/// Key path of a discrete quantity sample's minimum.
public let HKPredicateKeyPathMin = "min"
/// Key path of a discrete quantity sample's maximum.
public let HKPredicateKeyPathMax = "max"
/// Key path of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecent = "most_recent"
/// Key path of the start date of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecentStartDate = "most_recent_start_date"
/// Key path of the end date of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecentEndDate = "most_recent_end_date"
/// Key path of the duration of a discrete quantity sample's most recent value (not filtered by the store).
public let HKPredicateKeyPathMostRecentDuration = "most_recent_duration"
/// Key path of an activity summary's day (iOS 9.3): compare it with date components naming a day (era, year, month,
/// day), `NSPredicate(format: "%K == %@", HKPredicateKeyPathDateComponents, components)`, as
/// `HKQuery.predicateForActivitySummary(with:)` does. HealthKit does not document the raw value; the key path names
/// `HKActivitySummary`'s date components.
public let HKPredicateKeyPathDateComponents = "dateComponents"
