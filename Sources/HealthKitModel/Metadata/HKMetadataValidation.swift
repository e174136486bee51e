import Foundation

/// Checks metadata dictionaries the way HealthKit does before it saves an object (OpenHealthKit extension).
///
/// The sample classes call ``validate(_:)``; a failure is an ``HKError`` with code
/// ``HKError/Code/errorInvalidArgument`` whose message names the offending key.
///
/// Rules: keys are non-empty and not HealthKit-private (`_HKPrivate…`) or read-only; values are
/// Strings, numbers (any integer, floating-point number, `Bool` or `NSNumber`), Dates or HKQuantities;
/// HealthKit's own keys hold the kind of value their documentation names, and enumeration-valued
/// keys hold one of the enumeration's raw values, quantity-valued keys hold quantities in a
/// compatible unit (``MetadataCatalog/expectedUnit(forKey:)``); ``HKMetadataKeySyncIdentifier`` and
/// ``HKMetadataKeySyncVersion`` come together.
public enum MetadataValidation {
    /// Throws when `metadata` would be rejected by HealthKit; `nil` and empty dictionaries are valid.
    public static func validate(_ metadata: [String: Any]?) throws(HKError) {
        try validate(metadata, allowingPrivateKeys: false)
    }

    /// Like ``validate(_:)``; with `allowingPrivateKeys`, `_HKPrivate…` and read-only keys pass
    /// (for data HealthKit itself wrote, e.g. imported from an export).
    public static func validate(_ metadata: [String: Any]?, allowingPrivateKeys: Bool) throws(HKError) {
        guard let metadata, !metadata.isEmpty else { return }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            try validateKey(key, allowingPrivateKeys: allowingPrivateKeys)
            try validateValue(value, forKey: key)
        }
        try validateSyncPair(metadata)
    }

    /// Rejects empty, private and read-only keys.
    private static func validateKey(_ key: String, allowingPrivateKeys: Bool) throws(HKError) {
        if key.isEmpty {
            throw HKError(.errorInvalidArgument, "Invalid metadata key: keys must not be empty")
        }
        guard !allowingPrivateKeys else { return }
        if MetadataCatalog.isPrivateKey(key) {
            throw HKError(.errorInvalidArgument, "Invalid metadata key: \(key) is reserved for HealthKit")
        }
        if MetadataCatalog.readOnlyKeys.contains(key) {
            throw HKError(.errorInvalidArgument, "Invalid metadata key: \(key) is read-only")
        }
    }

    /// Checks the value's class, then its content for HealthKit's own keys.
    private static func validateValue(_ value: Any, forKey key: String) throws(HKError) {
        guard let classified = classify(value) else {
            throw invalidValue(key, "\(describe(value)) is not a String, number, Date or HKQuantity")
        }
        if case let .number(number) = classified, !number.isFinite {
            throw invalidValue(key, "\(describe(value)) is not a finite number")
        }
        guard let expected = MetadataCatalog.entry(forKey: key)?.valueKind else { return }
        switch (expected, classified) {
        case (.string, .string), (.number, .number), (.date, .date):
            return
        case (.quantity, .quantity):
            if let quantity = value as? HKQuantity, let unit = MetadataCatalog.expectedUnit(forKey: key),
               !quantity.is(compatibleWith: unit) {
                throw invalidValue(key, "\(quantity) is not compatible with \(unit.unitString)")
            }
        case let (.enumeration(name, validValues), .number(number)):
            guard let raw = Int(exactly: number), validValues.contains(raw) else {
                let valid = validValues.map(String.init).joined(separator: ", ")
                throw invalidValue(key, "\(describe(value)) is not a valid \(name) (expected one of \(valid))")
            }
        default:
            throw invalidValue(key, "expected \(expected), got \(describe(value))")
        }
    }

    /// HealthKit requires a sync version with a sync identifier, and forbids it without one.
    private static func validateSyncPair(_ metadata: [String: Any]) throws(HKError) {
        let hasIdentifier = metadata[HKMetadataKeySyncIdentifier] != nil
        let hasVersion = metadata[HKMetadataKeySyncVersion] != nil
        if hasIdentifier, !hasVersion {
            throw HKError(
                .errorInvalidArgument,
                "Invalid metadata: \(HKMetadataKeySyncVersion) must be provided if \(HKMetadataKeySyncIdentifier) is provided"
            )
        }
        if hasVersion, !hasIdentifier {
            throw HKError(
                .errorInvalidArgument,
                "Invalid metadata: \(HKMetadataKeySyncVersion) may not be provided if \(HKMetadataKeySyncIdentifier) is not provided"
            )
        }
    }

    /// `Invalid metadata value for KEY: DETAIL`.
    private static func invalidValue(_ key: String, _ detail: String) -> HKError {
        HKError(.errorInvalidArgument, "Invalid metadata value for \(key): \(detail)")
    }

    /// `"42" (String)`: a value and its dynamic type, for messages.
    private static func describe(_ value: Any) -> String {
        let shown = value is String ? "\"\(value)\"" : String(describing: value)
        return "\(shown) (\(type(of: value)))"
    }
}
