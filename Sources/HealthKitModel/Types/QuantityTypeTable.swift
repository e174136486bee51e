import Foundation

/// The canonical unit string and aggregation style of every quantity type HealthKit defines (iOS 18),
/// as stated in the comments of HealthKit's `HKTypeIdentifiers.h`.
///
/// The unit strings use HealthKit's unit grammar (`HKUnit(from:)`). `uvExposure` has no unit in the
/// header; `count` is used.
enum QuantityTypeTable {
    /// One row: identifier, canonical unit string, aggregation style.
    typealias Row = (identifier: HKQuantityTypeIdentifier, unit: String, style: HKQuantityAggregationStyle)

    /// All rows, in HealthKit's header order.
    static let rows: [Row] = [
        // Body measurements
        (.appleSleepingWristTemperature, "degC", .discreteArithmetic),
        (.bodyFatPercentage, "%", .discreteArithmetic),
        (.bodyMass, "kg", .discreteArithmetic),
        (.bodyMassIndex, "count", .discreteArithmetic),
        (.electrodermalActivity, "S", .discreteArithmetic),
        (.height, "m", .discreteArithmetic),
        (.leanBodyMass, "kg", .discreteArithmetic),
        (.waistCircumference, "m", .discreteArithmetic),
        // Fitness
        (.activeEnergyBurned, "kcal", .cumulative),
        (.appleExerciseTime, "min", .cumulative),
        (.appleMoveTime, "min", .cumulative),
        (.appleStandTime, "min", .cumulative),
        (.basalEnergyBurned, "kcal", .cumulative),
        (.crossCountrySkiingSpeed, "m/s", .discreteArithmetic),
        (.cyclingCadence, "count/min", .discreteArithmetic),
        (.cyclingFunctionalThresholdPower, "W", .discreteArithmetic),
        (.cyclingPower, "W", .discreteArithmetic),
        (.cyclingSpeed, "m/s", .discreteArithmetic),
        (.distanceCrossCountrySkiing, "m", .cumulative),
        (.distanceCycling, "m", .cumulative),
        (.distanceDownhillSnowSports, "m", .cumulative),
        (.distancePaddleSports, "m", .cumulative),
        (.distanceRowing, "m", .cumulative),
        (.distanceSkatingSports, "m", .cumulative),
        (.distanceSwimming, "m", .cumulative),
        (.distanceWalkingRunning, "m", .cumulative),
        (.distanceWheelchair, "m", .cumulative),
        (.estimatedWorkoutEffortScore, "appleEffortScore", .discreteArithmetic),
        (.flightsClimbed, "count", .cumulative),
        (.nikeFuel, "count", .cumulative),
        (.paddleSportsSpeed, "m/s", .discreteArithmetic),
        (.physicalEffort, "kcal/(kg*hr)", .discreteArithmetic),
        (.pushCount, "count", .cumulative),
        (.rowingSpeed, "m/s", .discreteArithmetic),
        (.runningPower, "W", .discreteArithmetic),
        (.runningSpeed, "m/s", .discreteArithmetic),
        (.stepCount, "count", .cumulative),
        (.swimmingStrokeCount, "count", .cumulative),
        (.underwaterDepth, "m", .discreteArithmetic),
        (.workoutEffortScore, "appleEffortScore", .discreteArithmetic),
        // Hearing health
        (.environmentalAudioExposure, "dBASPL", .discreteEquivalentContinuousLevel),
        (.environmentalSoundReduction, "dBASPL", .discreteEquivalentContinuousLevel),
        (.headphoneAudioExposure, "dBASPL", .discreteEquivalentContinuousLevel),
        // Heart
        (.atrialFibrillationBurden, "%", .discreteTemporallyWeighted),
        (.heartRate, "count/s", .discreteTemporallyWeighted),
        (.heartRateRecoveryOneMinute, "count/min", .discreteArithmetic),
        (.heartRateVariabilitySDNN, "ms", .discreteArithmetic),
        (.peripheralPerfusionIndex, "%", .discreteArithmetic),
        (.restingHeartRate, "count/min", .discreteArithmetic),
        (.vo2Max, "ml/(kg*min)", .discreteArithmetic),
        (.walkingHeartRateAverage, "count/min", .discreteArithmetic),
        // Mobility
        (.appleWalkingSteadiness, "%", .discreteArithmetic),
        (.runningGroundContactTime, "ms", .discreteArithmetic),
        (.runningStrideLength, "m", .discreteArithmetic),
        (.runningVerticalOscillation, "cm", .discreteArithmetic),
        (.sixMinuteWalkTestDistance, "m", .discreteArithmetic),
        (.stairAscentSpeed, "m/s", .discreteArithmetic),
        (.stairDescentSpeed, "m/s", .discreteArithmetic),
        (.walkingAsymmetryPercentage, "%", .discreteArithmetic),
        (.walkingDoubleSupportPercentage, "%", .discreteArithmetic),
        (.walkingSpeed, "m/s", .discreteArithmetic),
        (.walkingStepLength, "m", .discreteArithmetic),
        // Nutrition
        (.dietaryBiotin, "g", .cumulative),
        (.dietaryCaffeine, "g", .cumulative),
        (.dietaryCalcium, "g", .cumulative),
        (.dietaryCarbohydrates, "g", .cumulative),
        (.dietaryChloride, "g", .cumulative),
        (.dietaryCholesterol, "g", .cumulative),
        (.dietaryChromium, "g", .cumulative),
        (.dietaryCopper, "g", .cumulative),
        (.dietaryEnergyConsumed, "kcal", .cumulative),
        (.dietaryFatMonounsaturated, "g", .cumulative),
        (.dietaryFatPolyunsaturated, "g", .cumulative),
        (.dietaryFatSaturated, "g", .cumulative),
        (.dietaryFatTotal, "g", .cumulative),
        (.dietaryFiber, "g", .cumulative),
        (.dietaryFolate, "g", .cumulative),
        (.dietaryIodine, "g", .cumulative),
        (.dietaryIron, "g", .cumulative),
        (.dietaryMagnesium, "g", .cumulative),
        (.dietaryManganese, "g", .cumulative),
        (.dietaryMolybdenum, "g", .cumulative),
        (.dietaryNiacin, "g", .cumulative),
        (.dietaryPantothenicAcid, "g", .cumulative),
        (.dietaryPhosphorus, "g", .cumulative),
        (.dietaryPotassium, "g", .cumulative),
        (.dietaryProtein, "g", .cumulative),
        (.dietaryRiboflavin, "g", .cumulative),
        (.dietarySelenium, "g", .cumulative),
        (.dietarySodium, "g", .cumulative),
        (.dietarySugar, "g", .cumulative),
        (.dietaryThiamin, "g", .cumulative),
        (.dietaryVitaminA, "g", .cumulative),
        (.dietaryVitaminB12, "g", .cumulative),
        (.dietaryVitaminB6, "g", .cumulative),
        (.dietaryVitaminC, "g", .cumulative),
        (.dietaryVitaminD, "g", .cumulative),
        (.dietaryVitaminE, "g", .cumulative),
        (.dietaryVitaminK, "g", .cumulative),
        (.dietaryWater, "mL", .cumulative),
        (.dietaryZinc, "g", .cumulative),
        // Other
        (.bloodAlcoholContent, "%", .discreteArithmetic),
        (.bloodPressureDiastolic, "mmHg", .discreteArithmetic),
        (.bloodPressureSystolic, "mmHg", .discreteArithmetic),
        (.insulinDelivery, "IU", .cumulative),
        (.numberOfAlcoholicBeverages, "count", .cumulative),
        (.numberOfTimesFallen, "count", .cumulative),
        (.timeInDaylight, "min", .cumulative),
        (.uvExposure, "count", .discreteArithmetic),
        (.waterTemperature, "degC", .discreteArithmetic),
        // Reproductive health
        (.basalBodyTemperature, "degC", .discreteArithmetic),
        // Respiratory
        (.appleSleepingBreathingDisturbances, "count", .discreteArithmetic),
        (.forcedExpiratoryVolume1, "L", .discreteArithmetic),
        (.forcedVitalCapacity, "L", .discreteArithmetic),
        (.inhalerUsage, "count", .cumulative),
        (.oxygenSaturation, "%", .discreteArithmetic),
        (.peakExpiratoryFlowRate, "L/min", .discreteArithmetic),
        (.respiratoryRate, "count/s", .discreteArithmetic),
        // Vital signs
        (.bloodGlucose, "mg/dL", .discreteArithmetic),
        (.bodyTemperature, "degC", .discreteArithmetic),
    ]

    /// The rows keyed by identifier.
    static let byIdentifier: [HKQuantityTypeIdentifier: Row] = Dictionary(
        rows.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
}

extension HKQuantityTypeIdentifier {
    /// Whether HealthKit (as of iOS 18) defines this quantity type.
    ///
    /// OpenHealthKit extension.
    public var isKnown: Bool { QuantityTypeTable.byIdentifier[self] != nil }

    /// The aggregation style HealthKit uses for this type, or `nil` for an unknown identifier.
    ///
    /// OpenHealthKit extension (HealthKit exposes it on `HKQuantityType` only).
    public var aggregationStyle: HKQuantityAggregationStyle? { QuantityTypeTable.byIdentifier[self]?.style }

    /// The canonical unit string of this type (e.g. `"count/s"` for heart rate), or `nil` for an
    /// unknown identifier.
    ///
    /// OpenHealthKit extension: HealthKit documents these units only in header comments.
    public var canonicalUnitString: String? { QuantityTypeTable.byIdentifier[self]?.unit }

    /// Every quantity type identifier HealthKit defines (iOS 18), in header order.
    ///
    /// OpenHealthKit extension.
    public static var allKnown: [HKQuantityTypeIdentifier] { QuantityTypeTable.rows.map(\.identifier) }
}
