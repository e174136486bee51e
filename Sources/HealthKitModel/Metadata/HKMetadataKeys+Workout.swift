import Foundation

// HealthKit's metadata keys for workouts, workout events and fitness samples.
// Raw values are HealthKit's: iOS 8-era keys are "HK" + name, most later keys keep their full symbol name.

/// The brand name of a workout (String).
public let HKMetadataKeyWorkoutBrandName: String = "HKWorkoutBrandName"
/// Whether the workout was part of a group fitness class (NSNumber holding a Bool).
public let HKMetadataKeyGroupFitness: String = "HKGroupFitness"
/// Whether the workout was performed indoors (NSNumber holding a Bool).
public let HKMetadataKeyIndoorWorkout: String = "HKIndoorWorkout"
/// Whether the workout was performed with a coach or personal trainer (NSNumber holding a Bool).
public let HKMetadataKeyCoachedWorkout: String = "HKCoachedWorkout"
/// Whether the workout is an Apple Fitness+ workout (NSNumber holding a Bool).
public let HKMetadataKeyAppleFitnessPlusSession: String = "HKMetadataKeyAppleFitnessPlusSession"
/// The Fitness+ catalog identifier of a Fitness+ workout (String).
public let HKMetadataKeyAppleFitnessPlusCatalogIdentifier: String = "HKMetadataKeyAppleFitnessPlusCatalogIdentifier"
/// The weather during the sample or workout (NSNumber holding an ``HKWeatherCondition``).
public let HKMetadataKeyWeatherCondition: String = "HKWeatherCondition"
/// The temperature during the sample or workout (HKQuantity, temperature).
public let HKMetadataKeyWeatherTemperature: String = "HKWeatherTemperature"
/// The humidity during the sample or workout (HKQuantity, percent).
public let HKMetadataKeyWeatherHumidity: String = "HKWeatherHumidity"
/// The length of a lap in a workout (HKQuantity, length).
public let HKMetadataKeyLapLength: String = "HKLapLength"
/// Where a swimming workout took place (NSNumber holding an ``HKWorkoutSwimmingLocationType``).
public let HKMetadataKeySwimmingLocationType: String = "HKSwimmingLocationType"
/// The predominant stroke of a swimming lap (NSNumber holding an ``HKSwimmingStrokeStyle``).
public let HKMetadataKeySwimmingStrokeStyle: String = "HKSwimmingStrokeStyle"
/// The SWOLF score (strokes plus seconds per length) of a lap, segment or swimming workout (NSNumber).
public let HKMetadataKeySWOLFScore: String = "HKSWOLFScore"
/// The average moving speed of a workout segment or distance sample (HKQuantity, speed).
public let HKMetadataKeyAverageSpeed: String = "HKAverageSpeed"
/// The maximum speed of a workout segment or distance sample (HKQuantity, speed).
public let HKMetadataKeyMaximumSpeed: String = "HKMaximumSpeed"
/// The grade of a ski run; 100 % is a 45° slope (HKQuantity, percent).
public let HKMetadataKeyAlpineSlopeGrade: String = "HKAlpineSlopeGrade"
/// The cumulative elevation ascent of a workout (HKQuantity, length).
public let HKMetadataKeyElevationAscended: String = "HKElevationAscended"
/// The cumulative elevation descent of a workout (HKQuantity, length).
public let HKMetadataKeyElevationDescended: String = "HKElevationDescended"
/// The workout duration shown by a GymKit fitness machine (HKQuantity, time).
public let HKMetadataKeyFitnessMachineDuration: String = "HKFitnessMachineDuration"
/// The distance covered in an indoor bike workout (HKQuantity, length).
public let HKMetadataKeyIndoorBikeDistance: String = "HKIndoorBikeDistance"
/// The distance covered in a cross trainer workout (HKQuantity, length).
public let HKMetadataKeyCrossTrainerDistance: String = "HKCrossTrainerDistance"
/// The average metabolic equivalent of a workout (HKQuantity, kcal/(kg*hr)).
public let HKMetadataKeyAverageMETs: String = "HKAverageMETs"
/// The test that determined a cycling functional threshold power value (NSNumber holding an ``HKCyclingFunctionalThresholdPowerTestType``). Its raw value doubles "Cycling", as HealthKit's does.
public let HKMetadataKeyCyclingFunctionalThresholdPowerTestType: String = "HKCyclingCyclingFunctionalThresholdPowerTestType"
/// The activity a sample relates to (NSNumber holding an `HKWorkoutActivityType`).
public let HKMetadataKeyActivityType: String = "HKActivityType"
