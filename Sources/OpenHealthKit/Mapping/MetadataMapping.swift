import Foundation
package import HealthDatabase
package import HealthKitModel

/// Metadata values to typed fields and back.
///
/// Strings become `.text`, booleans `.bool`, other numbers `.number`, dates `.date` and quantities
/// `.quantity` (the value in SI base units, which filters compare, and `"value unit"`, which rebuilds it).
/// Read back, numbers are `NSNumber`s, as HealthKit returns them; they cast to any Swift number type.
package enum MetadataMapping {
    /// The fields for `metadata`; throws `HKError(.errorInvalidArgument)` naming a key whose value is not
    /// a string, number, date or quantity.
    package static func fields(from metadata: [String: Any]?) throws(HKError) -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for (key, value) in metadata ?? [:] {
            guard let field = fieldValue(for: value) else {
                throw HKError(.errorInvalidArgument, "Metadata value for key \(key) has unsupported type \(type(of: value))")
            }
            fields[key] = field
        }
        return fields
    }

    /// The metadata in `fields` (attributes, whose keys start with `@`, left out); `nil` when there is none.
    package static func metadata(from fields: [String: FieldValue]) throws(HKError) -> [String: Any]? {
        var metadata: [String: Any] = [:]
        for (key, field) in fields where !FieldKey.isAttribute(key) {
            metadata[key] = try value(for: field, key: key)
        }
        return metadata.isEmpty ? nil : metadata
    }

    /// The field for one value, or `nil` when HealthKit would not accept it as metadata.
    package static func fieldValue(for value: Any) -> FieldValue? {
        // Numbers first, told by their class: for an NSNumber the casts to String and NSString below try
        // bridging, which cost more than the rest of mapping a record (imported heart rates all carry one).
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return numberField(number) }
        switch value {
        case let text as String: return .text(text)
        case let text as Substring: return .text(String(text))
        case let text as NSString: return .text(text as String)
        case let date as Date: return .date(date)
        case let quantity as HKQuantity: return quantityField(quantity)
        case let number as NSNumber: return numberField(number)
        default: return nil
        }
    }

    private static func numberField(_ number: NSNumber) -> FieldValue {
        String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
    }

    /// A quantity as a field: its value in SI base units and its `"value unit"` text.
    package static func quantityField(_ quantity: HKQuantity) -> FieldValue {
        let unit = quantity.originalUnit
        let base = unit.isLogarithmic
            ? quantity.doubleValue(for: HKUnit(from: "Pa"))
            : quantity.originalValue * unit.factorToBase + unit.offsetToBase
        return .quantity(base: base, text: "\(quantity.originalValue) \(unit.unitString)")
    }

    /// The metadata value for one field; throws when a stored quantity's text does not parse.
    package static func value(for field: FieldValue, key: String) throws(HKError) -> Any {
        switch field {
        case .text(let text): return text
        // As `HKObject` stores a Boolean (an `NSNumber`), so the object keeps this metadata without converting it.
        case .bool(let flag): return NSNumber(value: flag)
        case .date(let date): return date
        case .number(let number):
            if number.rounded() == number, abs(number) < 9.0e15 { return NSNumber(value: Int64(number)) }
            return NSNumber(value: number)
        case .quantity(_, let text): return try quantity(fromText: text, key: key)
        }
    }

    /// Parses `"value unit"` back into a quantity.
    package static func quantity(fromText text: String, key: String) throws(HKError) -> HKQuantity {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let value = Double(parts[0]) else {
            throw HKError(.errorInvalidArgument, "Stored quantity \"\(text)\" for \(key) is not \"value unit\"")
        }
        do {
            return HKQuantity(unit: try HKUnit.checked(from: String(parts[1])), doubleValue: value)
        } catch {
            throw HKError(.errorInvalidArgument, "Stored quantity \"\(text)\" for \(key) has an invalid unit: \(error)")
        }
    }
}
