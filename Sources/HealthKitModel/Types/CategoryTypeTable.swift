import Foundation

/// The value enum of every category type HealthKit defines (iOS 18), as stated in the comments of
/// HealthKit's `HKTypeIdentifiers.h`. One row per distinct raw identifier, in header order.
enum CategoryTypeTable {
    /// One row: identifier and the values it accepts.
    typealias Row = (identifier: HKCategoryTypeIdentifier, domain: CategoryValueDomain)

    /// All rows. (`audioExposureEvent` shares its raw value with `environmentalAudioExposureEvent`.)
    static let rows: [Row] = [
        // Fitness
        (.appleStandHour, .appleStandHour),
        // Hearing health
        (.environmentalAudioExposureEvent, .environmentalAudioExposureEvent),
        (.headphoneAudioExposureEvent, .headphoneAudioExposureEvent),
        // Heart
        (.highHeartRateEvent, .notApplicable),
        (.irregularHeartRhythmEvent, .notApplicable),
        (.lowCardioFitnessEvent, .lowCardioFitnessEvent),
        (.lowHeartRateEvent, .notApplicable),
        // Mindfulness
        (.mindfulSession, .notApplicable),
        // Mobility
        (.appleWalkingSteadinessEvent, .appleWalkingSteadinessEvent),
        // Other
        (.handwashingEvent, .notApplicable),
        (.toothbrushingEvent, .notApplicable),
        // Reproductive health
        (.bleedingAfterPregnancy, .vaginalBleeding),
        (.bleedingDuringPregnancy, .vaginalBleeding),
        (.cervicalMucusQuality, .cervicalMucusQuality),
        (.contraceptive, .contraceptive),
        (.infrequentMenstrualCycles, .notApplicable),
        (.intermenstrualBleeding, .notApplicable),
        (.irregularMenstrualCycles, .notApplicable),
        (.lactation, .notApplicable),
        (.menstrualFlow, .vaginalBleeding),
        (.ovulationTestResult, .ovulationTestResult),
        (.persistentIntermenstrualBleeding, .notApplicable),
        (.pregnancy, .notApplicable),
        (.pregnancyTestResult, .pregnancyTestResult),
        (.progesteroneTestResult, .progesteroneTestResult),
        (.prolongedMenstrualPeriods, .notApplicable),
        (.sexualActivity, .notApplicable),
        // Respiratory
        (.sleepApneaEvent, .notApplicable),
        // Sleep
        (.sleepAnalysis, .sleepAnalysis),
        // Symptoms
        (.abdominalCramps, .severity),
        (.acne, .severity),
        (.appetiteChanges, .appetiteChanges),
        (.bladderIncontinence, .severity),
        (.bloating, .severity),
        (.breastPain, .severity),
        (.chestTightnessOrPain, .severity),
        (.chills, .severity),
        (.constipation, .severity),
        (.coughing, .severity),
        (.diarrhea, .severity),
        (.dizziness, .severity),
        (.drySkin, .severity),
        (.fainting, .severity),
        (.fatigue, .severity),
        (.fever, .severity),
        (.generalizedBodyAche, .severity),
        (.hairLoss, .severity),
        (.headache, .severity),
        (.heartburn, .severity),
        (.hotFlashes, .severity),
        (.lossOfSmell, .severity),
        (.lossOfTaste, .severity),
        (.lowerBackPain, .severity),
        (.memoryLapse, .severity),
        (.moodChanges, .presence),
        (.nausea, .severity),
        (.nightSweats, .severity),
        (.pelvicPain, .severity),
        (.rapidPoundingOrFlutteringHeartbeat, .severity),
        (.runnyNose, .severity),
        (.shortnessOfBreath, .severity),
        (.sinusCongestion, .severity),
        (.skippedHeartbeat, .severity),
        (.sleepChanges, .presence),
        (.soreThroat, .severity),
        (.vaginalDryness, .severity),
        (.vomiting, .severity),
        (.wheezing, .severity),
    ]

    /// The rows keyed by identifier.
    static let byIdentifier: [HKCategoryTypeIdentifier: Row] = Dictionary(
        rows.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
}

extension HKCategoryTypeIdentifier {
    /// Whether HealthKit (as of iOS 18) defines this category type.
    ///
    /// OpenHealthKit extension.
    public var isKnown: Bool { CategoryTypeTable.byIdentifier[self] != nil }

    /// The values this category type accepts, or `nil` for an unknown identifier.
    ///
    /// OpenHealthKit extension.
    public var valueDomain: CategoryValueDomain? { CategoryTypeTable.byIdentifier[self]?.domain }

    /// The raw values `HKCategorySample.value` may take for this type, or `nil` for an unknown identifier.
    ///
    /// OpenHealthKit extension.
    public var allowedValues: Set<Int>? { valueDomain?.allowedValues }

    /// The name of the value enum this type uses (e.g. `"HKCategoryValueSeverity"`), or `nil`.
    ///
    /// OpenHealthKit extension.
    public var valueEnumName: String? { valueDomain?.enumName }

    /// Every category type identifier HealthKit defines (iOS 18), in header order, without the
    /// deprecated duplicate `audioExposureEvent`.
    ///
    /// OpenHealthKit extension.
    public static var allKnown: [HKCategoryTypeIdentifier] { CategoryTypeTable.rows.map(\.identifier) }
}
