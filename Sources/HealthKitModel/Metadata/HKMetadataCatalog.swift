import Foundation

// OpenHealthKit extension: a catalog of HealthKit's public metadata keys, so the importer and the
// validator know which keys are HealthKit's and what kind of value each one holds.
public enum MetadataCatalog {
    /// The kind of value HealthKit expects under a metadata key.
    public enum ValueKind: Hashable, Sendable {
        /// A `String`.
        case string
        /// An `NSNumber`: any integer, floating-point number or `Bool`.
        case number
        /// A `Date`.
        case date
        /// An `HKQuantity`.
        case quantity
        /// An `NSNumber` holding one of the listed raw values of a HealthKit enumeration.
        case enumeration(name: String, validValues: [Int])

        /// The `.enumeration` kind for a HealthKit enumeration type.
        static func enumeration<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> ValueKind where E.RawValue == Int {
            .enumeration(name: String(describing: type), validValues: type.allCases.map(\.rawValue))
        }
    }

    /// One HealthKit metadata key.
    public struct Entry: Hashable, Sendable {
        /// The key's raw value, as stored in metadata dictionaries and export.xml (e.g. `"HKFoodType"`).
        public let key: String
        /// The name of HealthKit's constant (e.g. `"HKMetadataKeyFoodType"`).
        public let symbolName: String
        /// The kind of value the key holds.
        public let valueKind: ValueKind
    }

    /// Every public HealthKit metadata key, sorted by symbol name.
    public static let entries: [Entry] = [
        Entry(key: HKMetadataKeyActivityType, symbolName: "HKMetadataKeyActivityType", valueKind: .number),
        Entry(key: HKMetadataKeyAlgorithmVersion, symbolName: "HKMetadataKeyAlgorithmVersion", valueKind: .number),
        Entry(key: HKMetadataKeyAlpineSlopeGrade, symbolName: "HKMetadataKeyAlpineSlopeGrade", valueKind: .quantity),
        Entry(key: HKMetadataKeyAppleDeviceCalibrated, symbolName: "HKMetadataKeyAppleDeviceCalibrated", valueKind: .number),
        Entry(key: HKMetadataKeyAppleECGAlgorithmVersion, symbolName: "HKMetadataKeyAppleECGAlgorithmVersion", valueKind: .enumeration(HKAppleECGAlgorithmVersion.self)),
        Entry(key: HKMetadataKeyAppleFitnessPlusCatalogIdentifier, symbolName: "HKMetadataKeyAppleFitnessPlusCatalogIdentifier", valueKind: .string),
        Entry(key: HKMetadataKeyAppleFitnessPlusSession, symbolName: "HKMetadataKeyAppleFitnessPlusSession", valueKind: .number),
        Entry(key: HKMetadataKeyAudioExposureDuration, symbolName: "HKMetadataKeyAudioExposureDuration", valueKind: .quantity),
        Entry(key: HKMetadataKeyAudioExposureLevel, symbolName: "HKMetadataKeyAudioExposureLevel", valueKind: .quantity),
        Entry(key: HKMetadataKeyAverageMETs, symbolName: "HKMetadataKeyAverageMETs", valueKind: .quantity),
        Entry(key: HKMetadataKeyAverageSpeed, symbolName: "HKMetadataKeyAverageSpeed", valueKind: .quantity),
        Entry(key: HKMetadataKeyBarometricPressure, symbolName: "HKMetadataKeyBarometricPressure", valueKind: .quantity),
        Entry(key: HKMetadataKeyBloodGlucoseMealTime, symbolName: "HKMetadataKeyBloodGlucoseMealTime", valueKind: .enumeration(HKBloodGlucoseMealTime.self)),
        Entry(key: HKMetadataKeyBodyTemperatureSensorLocation, symbolName: "HKMetadataKeyBodyTemperatureSensorLocation", valueKind: .enumeration(HKBodyTemperatureSensorLocation.self)),
        Entry(key: HKMetadataKeyCoachedWorkout, symbolName: "HKMetadataKeyCoachedWorkout", valueKind: .number),
        Entry(key: HKMetadataKeyCrossTrainerDistance, symbolName: "HKMetadataKeyCrossTrainerDistance", valueKind: .quantity),
        Entry(key: HKMetadataKeyCyclingFunctionalThresholdPowerTestType, symbolName: "HKMetadataKeyCyclingFunctionalThresholdPowerTestType", valueKind: .enumeration(HKCyclingFunctionalThresholdPowerTestType.self)),
        Entry(key: HKMetadataKeyDateOfEarliestDataUsedForEstimate, symbolName: "HKMetadataKeyDateOfEarliestDataUsedForEstimate", valueKind: .date),
        Entry(key: HKMetadataKeyDeviceManufacturerName, symbolName: "HKMetadataKeyDeviceManufacturerName", valueKind: .string),
        Entry(key: HKMetadataKeyDeviceName, symbolName: "HKMetadataKeyDeviceName", valueKind: .string),
        Entry(key: HKMetadataKeyDevicePlacementSide, symbolName: "HKMetadataKeyDevicePlacementSide", valueKind: .enumeration(HKDevicePlacementSide.self)),
        Entry(key: HKMetadataKeyDeviceSerialNumber, symbolName: "HKMetadataKeyDeviceSerialNumber", valueKind: .string),
        Entry(key: HKMetadataKeyDigitalSignature, symbolName: "HKMetadataKeyDigitalSignature", valueKind: .string),
        Entry(key: HKMetadataKeyElevationAscended, symbolName: "HKMetadataKeyElevationAscended", valueKind: .quantity),
        Entry(key: HKMetadataKeyElevationDescended, symbolName: "HKMetadataKeyElevationDescended", valueKind: .quantity),
        Entry(key: HKMetadataKeyExternalUUID, symbolName: "HKMetadataKeyExternalUUID", valueKind: .string),
        Entry(key: HKMetadataKeyFitnessMachineDuration, symbolName: "HKMetadataKeyFitnessMachineDuration", valueKind: .quantity),
        Entry(key: HKMetadataKeyFoodType, symbolName: "HKMetadataKeyFoodType", valueKind: .string),
        Entry(key: HKMetadataKeyGlassesPrescriptionDescription, symbolName: "HKMetadataKeyGlassesPrescriptionDescription", valueKind: .string),
        Entry(key: HKMetadataKeyGroupFitness, symbolName: "HKMetadataKeyGroupFitness", valueKind: .number),
        Entry(key: HKMetadataKeyHeadphoneGain, symbolName: "HKMetadataKeyHeadphoneGain", valueKind: .quantity),
        Entry(key: HKMetadataKeyHeartRateEventThreshold, symbolName: "HKMetadataKeyHeartRateEventThreshold", valueKind: .quantity),
        Entry(key: HKMetadataKeyHeartRateMotionContext, symbolName: "HKMetadataKeyHeartRateMotionContext", valueKind: .enumeration(HKHeartRateMotionContext.self)),
        Entry(key: HKMetadataKeyHeartRateRecoveryActivityDuration, symbolName: "HKMetadataKeyHeartRateRecoveryActivityDuration", valueKind: .quantity),
        Entry(key: HKMetadataKeyHeartRateRecoveryActivityType, symbolName: "HKMetadataKeyHeartRateRecoveryActivityType", valueKind: .number),
        Entry(key: HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate, symbolName: "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate", valueKind: .quantity),
        Entry(key: HKMetadataKeyHeartRateRecoveryTestType, symbolName: "HKMetadataKeyHeartRateRecoveryTestType", valueKind: .enumeration(HKHeartRateRecoveryTestType.self)),
        Entry(key: HKMetadataKeyHeartRateSensorLocation, symbolName: "HKMetadataKeyHeartRateSensorLocation", valueKind: .enumeration(HKHeartRateSensorLocation.self)),
        Entry(key: HKMetadataKeyIndoorBikeDistance, symbolName: "HKMetadataKeyIndoorBikeDistance", valueKind: .quantity),
        Entry(key: HKMetadataKeyIndoorWorkout, symbolName: "HKMetadataKeyIndoorWorkout", valueKind: .number),
        Entry(key: HKMetadataKeyInsulinDeliveryReason, symbolName: "HKMetadataKeyInsulinDeliveryReason", valueKind: .enumeration(HKInsulinDeliveryReason.self)),
        Entry(key: HKMetadataKeyLapLength, symbolName: "HKMetadataKeyLapLength", valueKind: .quantity),
        Entry(key: HKMetadataKeyLowCardioFitnessEventThreshold, symbolName: "HKMetadataKeyLowCardioFitnessEventThreshold", valueKind: .quantity),
        Entry(key: HKMetadataKeyMaximumLightIntensity, symbolName: "HKMetadataKeyMaximumLightIntensity", valueKind: .quantity),
        Entry(key: HKMetadataKeyMaximumSpeed, symbolName: "HKMetadataKeyMaximumSpeed", valueKind: .quantity),
        Entry(key: HKMetadataKeyMenstrualCycleStart, symbolName: "HKMetadataKeyMenstrualCycleStart", valueKind: .number),
        Entry(key: HKMetadataKeyPhysicalEffortEstimationType, symbolName: "HKMetadataKeyPhysicalEffortEstimationType", valueKind: .enumeration(HKPhysicalEffortEstimationType.self)),
        Entry(key: HKMetadataKeyQuantityClampedToLowerBound, symbolName: "HKMetadataKeyQuantityClampedToLowerBound", valueKind: .number),
        Entry(key: HKMetadataKeyQuantityClampedToUpperBound, symbolName: "HKMetadataKeyQuantityClampedToUpperBound", valueKind: .number),
        Entry(key: HKMetadataKeyReferenceRangeLowerLimit, symbolName: "HKMetadataKeyReferenceRangeLowerLimit", valueKind: .number),
        Entry(key: HKMetadataKeyReferenceRangeUpperLimit, symbolName: "HKMetadataKeyReferenceRangeUpperLimit", valueKind: .number),
        Entry(key: HKMetadataKeySWOLFScore, symbolName: "HKMetadataKeySWOLFScore", valueKind: .number),
        Entry(key: HKMetadataKeySessionEstimate, symbolName: "HKMetadataKeySessionEstimate", valueKind: .quantity),
        Entry(key: HKMetadataKeySexualActivityProtectionUsed, symbolName: "HKMetadataKeySexualActivityProtectionUsed", valueKind: .number),
        Entry(key: HKMetadataKeySwimmingLocationType, symbolName: "HKMetadataKeySwimmingLocationType", valueKind: .enumeration(HKWorkoutSwimmingLocationType.self)),
        Entry(key: HKMetadataKeySwimmingStrokeStyle, symbolName: "HKMetadataKeySwimmingStrokeStyle", valueKind: .enumeration(HKSwimmingStrokeStyle.self)),
        Entry(key: HKMetadataKeySyncIdentifier, symbolName: "HKMetadataKeySyncIdentifier", valueKind: .string),
        Entry(key: HKMetadataKeySyncVersion, symbolName: "HKMetadataKeySyncVersion", valueKind: .number),
        Entry(key: HKMetadataKeyTimeZone, symbolName: "HKMetadataKeyTimeZone", valueKind: .string),
        Entry(key: HKMetadataKeyUDIDeviceIdentifier, symbolName: "HKMetadataKeyUDIDeviceIdentifier", valueKind: .string),
        Entry(key: HKMetadataKeyUDIProductionIdentifier, symbolName: "HKMetadataKeyUDIProductionIdentifier", valueKind: .string),
        Entry(key: HKMetadataKeyUserMotionContext, symbolName: "HKMetadataKeyUserMotionContext", valueKind: .enumeration(HKUserMotionContext.self)),
        Entry(key: HKMetadataKeyVO2MaxTestType, symbolName: "HKMetadataKeyVO2MaxTestType", valueKind: .enumeration(HKVO2MaxTestType.self)),
        Entry(key: HKMetadataKeyVO2MaxValue, symbolName: "HKMetadataKeyVO2MaxValue", valueKind: .quantity),
        Entry(key: HKMetadataKeyWasTakenInLab, symbolName: "HKMetadataKeyWasTakenInLab", valueKind: .number),
        Entry(key: HKMetadataKeyWasUserEntered, symbolName: "HKMetadataKeyWasUserEntered", valueKind: .number),
        Entry(key: HKMetadataKeyWaterSalinity, symbolName: "HKMetadataKeyWaterSalinity", valueKind: .enumeration(HKWaterSalinity.self)),
        Entry(key: HKMetadataKeyWeatherCondition, symbolName: "HKMetadataKeyWeatherCondition", valueKind: .enumeration(HKWeatherCondition.self)),
        Entry(key: HKMetadataKeyWeatherHumidity, symbolName: "HKMetadataKeyWeatherHumidity", valueKind: .quantity),
        Entry(key: HKMetadataKeyWeatherTemperature, symbolName: "HKMetadataKeyWeatherTemperature", valueKind: .quantity),
        Entry(key: HKMetadataKeyWorkoutBrandName, symbolName: "HKMetadataKeyWorkoutBrandName", valueKind: .string),
    ]

    /// Lookup by raw key.
    private static let entriesByKey: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })

    /// The raw values of all public HealthKit metadata keys.
    public static var allKeys: Set<String> { Set(entriesByKey.keys) }

    /// The catalog entry of a raw key, or `nil` for app-defined and private keys.
    public static func entry(forKey key: String) -> Entry? { entriesByKey[key] }

    /// Whether `key` is one of HealthKit's public metadata keys.
    public static func isHealthKitKey(_ key: String) -> Bool { entriesByKey[key] != nil }

    /// Whether `key` is reserved for HealthKit's private use (`_HKPrivate…`); apps cannot save such keys.
    public static func isPrivateKey(_ key: String) -> Bool { key.hasPrefix("_HKPrivate") }

    /// Keys HealthKit sets itself and rejects from apps.
    public static let readOnlyKeys: Set<String> = [HKMetadataKeyAppleDeviceCalibrated]

    /// A unit each quantity-valued key's value must be compatible with, as HealthKit documents it
    /// (``HKMetadataKeySessionEstimate`` follows the sample's unit and is not listed).
    static let quantityUnitStrings: [String: String] = [
        HKMetadataKeyHeartRateRecoveryActivityDuration: "s",
        HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate: "count/min",
        HKMetadataKeyHeartRateEventThreshold: "count/min",
        HKMetadataKeyAudioExposureLevel: "dBASPL",
        HKMetadataKeyAudioExposureDuration: "s",
        HKMetadataKeyBarometricPressure: "Pa",
        HKMetadataKeyVO2MaxValue: "ml/kg*min",
        HKMetadataKeyLowCardioFitnessEventThreshold: "ml/kg*min",
        HKMetadataKeyHeadphoneGain: "dBASPL",
        HKMetadataKeyMaximumLightIntensity: "lx",
        HKMetadataKeyWeatherTemperature: "degC",
        HKMetadataKeyWeatherHumidity: "%",
        HKMetadataKeyLapLength: "m",
        HKMetadataKeyAverageSpeed: "m/s",
        HKMetadataKeyMaximumSpeed: "m/s",
        HKMetadataKeyAlpineSlopeGrade: "%",
        HKMetadataKeyElevationAscended: "m",
        HKMetadataKeyElevationDescended: "m",
        HKMetadataKeyFitnessMachineDuration: "s",
        HKMetadataKeyIndoorBikeDistance: "m",
        HKMetadataKeyCrossTrainerDistance: "m",
        HKMetadataKeyAverageMETs: "kcal/hr*kg",
    ]

    /// A unit the value of a quantity-valued key must be compatible with, or `nil` when any unit is allowed.
    public static func expectedUnit(forKey key: String) -> HKUnit? {
        quantityUnitStrings[key].flatMap { try? HKUnit.checked(from: $0) }
    }
}
