import Foundation

/// Identifies a quantity type (samples that store a numeric value with a unit).
///
/// The raw value is the name of HealthKit's Objective-C constant, e.g. `"HKQuantityTypeIdentifierStepCount"`.
/// Members are split over two files by HealthKit's header grouping; each member's canonical unit and
/// aggregation style live in the quantity type table (`QuantityTypeTable.swift`).
public struct HKQuantityTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension HKQuantityTypeIdentifier {
    // MARK: Body measurements
    /// Wrist temperature measured during sleep (iOS 16).
    public static let appleSleepingWristTemperature = Self(rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
    /// Body fat percentage.
    public static let bodyFatPercentage = Self(rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
    /// Body mass (weight).
    public static let bodyMass = Self(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// Body mass index.
    public static let bodyMassIndex = Self(rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
    /// Electrodermal activity (skin conductance).
    public static let electrodermalActivity = Self(rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
    /// Height.
    public static let height = Self(rawValue: "HKQuantityTypeIdentifierHeight")
    /// Lean body mass.
    public static let leanBodyMass = Self(rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
    /// Waist circumference (iOS 11).
    public static let waistCircumference = Self(rawValue: "HKQuantityTypeIdentifierWaistCircumference")

    // MARK: Fitness
    /// Active energy burned.
    public static let activeEnergyBurned = Self(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    /// Apple Watch exercise minutes (iOS 9.3).
    public static let appleExerciseTime = Self(rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    /// Apple Watch move minutes (iOS 14.5).
    public static let appleMoveTime = Self(rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
    /// Apple Watch stand minutes (iOS 13).
    public static let appleStandTime = Self(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    /// Resting (basal) energy burned.
    public static let basalEnergyBurned = Self(rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    /// Cross-country skiing speed (iOS 18).
    public static let crossCountrySkiingSpeed = Self(rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
    /// Cycling cadence (iOS 17).
    public static let cyclingCadence = Self(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    /// Cycling functional threshold power (iOS 17).
    public static let cyclingFunctionalThresholdPower = Self(rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    /// Cycling power (iOS 17).
    public static let cyclingPower = Self(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    /// Cycling speed (iOS 17).
    public static let cyclingSpeed = Self(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    /// Cross-country skiing distance (iOS 18).
    public static let distanceCrossCountrySkiing = Self(rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    /// Cycling distance.
    public static let distanceCycling = Self(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    /// Downhill snow sports distance (iOS 11.2).
    public static let distanceDownhillSnowSports = Self(rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    /// Paddle sports distance (iOS 18).
    public static let distancePaddleSports = Self(rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    /// Rowing distance (iOS 18).
    public static let distanceRowing = Self(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    /// Skating sports distance (iOS 18).
    public static let distanceSkatingSports = Self(rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    /// Swimming distance (iOS 10).
    public static let distanceSwimming = Self(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    /// Walking and running distance.
    public static let distanceWalkingRunning = Self(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    /// Wheelchair distance (iOS 10).
    public static let distanceWheelchair = Self(rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    /// Estimated workout effort score (iOS 18).
    public static let estimatedWorkoutEffortScore = Self(rawValue: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore")
    /// Flights of stairs climbed.
    public static let flightsClimbed = Self(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    /// NikeFuel points.
    public static let nikeFuel = Self(rawValue: "HKQuantityTypeIdentifierNikeFuel")
    /// Paddle sports speed (iOS 18).
    public static let paddleSportsSpeed = Self(rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
    /// Physical effort (metabolic equivalent) (iOS 17).
    public static let physicalEffort = Self(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    /// Wheelchair pushes (iOS 10).
    public static let pushCount = Self(rawValue: "HKQuantityTypeIdentifierPushCount")
    /// Rowing speed (iOS 18).
    public static let rowingSpeed = Self(rawValue: "HKQuantityTypeIdentifierRowingSpeed")
    /// Running power (iOS 16).
    public static let runningPower = Self(rawValue: "HKQuantityTypeIdentifierRunningPower")
    /// Running speed (iOS 16).
    public static let runningSpeed = Self(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    /// Steps taken.
    public static let stepCount = Self(rawValue: "HKQuantityTypeIdentifierStepCount")
    /// Swimming strokes (iOS 10).
    public static let swimmingStrokeCount = Self(rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    /// Underwater depth (iOS 16).
    public static let underwaterDepth = Self(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    /// User-rated workout effort score (iOS 18).
    public static let workoutEffortScore = Self(rawValue: "HKQuantityTypeIdentifierWorkoutEffortScore")

    // MARK: Hearing health
    /// Environmental sound levels (iOS 13).
    public static let environmentalAudioExposure = Self(rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
    /// Environmental sound reduction by headphones (iOS 16).
    public static let environmentalSoundReduction = Self(rawValue: "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
    /// Headphone audio levels (iOS 13).
    public static let headphoneAudioExposure = Self(rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")

    // MARK: Heart
    /// Atrial fibrillation burden (iOS 16).
    public static let atrialFibrillationBurden = Self(rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
    /// Heart rate (canonical unit count/s; apps usually use count/min).
    public static let heartRate = Self(rawValue: "HKQuantityTypeIdentifierHeartRate")
    /// Heart rate recovery one minute after exercise (iOS 16).
    public static let heartRateRecoveryOneMinute = Self(rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
    /// Heart rate variability (SDNN) (iOS 11).
    public static let heartRateVariabilitySDNN = Self(rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    /// Peripheral perfusion index.
    public static let peripheralPerfusionIndex = Self(rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
    /// Resting heart rate (iOS 11).
    public static let restingHeartRate = Self(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    /// Maximal oxygen consumption (cardio fitness) (iOS 11).
    public static let vo2Max = Self(rawValue: "HKQuantityTypeIdentifierVO2Max")
    /// Average heart rate while walking (iOS 11).
    public static let walkingHeartRateAverage = Self(rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")

    // MARK: Mobility
    /// Apple walking steadiness (iOS 15).
    public static let appleWalkingSteadiness = Self(rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
    /// Running ground contact time (iOS 16).
    public static let runningGroundContactTime = Self(rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    /// Running stride length (iOS 16).
    public static let runningStrideLength = Self(rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    /// Running vertical oscillation (iOS 16).
    public static let runningVerticalOscillation = Self(rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    /// Estimated six-minute walk test distance (iOS 14).
    public static let sixMinuteWalkTestDistance = Self(rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    /// Stair ascent speed (iOS 14).
    public static let stairAscentSpeed = Self(rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
    /// Stair descent speed (iOS 14).
    public static let stairDescentSpeed = Self(rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
    /// Walking asymmetry percentage (iOS 14).
    public static let walkingAsymmetryPercentage = Self(rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
    /// Walking double support percentage (iOS 14).
    public static let walkingDoubleSupportPercentage = Self(rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
    /// Walking speed (iOS 14).
    public static let walkingSpeed = Self(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    /// Walking step length (iOS 14).
    public static let walkingStepLength = Self(rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
}
