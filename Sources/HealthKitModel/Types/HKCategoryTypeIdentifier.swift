import Foundation

/// Identifies a category type (samples whose value is one of a small set of integers).
///
/// The raw value is the name of HealthKit's Objective-C constant, e.g. `"HKCategoryTypeIdentifierSleepAnalysis"`,
/// with one exception: ``environmentalAudioExposureEvent`` keeps the raw value of the deprecated
/// ``audioExposureEvent``. The value enum each type uses is in `CategoryValueDomain.swift`.
public struct HKCategoryTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension HKCategoryTypeIdentifier {

    // MARK: Fitness
    /// Whether the user stood during an hour (iOS 9).
    public static let appleStandHour = Self(rawValue: "HKCategoryTypeIdentifierAppleStandHour")

    // MARK: Hearing health
    /// Environmental sound levels exceeded a limit (iOS 14).
    /// Its raw value is `"HKCategoryTypeIdentifierAudioExposureEvent"`, the same as the deprecated ``audioExposureEvent`` (HealthKit kept the old string).
    public static let environmentalAudioExposureEvent = Self(rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
    /// Headphone audio exposure exceeded the seven-day limit (iOS 14.2).
    public static let headphoneAudioExposureEvent = Self(rawValue: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent")

    // MARK: Heart
    /// A high heart rate notification (iOS 12.2).
    public static let highHeartRateEvent = Self(rawValue: "HKCategoryTypeIdentifierHighHeartRateEvent")
    /// An irregular heart rhythm notification (iOS 12.2).
    public static let irregularHeartRhythmEvent = Self(rawValue: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent")
    /// A low cardio fitness notification (iOS 14.3).
    public static let lowCardioFitnessEvent = Self(rawValue: "HKCategoryTypeIdentifierLowCardioFitnessEvent")
    /// A low heart rate notification (iOS 12.2).
    public static let lowHeartRateEvent = Self(rawValue: "HKCategoryTypeIdentifierLowHeartRateEvent")

    // MARK: Mindfulness
    /// A mindfulness session (iOS 10).
    public static let mindfulSession = Self(rawValue: "HKCategoryTypeIdentifierMindfulSession")

    // MARK: Mobility
    /// A walking steadiness notification (iOS 15).
    public static let appleWalkingSteadinessEvent = Self(rawValue: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent")

    // MARK: Other
    /// A handwashing session (iOS 14).
    public static let handwashingEvent = Self(rawValue: "HKCategoryTypeIdentifierHandwashingEvent")
    /// A toothbrushing session (iOS 13).
    public static let toothbrushingEvent = Self(rawValue: "HKCategoryTypeIdentifierToothbrushingEvent")

    // MARK: Reproductive health
    /// Vaginal bleeding after pregnancy (iOS 18).
    public static let bleedingAfterPregnancy = Self(rawValue: "HKCategoryTypeIdentifierBleedingAfterPregnancy")
    /// Vaginal bleeding during pregnancy (iOS 18).
    public static let bleedingDuringPregnancy = Self(rawValue: "HKCategoryTypeIdentifierBleedingDuringPregnancy")
    /// Cervical mucus quality (iOS 9).
    public static let cervicalMucusQuality = Self(rawValue: "HKCategoryTypeIdentifierCervicalMucusQuality")
    /// Contraceptive use (iOS 14.3).
    public static let contraceptive = Self(rawValue: "HKCategoryTypeIdentifierContraceptive")
    /// An infrequent menstrual cycles notification (iOS 16).
    public static let infrequentMenstrualCycles = Self(rawValue: "HKCategoryTypeIdentifierInfrequentMenstrualCycles")
    /// Spotting between periods (iOS 9).
    public static let intermenstrualBleeding = Self(rawValue: "HKCategoryTypeIdentifierIntermenstrualBleeding")
    /// An irregular menstrual cycles notification (iOS 16).
    public static let irregularMenstrualCycles = Self(rawValue: "HKCategoryTypeIdentifierIrregularMenstrualCycles")
    /// Lactation (iOS 14.3).
    public static let lactation = Self(rawValue: "HKCategoryTypeIdentifierLactation")
    /// Menstrual flow; samples require `HKMetadataKeyMenstrualCycleStart` (iOS 9).
    public static let menstrualFlow = Self(rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
    /// An ovulation test result (iOS 9).
    public static let ovulationTestResult = Self(rawValue: "HKCategoryTypeIdentifierOvulationTestResult")
    /// A persistent spotting notification (iOS 16).
    public static let persistentIntermenstrualBleeding = Self(rawValue: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding")
    /// Pregnancy (iOS 14.3).
    public static let pregnancy = Self(rawValue: "HKCategoryTypeIdentifierPregnancy")
    /// A pregnancy test result (iOS 15).
    public static let pregnancyTestResult = Self(rawValue: "HKCategoryTypeIdentifierPregnancyTestResult")
    /// A progesterone test result (iOS 15).
    public static let progesteroneTestResult = Self(rawValue: "HKCategoryTypeIdentifierProgesteroneTestResult")
    /// A prolonged menstrual periods notification (iOS 16).
    public static let prolongedMenstrualPeriods = Self(rawValue: "HKCategoryTypeIdentifierProlongedMenstrualPeriods")
    /// Sexual activity (iOS 9).
    public static let sexualActivity = Self(rawValue: "HKCategoryTypeIdentifierSexualActivity")

    // MARK: Respiratory
    /// A sleep apnea notification (iOS 18).
    public static let sleepApneaEvent = Self(rawValue: "HKCategoryTypeIdentifierSleepApneaEvent")

    // MARK: Sleep
    /// Time in bed or asleep, by sleep stage.
    public static let sleepAnalysis = Self(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")

    // MARK: Symptoms
    /// Abdominal cramps symptom (iOS 13.6).
    public static let abdominalCramps = Self(rawValue: "HKCategoryTypeIdentifierAbdominalCramps")
    /// Acne symptom (iOS 13.6).
    public static let acne = Self(rawValue: "HKCategoryTypeIdentifierAcne")
    /// Appetite changes symptom (iOS 13.6).
    public static let appetiteChanges = Self(rawValue: "HKCategoryTypeIdentifierAppetiteChanges")
    /// Bladder incontinence symptom (iOS 14).
    public static let bladderIncontinence = Self(rawValue: "HKCategoryTypeIdentifierBladderIncontinence")
    /// Bloating symptom (iOS 13.6).
    public static let bloating = Self(rawValue: "HKCategoryTypeIdentifierBloating")
    /// Breast pain symptom (iOS 13.6).
    public static let breastPain = Self(rawValue: "HKCategoryTypeIdentifierBreastPain")
    /// Chest tightness or pain symptom (iOS 13.6).
    public static let chestTightnessOrPain = Self(rawValue: "HKCategoryTypeIdentifierChestTightnessOrPain")
    /// Chills symptom (iOS 13.6).
    public static let chills = Self(rawValue: "HKCategoryTypeIdentifierChills")
    /// Constipation symptom (iOS 13.6).
    public static let constipation = Self(rawValue: "HKCategoryTypeIdentifierConstipation")
    /// Coughing symptom (iOS 13.6).
    public static let coughing = Self(rawValue: "HKCategoryTypeIdentifierCoughing")
    /// Diarrhea symptom (iOS 13.6).
    public static let diarrhea = Self(rawValue: "HKCategoryTypeIdentifierDiarrhea")
    /// Dizziness symptom (iOS 13.6).
    public static let dizziness = Self(rawValue: "HKCategoryTypeIdentifierDizziness")
    /// Dry skin symptom (iOS 14).
    public static let drySkin = Self(rawValue: "HKCategoryTypeIdentifierDrySkin")
    /// Fainting symptom (iOS 13.6).
    public static let fainting = Self(rawValue: "HKCategoryTypeIdentifierFainting")
    /// Fatigue symptom (iOS 13.6).
    public static let fatigue = Self(rawValue: "HKCategoryTypeIdentifierFatigue")
    /// Fever symptom (iOS 13.6).
    public static let fever = Self(rawValue: "HKCategoryTypeIdentifierFever")
    /// Generalized body ache symptom (iOS 13.6).
    public static let generalizedBodyAche = Self(rawValue: "HKCategoryTypeIdentifierGeneralizedBodyAche")
    /// Hair loss symptom (iOS 14).
    public static let hairLoss = Self(rawValue: "HKCategoryTypeIdentifierHairLoss")
    /// Headache symptom (iOS 13.6).
    public static let headache = Self(rawValue: "HKCategoryTypeIdentifierHeadache")
    /// Heartburn symptom (iOS 13.6).
    public static let heartburn = Self(rawValue: "HKCategoryTypeIdentifierHeartburn")
    /// Hot flashes symptom (iOS 13.6).
    public static let hotFlashes = Self(rawValue: "HKCategoryTypeIdentifierHotFlashes")
    /// Loss of smell symptom (iOS 13.6).
    public static let lossOfSmell = Self(rawValue: "HKCategoryTypeIdentifierLossOfSmell")
    /// Loss of taste symptom (iOS 13.6).
    public static let lossOfTaste = Self(rawValue: "HKCategoryTypeIdentifierLossOfTaste")
    /// Lower back pain symptom (iOS 13.6).
    public static let lowerBackPain = Self(rawValue: "HKCategoryTypeIdentifierLowerBackPain")
    /// Memory lapse symptom (iOS 14).
    public static let memoryLapse = Self(rawValue: "HKCategoryTypeIdentifierMemoryLapse")
    /// Mood changes symptom (iOS 13.6).
    public static let moodChanges = Self(rawValue: "HKCategoryTypeIdentifierMoodChanges")
    /// Nausea symptom (iOS 13.6).
    public static let nausea = Self(rawValue: "HKCategoryTypeIdentifierNausea")
    /// Night sweats symptom (iOS 14).
    public static let nightSweats = Self(rawValue: "HKCategoryTypeIdentifierNightSweats")
    /// Pelvic pain symptom (iOS 13.6).
    public static let pelvicPain = Self(rawValue: "HKCategoryTypeIdentifierPelvicPain")
    /// Rapid, pounding or fluttering heartbeat symptom (iOS 13.6).
    public static let rapidPoundingOrFlutteringHeartbeat = Self(rawValue: "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
    /// Runny nose symptom (iOS 13.6).
    public static let runnyNose = Self(rawValue: "HKCategoryTypeIdentifierRunnyNose")
    /// Shortness of breath symptom (iOS 13.6).
    public static let shortnessOfBreath = Self(rawValue: "HKCategoryTypeIdentifierShortnessOfBreath")
    /// Sinus congestion symptom (iOS 13.6).
    public static let sinusCongestion = Self(rawValue: "HKCategoryTypeIdentifierSinusCongestion")
    /// Skipped heartbeat symptom (iOS 13.6).
    public static let skippedHeartbeat = Self(rawValue: "HKCategoryTypeIdentifierSkippedHeartbeat")
    /// Sleep changes symptom (iOS 13.6).
    public static let sleepChanges = Self(rawValue: "HKCategoryTypeIdentifierSleepChanges")
    /// Sore throat symptom (iOS 13.6).
    public static let soreThroat = Self(rawValue: "HKCategoryTypeIdentifierSoreThroat")
    /// Vaginal dryness symptom (iOS 14).
    public static let vaginalDryness = Self(rawValue: "HKCategoryTypeIdentifierVaginalDryness")
    /// Vomiting symptom (iOS 13.6).
    public static let vomiting = Self(rawValue: "HKCategoryTypeIdentifierVomiting")
    /// Wheezing symptom (iOS 13.6).
    public static let wheezing = Self(rawValue: "HKCategoryTypeIdentifierWheezing")

    // MARK: Deprecated
    /// Loud environment exposure (iOS 13, deprecated in iOS 14).
    /// Equal to ``environmentalAudioExposureEvent``: both have the raw value `"HKCategoryTypeIdentifierAudioExposureEvent"`.
    @available(*, deprecated, renamed: "environmentalAudioExposureEvent")
    public static let audioExposureEvent = Self(rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
}
