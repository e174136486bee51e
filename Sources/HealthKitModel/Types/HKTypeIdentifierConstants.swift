import Foundation

// String constants HealthKit declares outside the identifier structs, and identifiers of the
// single-instance types that HealthKit does not publish as constants.

/// The identifier of the workout type (`HKObjectType.workoutType()`).
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"

/// The identifier of the workout route series type (iOS 11).
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"

/// The identifier of the heartbeat series type (iOS 13).
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"

/// The identifier of the vision prescription type (iOS 16).
///
/// The raw value is assumed to equal the symbol name (not independently confirmed).
public let HKVisionPrescriptionTypeIdentifier = "HKVisionPrescriptionTypeIdentifier"

/// The identifier of the state of mind type (iOS 18). Note the raw value lacks "Identifier".
public let HKDataTypeIdentifierStateOfMind = "HKDataTypeStateOfMind"

/// The identifier of `HKObjectType.activitySummaryType()`.
///
/// OpenHealthKit extension: HealthKit publishes no constant. The value was observed in app code
/// (low confidence).
public let HKActivitySummaryTypeIdentifier = "HKActivitySummaryTypeIdentifier"

/// The identifier of `HKObjectType.audiogramSampleType()`.
///
/// OpenHealthKit extension: HealthKit publishes no constant. The value appears in Health app
/// export.xml files (medium confidence).
public let HKDataTypeIdentifierAudiogram = "HKDataTypeIdentifierAudiogram"

/// The identifier of `HKObjectType.electrocardiogramType()`.
///
/// OpenHealthKit extension: HealthKit publishes no constant. The value was observed in app code
/// (low confidence).
public let HKDataTypeIdentifierElectrocardiogram = "HKDataTypeIdentifierElectrocardiogram"
