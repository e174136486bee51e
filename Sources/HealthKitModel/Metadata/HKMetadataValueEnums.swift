import Foundation

// Values HealthKit stores as NSNumbers under its metadata keys; raw values are HealthKit's.

/// Where a body temperature reading was taken (``HKMetadataKeyBodyTemperatureSensorLocation``).
public enum HKBodyTemperatureSensorLocation: Int, CaseIterable, Hashable, Sendable {
    /// Other.
    case other = 0
    /// Armpit.
    case armpit = 1
    /// Body.
    case body = 2
    /// Ear.
    case ear = 3
    /// Finger.
    case finger = 4
    /// Gastro intestinal.
    case gastroIntestinal = 5
    /// Mouth.
    case mouth = 6
    /// Rectum.
    case rectum = 7
    /// Toe.
    case toe = 8
    /// Ear drum.
    case earDrum = 9
    /// Temporal artery.
    case temporalArtery = 10
    /// Forehead.
    case forehead = 11
}

/// Where a heart rate reading was taken (``HKMetadataKeyHeartRateSensorLocation``).
public enum HKHeartRateSensorLocation: Int, CaseIterable, Hashable, Sendable {
    /// Other.
    case other = 0
    /// Chest.
    case chest = 1
    /// Wrist.
    case wrist = 2
    /// Finger.
    case finger = 3
    /// Hand.
    case hand = 4
    /// Ear lobe.
    case earLobe = 5
    /// Foot.
    case foot = 6
}

/// Whether the user was still or active during a heart rate reading (``HKMetadataKeyHeartRateMotionContext``).
public enum HKHeartRateMotionContext: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// Sedentary.
    case sedentary = 1
    /// Active.
    case active = 2
}

/// The user's motion when a sample was taken (``HKMetadataKeyUserMotionContext``).
public enum HKUserMotionContext: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// Stationary.
    case stationary = 1
    /// Active.
    case active = 2
}

/// The test used to determine a heart rate recovery value (``HKMetadataKeyHeartRateRecoveryTestType``).
public enum HKHeartRateRecoveryTestType: Int, CaseIterable, Hashable, Sendable {
    /// Max exercise.
    case maxExercise = 1
    /// Prediction sub max exercise.
    case predictionSubMaxExercise = 2
    /// Prediction non exercise.
    case predictionNonExercise = 3
}

/// Where a swimming workout took place (``HKMetadataKeySwimmingLocationType``).
public enum HKWorkoutSwimmingLocationType: Int, CaseIterable, Hashable, Sendable {
    /// Unknown.
    case unknown = 0
    /// Pool.
    case pool = 1
    /// Open water.
    case openWater = 2
}

/// The predominant stroke of a swimming lap (``HKMetadataKeySwimmingStrokeStyle``).
public enum HKSwimmingStrokeStyle: Int, CaseIterable, Hashable, Sendable {
    /// Unknown.
    case unknown = 0
    /// Mixed.
    case mixed = 1
    /// Freestyle.
    case freestyle = 2
    /// Backstroke.
    case backstroke = 3
    /// Breaststroke.
    case breaststroke = 4
    /// Butterfly.
    case butterfly = 5
    /// Kickboard.
    case kickboard = 6
}

/// Why insulin was delivered (``HKMetadataKeyInsulinDeliveryReason``).
public enum HKInsulinDeliveryReason: Int, CaseIterable, Hashable, Sendable {
    /// Basal.
    case basal = 1
    /// Bolus.
    case bolus = 2
}

/// How a blood glucose reading relates to a meal (``HKMetadataKeyBloodGlucoseMealTime``).
public enum HKBloodGlucoseMealTime: Int, CaseIterable, Hashable, Sendable {
    /// Preprandial.
    case preprandial = 1
    /// Postprandial.
    case postprandial = 2
}

/// The test that produced a VO2 max sample (``HKMetadataKeyVO2MaxTestType``).
public enum HKVO2MaxTestType: Int, CaseIterable, Hashable, Sendable {
    /// Max exercise.
    case maxExercise = 1
    /// Prediction sub max exercise.
    case predictionSubMaxExercise = 2
    /// Prediction non exercise.
    case predictionNonExercise = 3
}

/// The algorithm version the ECG app used (``HKMetadataKeyAppleECGAlgorithmVersion``).
public enum HKAppleECGAlgorithmVersion: Int, CaseIterable, Hashable, Sendable {
    /// Version 1.
    case version1 = 1
    /// Version 2.
    case version2 = 2
}

/// Where the device was worn during a walking bout (``HKMetadataKeyDevicePlacementSide``).
public enum HKDevicePlacementSide: Int, CaseIterable, Hashable, Sendable {
    /// Unknown.
    case unknown = 0
    /// Left.
    case left = 1
    /// Right.
    case right = 2
    /// Central.
    case central = 3
}

/// The salinity of the water of an underwater sample (``HKMetadataKeyWaterSalinity``).
public enum HKWaterSalinity: Int, CaseIterable, Hashable, Sendable {
    /// Fresh water.
    case freshWater = 1
    /// Salt water.
    case saltWater = 2
}

/// The test that determined a cycling functional threshold power (``HKMetadataKeyCyclingFunctionalThresholdPowerTestType``).
public enum HKCyclingFunctionalThresholdPowerTestType: Int, CaseIterable, Hashable, Sendable {
    /// Max exercise 60minute.
    case maxExercise60Minute = 1
    /// Max exercise 20minute.
    case maxExercise20Minute = 2
    /// Ramp test.
    case rampTest = 3
    /// Prediction exercise.
    case predictionExercise = 4
}

/// How a physical effort sample was estimated (``HKMetadataKeyPhysicalEffortEstimationType``).
public enum HKPhysicalEffortEstimationType: Int, CaseIterable, Hashable, Sendable {
    /// Activity lookup.
    case activityLookup = 1
    /// Device sensed.
    case deviceSensed = 2
}
