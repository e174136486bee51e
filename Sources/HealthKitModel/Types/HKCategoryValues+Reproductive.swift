import Foundation

/// Cervical mucus quality (`cervicalMucusQuality`).
public enum HKCategoryValueCervicalMucusQuality: Int, Sendable, CaseIterable {
    /// Dry.
    case dry = 1
    /// Sticky.
    case sticky = 2
    /// Creamy.
    case creamy = 3
    /// Watery.
    case watery = 4
    /// Egg white.
    case eggWhite = 5
}

/// Vaginal bleeding amount (`menstrualFlow`, `bleedingAfterPregnancy`, `bleedingDuringPregnancy`; iOS 18).
public enum HKCategoryValueVaginalBleeding: Int, Sendable, CaseIterable {
    /// Bleeding, amount not given.
    case unspecified = 1
    /// Light.
    case light = 2
    /// Medium.
    case medium = 3
    /// Heavy.
    case heavy = 4
    /// No bleeding.
    case none = 5
}

/// Menstrual flow amount (deprecated in iOS 18 for ``HKCategoryValueVaginalBleeding``, same values).
@available(*, deprecated, renamed: "HKCategoryValueVaginalBleeding")
public enum HKCategoryValueMenstrualFlow: Int, Sendable, CaseIterable {
    /// Flow, amount not given.
    case unspecified = 1
    /// Light.
    case light = 2
    /// Medium.
    case medium = 3
    /// Heavy.
    case heavy = 4
    /// No flow.
    case none = 5
}

/// Ovulation test results (`ovulationTestResult`).
public enum HKCategoryValueOvulationTestResult: Int, Sendable, CaseIterable {
    /// Negative.
    case negative = 1
    /// Luteinizing hormone surge (formerly `positive`).
    case luteinizingHormoneSurge = 2
    /// Indeterminate.
    case indeterminate = 3
    /// Estrogen surge.
    case estrogenSurge = 4

    /// The old name of ``luteinizingHormoneSurge``.
    @available(*, deprecated, renamed: "luteinizingHormoneSurge")
    public static let positive = HKCategoryValueOvulationTestResult.luteinizingHormoneSurge
}

/// Pregnancy test results (`pregnancyTestResult`, iOS 15).
public enum HKCategoryValuePregnancyTestResult: Int, Sendable, CaseIterable {
    /// Negative.
    case negative = 1
    /// Positive.
    case positive = 2
    /// Indeterminate.
    case indeterminate = 3
}

/// Progesterone test results (`progesteroneTestResult`, iOS 15).
public enum HKCategoryValueProgesteroneTestResult: Int, Sendable, CaseIterable {
    /// Negative.
    case negative = 1
    /// Positive.
    case positive = 2
    /// Indeterminate.
    case indeterminate = 3
}

/// Contraceptive kinds (`contraceptive`, iOS 14.3).
public enum HKCategoryValueContraceptive: Int, Sendable, CaseIterable {
    /// Kind not given.
    case unspecified = 1
    /// Implant.
    case implant = 2
    /// Injection.
    case injection = 3
    /// Intrauterine device.
    case intrauterineDevice = 4
    /// Intravaginal ring.
    case intravaginalRing = 5
    /// Oral.
    case oral = 6
    /// Patch.
    case patch = 7
}
