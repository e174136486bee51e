import Foundation

// OpenHealthKit extension: short names for types, for command lines, URLs and configuration files.
extension HKObjectType {
    /// The identifier without its `HK…TypeIdentifier` prefix, in lower camel case, as Swift spells the
    /// identifier's static member: `stepCount`, `sleepAnalysis`, `vo2Max`, `workout`, `allergyRecord`.
    ///
    /// OpenHealthKit extension.
    public var shortName: String { TypeShortNames.shortName(forIdentifier: identifier) }

    /// The type whose raw identifier or ``shortName`` is `name`, ignoring case; `nil` when none is.
    ///
    /// OpenHealthKit extension. `"stepCount"`, `"stepcount"` and `"HKQuantityTypeIdentifierStepCount"`
    /// all name the step count type.
    public static func type(named name: String) -> HKObjectType? {
        if let type = type(forIdentifier: name) { return type }
        return TypeShortNames.byLowercasedShortName[name.lowercased()]
    }
}

/// Derives and indexes short names.
enum TypeShortNames {
    /// Prefixes stripped from identifiers, longest first so that the most specific one wins.
    private static let prefixes = [
        "HKScoredAssessmentTypeIdentifier", "HKCharacteristicTypeIdentifier", "HKCorrelationTypeIdentifier",
        "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKClinicalTypeIdentifier", "HKDocumentTypeIdentifier",
        "HKDataTypeIdentifier", "HKDataType", "HK",
    ]

    /// Every known type by the lowercased short name.
    static let byLowercasedShortName: [String: HKObjectType] = Dictionary(
        HKObjectType.allTypes.map { ($0.shortName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// The short name for a raw identifier.
    static func shortName(forIdentifier identifier: String) -> String {
        var name = Substring(identifier)
        if let prefix = prefixes.first(where: { name.hasPrefix($0) }) { name = name.dropFirst(prefix.count) }
        if name.hasSuffix("TypeIdentifier") { name = name.dropLast("TypeIdentifier".count) }
        return lowerCamel(name)
    }

    /// Lowercases the leading capitals, keeping the last one of a run that starts a word:
    /// `StepCount` → `stepCount`, `VO2Max` → `vo2Max`, `UVExposure` → `uvExposure`, `CDA` → `cda`.
    private static func lowerCamel(_ name: Substring) -> String {
        let characters = Array(name)
        var end = 0
        while end < characters.count, !characters[end].isLowercase { end += 1 }
        if end > 1, end < characters.count { end -= 1 }
        if end == 0 { end = 1 }
        let head = String(characters[..<min(end, characters.count)]).lowercased()
        return head + String(characters[min(end, characters.count)...])
    }
}
