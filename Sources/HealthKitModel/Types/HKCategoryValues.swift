import Foundation

/// The value of category types that carry no information in their value (events, sessions).
public enum HKCategoryValue: Int, Sendable, CaseIterable {
    /// The only value: the sample's presence is the information.
    case notApplicable = 0
}

/// Whether the user stood during an hour (`appleStandHour`).
public enum HKCategoryValueAppleStandHour: Int, Sendable, CaseIterable {
    /// The user stood.
    case stood = 0
    /// The user did not stand.
    case idle = 1
}

/// Time in bed or asleep, by sleep stage (`sleepAnalysis`).
public enum HKCategoryValueSleepAnalysis: Int, Sendable, CaseIterable {
    /// In bed.
    case inBed = 0
    /// Asleep, stage unspecified (iOS 16 name of `asleep`).
    case asleepUnspecified = 1
    /// Awake (iOS 10).
    case awake = 2
    /// Core (light) sleep (iOS 16).
    case asleepCore = 3
    /// Deep sleep (iOS 16).
    case asleepDeep = 4
    /// REM sleep (iOS 16).
    case asleepREM = 5

    /// The pre-iOS 16 name of ``asleepUnspecified``.
    @available(*, deprecated, renamed: "asleepUnspecified")
    public static let asleep = HKCategoryValueSleepAnalysis.asleepUnspecified

    /// Every value meaning asleep (iOS 16).
    public static let allAsleepValues: Set<HKCategoryValueSleepAnalysis> = [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM]
}

/// Environmental audio exposure events (`environmentalAudioExposureEvent`, iOS 14).
public enum HKCategoryValueEnvironmentalAudioExposureEvent: Int, Sendable, CaseIterable {
    /// The momentary sound level limit was exceeded.
    case momentaryLimit = 1
}

/// Headphone audio exposure events (`headphoneAudioExposureEvent`, iOS 14.2).
public enum HKCategoryValueHeadphoneAudioExposureEvent: Int, Sendable, CaseIterable {
    /// The seven-day exposure limit was exceeded.
    case sevenDayLimit = 1
}

/// Low cardio fitness events (`lowCardioFitnessEvent`, iOS 14.3).
public enum HKCategoryValueLowCardioFitnessEvent: Int, Sendable, CaseIterable {
    /// Cardio fitness is low.
    case lowFitness = 1
}

/// Walking steadiness events (`appleWalkingSteadinessEvent`, iOS 15).
public enum HKCategoryValueAppleWalkingSteadinessEvent: Int, Sendable, CaseIterable {
    /// First notification of low steadiness.
    case initialLow = 1
    /// First notification of very low steadiness.
    case initialVeryLow = 2
    /// Repeated notification of low steadiness.
    case repeatLow = 3
    /// Repeated notification of very low steadiness.
    case repeatVeryLow = 4
}

/// Symptom severity (most symptom category types, iOS 13.6).
public enum HKCategoryValueSeverity: Int, Sendable, CaseIterable {
    /// Present, severity not given.
    case unspecified = 0
    /// Not present.
    case notPresent = 1
    /// Mild.
    case mild = 2
    /// Moderate.
    case moderate = 3
    /// Severe.
    case severe = 4
}

/// Appetite changes (`appetiteChanges`, iOS 13.6).
public enum HKCategoryValueAppetiteChanges: Int, Sendable, CaseIterable {
    /// Changed, direction not given.
    case unspecified = 0
    /// No change.
    case noChange = 1
    /// Decreased.
    case decreased = 2
    /// Increased.
    case increased = 3
}

/// Presence of a symptom without severity (`moodChanges`, `sleepChanges`, iOS 13.6).
public enum HKCategoryValuePresence: Int, Sendable, CaseIterable {
    /// Present.
    case present = 0
    /// Not present.
    case notPresent = 1
}

/// Loud environment events of the deprecated `audioExposureEvent` type (iOS 13, deprecated in iOS 14).
@available(*, deprecated, renamed: "HKCategoryValueEnvironmentalAudioExposureEvent")
public enum HKCategoryValueAudioExposureEvent: Int, Sendable, CaseIterable {
    /// The environment was loud.
    case loudEnvironment = 1
}
