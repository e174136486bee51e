import Foundation

// OpenHealthKit extension: metadata values are stored the way HealthKit hands them back.
extension MetadataValidation {
    /// `metadata` as an object stores it: `nil` when empty, every number (any Swift integer or floating-point
    /// type, `Bool`, `NSNumber`) as an `NSNumber`, a `Substring` as a `String`, and everything else unchanged.
    ///
    /// HealthKit returns metadata numbers as `NSNumber`s, so on iOS a value stored as `2` reads back
    /// `as? Double == 2.0` and `true` reads back `as? Int == 1`. Swift-corelibs-foundation casts an
    /// `NSNumber` to `Int`, `Double`, `Float`, `Bool` and the other fixed-width types the same way, so storing
    /// `NSNumber`s gives the same casts on Linux. `HKObject`, `HKWorkoutEvent`, `HKWorkoutActivity` and
    /// `HKDeletedObject` call this once, when they are created. Validation is unaffected: it runs on the
    /// caller's values and classifies an `NSNumber` exactly as the Swift number it came from.
    ///
    /// Metadata whose values are all stored as they are (what a read from the store builds) is kept as it is, not
    /// copied: mapping every value into a new dictionary cost an allocation for each sample read with metadata.
    package static func normalized(_ metadata: [String: Any]?) -> [String: Any]? {
        guard let metadata, !metadata.isEmpty else { return nil }
        return metadata.values.allSatisfy(isNormalized) ? metadata : metadata.mapValues(normalizedValue)
    }

    /// Whether ``normalizedValue(_:)`` keeps `value` as it is; the common classes answer without a cast.
    private static func isNormalized(_ value: Any) -> Bool {
        let kind = type(of: value)
        if kind is NSNumber.Type || kind == String.self || kind == Date.self || kind is HKQuantity.Type { return true }
        return !(value is Substring) && bridgedNumber(value) == nil
    }

    /// One metadata value as HealthKit would return it (see ``normalized(_:)``).
    package static func normalizedValue(_ value: Any) -> Any {
        // An NSNumber is kept as it is: testing `as Bool` first would turn NSNumber(1) into a Boolean.
        if type(of: value) is NSNumber.Type { return value }
        if let text = value as? Substring { return String(text) }
        return bridgedNumber(value) ?? value
    }

    /// The `NSNumber` for a Swift number, keeping its kind (`Bool`, signed, unsigned, `Float`, `Double`),
    /// or `nil` when `value` is not a number.
    private static func bridgedNumber(_ value: Any) -> NSNumber? {
        switch value {
        case let flag as Bool: NSNumber(value: flag)
        case let real as Double: NSNumber(value: real)
        case let real as Float: NSNumber(value: real)
        case let real as any BinaryFloatingPoint: NSNumber(value: Double(real))
        case let integer as any BinaryInteger:
            if let signed = Int64(exactly: integer) { NSNumber(value: signed) }
            else if let unsigned = UInt64(exactly: integer) { NSNumber(value: unsigned) }
            else { NSNumber(value: Double(integer)) }
        default: nil
        }
    }
}
