import Foundation

/// A characteristic value with the spelling Apple Health's export.xml uses (OpenHealthKit extension).
///
/// The `Me` element stores characteristics as HealthKit's ObjC constant names, e.g.
/// `HKBiologicalSexFemale`, `HKBloodTypeABPositive`, `HKFitzpatrickSkinTypeNotSet`, `HKWheelchairUseNo`.
public protocol CharacteristicExportValue: CaseIterable, Hashable, Sendable {
    /// The constant-name prefix, e.g. `"HKBloodType"`.
    static var exportPrefix: String { get }
    /// The case's part of the constant name, e.g. `"ABPositive"`.
    var exportSuffix: String { get }
}

extension CharacteristicExportValue {
    /// The export.xml spelling, e.g. `"HKBloodTypeABPositive"`.
    public var exportString: String { Self.exportPrefix + exportSuffix }

    /// The value an export.xml spelling names, or `nil` for an unknown spelling.
    public init?(exportString: String) {
        guard let match = Self.allCases.first(where: { $0.exportString == exportString }) else { return nil }
        self = match
    }
}

extension HKBiologicalSex: CharacteristicExportValue {
    /// `"HKBiologicalSex"`.
    public static var exportPrefix: String { "HKBiologicalSex" }
    /// `NotSet`, `Female`, `Male` or `Other`.
    public var exportSuffix: String {
        switch self {
        case .notSet: "NotSet"
        case .female: "Female"
        case .male: "Male"
        case .other: "Other"
        }
    }
}

extension HKBloodType: CharacteristicExportValue {
    /// `"HKBloodType"`.
    public static var exportPrefix: String { "HKBloodType" }
    /// `NotSet`, `APositive` … `ABNegative`, `OPositive`, `ONegative`.
    public var exportSuffix: String {
        switch self {
        case .notSet: "NotSet"
        case .aPositive: "APositive"
        case .aNegative: "ANegative"
        case .bPositive: "BPositive"
        case .bNegative: "BNegative"
        case .abPositive: "ABPositive"
        case .abNegative: "ABNegative"
        case .oPositive: "OPositive"
        case .oNegative: "ONegative"
        }
    }
}

extension HKFitzpatrickSkinType: CharacteristicExportValue {
    /// `"HKFitzpatrickSkinType"`.
    public static var exportPrefix: String { "HKFitzpatrickSkinType" }
    /// `NotSet` or the Roman numeral `I` … `VI`.
    public var exportSuffix: String {
        switch self {
        case .notSet: "NotSet"
        case .I: "I"
        case .II: "II"
        case .III: "III"
        case .IV: "IV"
        case .V: "V"
        case .VI: "VI"
        }
    }
}

extension HKWheelchairUse: CharacteristicExportValue {
    /// `"HKWheelchairUse"`.
    public static var exportPrefix: String { "HKWheelchairUse" }
    /// `NotSet`, `No` or `Yes`.
    public var exportSuffix: String {
        switch self {
        case .notSet: "NotSet"
        case .no: "No"
        case .yes: "Yes"
        }
    }
}

extension HKActivityMoveMode: CharacteristicExportValue {
    /// `"HKActivityMoveMode"`.
    public static var exportPrefix: String { "HKActivityMoveMode" }
    /// `ActiveEnergy` or `AppleMoveTime`.
    public var exportSuffix: String {
        switch self {
        case .activeEnergy: "ActiveEnergy"
        case .appleMoveTime: "AppleMoveTime"
        }
    }
}
