import Foundation

/// A HealthKit category value enum (`HKCategoryValue…`).
///
/// OpenHealthKit extension: lets the catalog describe each enum's values and Objective-C names
/// (the names Apple Health writes to export.xml, e.g. `"HKCategoryValueSleepAnalysisAsleepCore"`).
public protocol CategoryValueEnumeration: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    /// Objective-C names of renamed values that old exports still contain.
    static var legacyNames: [String: Self] { get }
}

extension CategoryValueEnumeration {
    /// No legacy names.
    public static var legacyNames: [String: Self] { [:] }

    /// The enum's HealthKit name, e.g. `"HKCategoryValueSleepAnalysis"`.
    public static var enumName: String { String(describing: Self.self) }

    /// The value's Objective-C constant name, e.g. `"HKCategoryValueSleepAnalysisInBed"`.
    public var exportName: String { hkExportName(prefix: Self.enumName, caseName: String(describing: self)) }

    /// The value whose Objective-C constant name (current or legacy) is `exportName`.
    public init?(exportName: String) {
        guard let value = Self.allCases.first(where: { $0.exportName == exportName }) ?? Self.legacyNames[exportName]
        else { return nil }
        self = value
    }
}

extension HKCategoryValue: CategoryValueEnumeration {}
extension HKCategoryValueAppleStandHour: CategoryValueEnumeration {}
extension HKCategoryValueSleepAnalysis: CategoryValueEnumeration {
    /// `HKCategoryValueSleepAnalysisAsleep`, the pre-iOS 16 name of `asleepUnspecified`.
    public static var legacyNames: [String: Self] { ["HKCategoryValueSleepAnalysisAsleep": .asleepUnspecified] }
}
extension HKCategoryValueEnvironmentalAudioExposureEvent: CategoryValueEnumeration {
    /// `HKCategoryValueAudioExposureEventLoudEnvironment`, the iOS 13 name of `momentaryLimit`.
    public static var legacyNames: [String: Self] { ["HKCategoryValueAudioExposureEventLoudEnvironment": .momentaryLimit] }
}
extension HKCategoryValueHeadphoneAudioExposureEvent: CategoryValueEnumeration {}
extension HKCategoryValueLowCardioFitnessEvent: CategoryValueEnumeration {}
extension HKCategoryValueAppleWalkingSteadinessEvent: CategoryValueEnumeration {}
extension HKCategoryValueSeverity: CategoryValueEnumeration {}
extension HKCategoryValueAppetiteChanges: CategoryValueEnumeration {}
extension HKCategoryValuePresence: CategoryValueEnumeration {}
extension HKCategoryValueCervicalMucusQuality: CategoryValueEnumeration {}
extension HKCategoryValueVaginalBleeding: CategoryValueEnumeration {
    /// The `HKCategoryValueMenstrualFlow…` names that `menstrualFlow` samples used before iOS 18.
    public static var legacyNames: [String: Self] {
        Dictionary(uniqueKeysWithValues: allCases.map { value in
            (value.exportName.replacingOccurrences(of: "VaginalBleeding", with: "MenstrualFlow"), value)
        })
    }
}
extension HKCategoryValueOvulationTestResult: CategoryValueEnumeration {
    /// `HKCategoryValueOvulationTestResultPositive`, the old name of `luteinizingHormoneSurge`.
    public static var legacyNames: [String: Self] { ["HKCategoryValueOvulationTestResultPositive": .luteinizingHormoneSurge] }
}
extension HKCategoryValuePregnancyTestResult: CategoryValueEnumeration {}
extension HKCategoryValueProgesteroneTestResult: CategoryValueEnumeration {}
extension HKCategoryValueContraceptive: CategoryValueEnumeration {}
@available(*, deprecated)
extension HKCategoryValueMenstrualFlow: CategoryValueEnumeration {}
@available(*, deprecated)
extension HKCategoryValueAudioExposureEvent: CategoryValueEnumeration {}

/// The values a category type accepts: which value enum it uses and that enum's raw values and names.
///
/// OpenHealthKit extension (HealthKit states the enum only in header comments). Used to validate
/// `HKCategorySample.value` and to map export.xml value names.
public struct CategoryValueDomain: Hashable, Sendable {
    /// The value enum's HealthKit name, e.g. `"HKCategoryValueSeverity"`.
    public let enumName: String
    /// The raw value of every case, by Objective-C constant name (legacy names included).
    public let valuesByExportName: [String: Int]
    /// The current Objective-C constant name of every raw value.
    public let exportNames: [Int: String]

    /// Describes the value enum `type`.
    public init<Value: CategoryValueEnumeration>(_ type: Value.Type) {
        enumName = Value.enumName
        exportNames = Dictionary(uniqueKeysWithValues: Value.allCases.map { ($0.rawValue, $0.exportName) })
        var byName = Value.legacyNames.mapValues(\.rawValue)
        for (value, name) in exportNames { byName[name] = value }
        valuesByExportName = byName
    }

    /// The raw values the category type accepts.
    public var allowedValues: Set<Int> { Set(exportNames.keys) }

    /// The raw value whose Objective-C name is `exportName`, or `nil`.
    public func value(forExportName exportName: String) -> Int? { valuesByExportName[exportName] }

    /// The Objective-C name of the raw value `value`, or `nil` if the type does not accept it.
    public func exportName(for value: Int) -> String? { exportNames[value] }
}

extension CategoryValueDomain {
    /// ``HKCategoryValue``.
    public static let notApplicable = Self(HKCategoryValue.self)
    /// ``HKCategoryValueAppleStandHour``.
    public static let appleStandHour = Self(HKCategoryValueAppleStandHour.self)
    /// ``HKCategoryValueSleepAnalysis``.
    public static let sleepAnalysis = Self(HKCategoryValueSleepAnalysis.self)
    /// ``HKCategoryValueEnvironmentalAudioExposureEvent``.
    public static let environmentalAudioExposureEvent = Self(HKCategoryValueEnvironmentalAudioExposureEvent.self)
    /// ``HKCategoryValueHeadphoneAudioExposureEvent``.
    public static let headphoneAudioExposureEvent = Self(HKCategoryValueHeadphoneAudioExposureEvent.self)
    /// ``HKCategoryValueLowCardioFitnessEvent``.
    public static let lowCardioFitnessEvent = Self(HKCategoryValueLowCardioFitnessEvent.self)
    /// ``HKCategoryValueAppleWalkingSteadinessEvent``.
    public static let appleWalkingSteadinessEvent = Self(HKCategoryValueAppleWalkingSteadinessEvent.self)
    /// ``HKCategoryValueSeverity``.
    public static let severity = Self(HKCategoryValueSeverity.self)
    /// ``HKCategoryValueAppetiteChanges``.
    public static let appetiteChanges = Self(HKCategoryValueAppetiteChanges.self)
    /// ``HKCategoryValuePresence``.
    public static let presence = Self(HKCategoryValuePresence.self)
    /// ``HKCategoryValueCervicalMucusQuality``.
    public static let cervicalMucusQuality = Self(HKCategoryValueCervicalMucusQuality.self)
    /// ``HKCategoryValueVaginalBleeding`` (also accepts the legacy `HKCategoryValueMenstrualFlow…` names).
    public static let vaginalBleeding = Self(HKCategoryValueVaginalBleeding.self)
    /// ``HKCategoryValueOvulationTestResult``.
    public static let ovulationTestResult = Self(HKCategoryValueOvulationTestResult.self)
    /// ``HKCategoryValuePregnancyTestResult``.
    public static let pregnancyTestResult = Self(HKCategoryValuePregnancyTestResult.self)
    /// ``HKCategoryValueProgesteroneTestResult``.
    public static let progesteroneTestResult = Self(HKCategoryValueProgesteroneTestResult.self)
    /// ``HKCategoryValueContraceptive``.
    public static let contraceptive = Self(HKCategoryValueContraceptive.self)
}
