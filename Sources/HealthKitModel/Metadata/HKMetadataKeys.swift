import Foundation

// HealthKit's metadata keys for samples in general, devices, lab results and health events.
// Raw values are HealthKit's: iOS 8-era keys are "HK" + name, most later keys keep their full symbol name.

/// The serial number of the device that created the object (String).
public let HKMetadataKeyDeviceSerialNumber: String = "HKDeviceSerialNumber"
/// Where a body temperature reading was taken (NSNumber holding an ``HKBodyTemperatureSensorLocation``).
public let HKMetadataKeyBodyTemperatureSensorLocation: String = "HKBodyTemperatureSensorLocation"
/// Where a heart rate reading was taken (NSNumber holding an ``HKHeartRateSensorLocation``).
public let HKMetadataKeyHeartRateSensorLocation: String = "HKHeartRateSensorLocation"
/// The context of a heart rate reading (NSNumber holding an ``HKHeartRateMotionContext``).
public let HKMetadataKeyHeartRateMotionContext: String = "HKMetadataKeyHeartRateMotionContext"
/// The user's motion when the sample was taken (NSNumber holding an ``HKUserMotionContext``).
public let HKMetadataKeyUserMotionContext: String = "HKMetadataKeyUserMotionContext"
/// A per-session estimate before longitudinal smoothing (HKQuantity compatible with the sample's unit).
public let HKMetadataKeySessionEstimate: String = "HKMetadataKeySessionEstimate"
/// The test used to determine a heart rate recovery value (NSNumber holding an ``HKHeartRateRecoveryTestType``).
public let HKMetadataKeyHeartRateRecoveryTestType: String = "HKMetadataKeyHeartRateRecoveryTestType"
/// The activity before a heart rate recovery value (NSNumber holding an `HKWorkoutActivityType`).
public let HKMetadataKeyHeartRateRecoveryActivityType: String = "HKMetadataKeyHeartRateRecoveryActivityType"
/// The duration of the activity before a heart rate recovery value (HKQuantity, time).
public let HKMetadataKeyHeartRateRecoveryActivityDuration: String = "HKMetadataKeyHeartRateRecoveryActivityDuration"
/// The maximum heart rate observed during a heart rate recovery interval (HKQuantity, count/min).
public let HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate: String = "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"
/// The type of food consumed, e.g. "Banana" (String).
public let HKMetadataKeyFoodType: String = "HKFoodType"
/// The device identifier portion of a device's UDI (String; prefer ``HKDevice``).
public let HKMetadataKeyUDIDeviceIdentifier: String = "HKUDIDeviceIdentifier"
/// The production identifier portion of a device's UDI (String; discouraged).
public let HKMetadataKeyUDIProductionIdentifier: String = "HKUDIProductionIdentifier"
/// A base64 CMS signature validating the origin of the object's value (String).
public let HKMetadataKeyDigitalSignature: String = "HKDigitalSignature"
/// An identifier set by the source; uniqueness is not enforced (String).
public let HKMetadataKeyExternalUUID: String = "HKExternalUUID"
/// The source's identifier for the object; a newer ``HKMetadataKeySyncVersion`` replaces the old object (String).
public let HKMetadataKeySyncIdentifier: String = "HKMetadataKeySyncIdentifier"
/// The version of the object identified by ``HKMetadataKeySyncIdentifier`` (NSNumber).
public let HKMetadataKeySyncVersion: String = "HKMetadataKeySyncVersion"
/// The user's time zone when the object was created, an `NSTimeZone` name (String).
public let HKMetadataKeyTimeZone: String = "HKTimeZone"
/// The name of the device that took the reading (String; prefer ``HKDevice``).
public let HKMetadataKeyDeviceName: String = "HKDeviceName"
/// The manufacturer of the device that took the reading (String; prefer ``HKDevice``).
public let HKMetadataKeyDeviceManufacturerName: String = "HKDeviceManufacturerName"
/// Whether the reading was taken in a lab (NSNumber holding a Bool).
public let HKMetadataKeyWasTakenInLab: String = "HKWasTakenInLab"
/// The lower limit of a lab result's reference range (NSNumber).
public let HKMetadataKeyReferenceRangeLowerLimit: String = "HKReferenceRangeLowerLimit"
/// The upper limit of a lab result's reference range (NSNumber).
public let HKMetadataKeyReferenceRangeUpperLimit: String = "HKReferenceRangeUpperLimit"
/// Whether the user entered the reading (NSNumber holding a Bool).
public let HKMetadataKeyWasUserEntered: String = "HKWasUserEntered"
/// Whether protection was used during sexual activity (NSNumber holding a Bool).
public let HKMetadataKeySexualActivityProtectionUsed: String = "HKSexualActivityProtectionUsed"
/// Whether the sample starts a menstrual cycle; required for menstrual flow samples (NSNumber holding a Bool).
public let HKMetadataKeyMenstrualCycleStart: String = "HKMenstrualCycleStart"
/// Why insulin was delivered; required for insulin delivery samples (NSNumber holding an ``HKInsulinDeliveryReason``).
public let HKMetadataKeyInsulinDeliveryReason: String = "HKInsulinDeliveryReason"
/// How a blood glucose reading relates to a meal (NSNumber holding an ``HKBloodGlucoseMealTime``).
public let HKMetadataKeyBloodGlucoseMealTime: String = "HKBloodGlucoseMealTime"
/// The test that produced a VO2 max sample (NSNumber holding an ``HKVO2MaxTestType``).
public let HKMetadataKeyVO2MaxTestType: String = "HKVO2MaxTestType"
/// The heart rate that triggered a heart rate event (HKQuantity, count/min).
public let HKMetadataKeyHeartRateEventThreshold: String = "HKHeartRateEventThreshold"
/// The audio level of an audio exposure event (HKQuantity, dBASPL).
public let HKMetadataKeyAudioExposureLevel: String = "HKMetadataKeyAudioExposureLevel"
/// The time covered by audio exposure samples (HKQuantity, time).
public let HKMetadataKeyAudioExposureDuration: String = "HKMetadataKeyAudioExposureDuration"
/// The ECG algorithm version used for an electrocardiogram (NSNumber holding an ``HKAppleECGAlgorithmVersion``).
public let HKMetadataKeyAppleECGAlgorithmVersion: String = "HKMetadataKeyAppleECGAlgorithmVersion"
/// Where the device was worn during a walking bout (NSNumber holding an ``HKDevicePlacementSide``).
public let HKMetadataKeyDevicePlacementSide: String = "HKMetadataKeyDevicePlacementSide"
/// The barometric pressure when the sample was recorded (HKQuantity, pressure).
public let HKMetadataKeyBarometricPressure: String = "HKMetadataKeyBarometricPressure"
/// Whether the value was estimated with sufficient device calibration data (NSNumber holding a Bool; read-only).
public let HKMetadataKeyAppleDeviceCalibrated: String = "HKMetadataKeyAppleDeviceCalibrated"
/// A VO2 max value, e.g. for cardio fitness events (HKQuantity, ml/kg·min).
public let HKMetadataKeyVO2MaxValue: String = "HKVO2MaxValue"
/// The threshold below which VO2 max counts as low (HKQuantity, ml/kg·min).
public let HKMetadataKeyLowCardioFitnessEventThreshold: String = "HKLowCardioFitnessEventThreshold"
/// The earliest date of the data an estimate used (Date).
public let HKMetadataKeyDateOfEarliestDataUsedForEstimate: String = "HKDateOfEarliestDataUsedForEstimate"
/// The version of the algorithm that generated the sample (NSNumber).
public let HKMetadataKeyAlgorithmVersion: String = "HKAlgorithmVersion"
/// Whether the quantity was clamped to a lower bound (NSNumber holding a Bool).
public let HKMetadataKeyQuantityClampedToLowerBound: String = "HKMetadataKeyQuantityClampedToLowerBound"
/// Whether the quantity was clamped to an upper bound (NSNumber holding a Bool).
public let HKMetadataKeyQuantityClampedToUpperBound: String = "HKMetadataKeyQuantityClampedToUpperBound"
/// What a glasses prescription is for, e.g. reading (String).
public let HKMetadataKeyGlassesPrescriptionDescription: String = "HKMetadataKeyGlassesPrescriptionDescription"
/// The headphone gain of a headphone audio exposure event (HKQuantity, dBASPL).
public let HKMetadataKeyHeadphoneGain: String = "HKMetadataKeyHeadphoneGain"
/// The water salinity of an underwater depth or water temperature sample (NSNumber holding an ``HKWaterSalinity``).
public let HKMetadataKeyWaterSalinity: String = "HKMetadataKeyWaterSalinity"
/// The maximum light intensity of a time-in-daylight sample (HKQuantity, lux).
public let HKMetadataKeyMaximumLightIntensity: String = "HKMetadataKeyMaximumLightIntensity"
/// How a physical effort sample was estimated (NSNumber holding an ``HKPhysicalEffortEstimationType``).
public let HKMetadataKeyPhysicalEffortEstimationType: String = "HKPhysicalEffortEstimationType"
