import Foundation
import HealthKitModel

/// Numbers, quantities and flags in element attributes, read and written the way export.xml spells them
/// (package access: the export writer formats its numbers the same way).
package enum ElementValues {
    /// A number as export.xml writes it: whole numbers without a point, others in Swift's shortest form.
    package static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The number in attribute `key`, nil when absent or empty; throws when it is not a number.
    static func number(_ element: StoredElement, _ key: String) throws(HKError) -> Double? {
        guard let text = element.attributes[key], !text.isEmpty else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw HKError(.errorInvalidArgument, "\(element.name) \(key) '\(text)' is not a number")
        }
        return value
    }

    /// The quantity in attributes `key` and `key` + "Unit" (`unit` when that is absent), nil when the value
    /// is absent; throws when the value is not a number or the unit is unknown or not compatible with `unit`.
    static func quantity(_ element: StoredElement, _ key: String, unitKey: String? = nil, _ unit: HKUnit) throws(HKError) -> HKQuantity? {
        guard let value = try number(element, key) else { return nil }
        var quantityUnit = unit
        if let text = element.attributes[unitKey ?? key + "Unit"], !text.isEmpty {
            do { quantityUnit = try HKUnit.checked(from: text) } catch {
                throw HKError(.errorInvalidArgument, "\(element.name) \(key) has an unknown unit '\(text)'")
            }
        }
        guard quantityUnit.isCompatible(with: unit) else {
            throw HKError(.errorInvalidArgument, "\(element.name) \(key) is in \(quantityUnit.unitString), not a unit of \(unit.unitString)")
        }
        return HKQuantity(unit: quantityUnit, doubleValue: value)
    }

    /// Sets attributes `key` and `key` + "Unit" to `quantity`'s own value and unit (nothing when nil).
    static func set(_ quantity: HKQuantity?, _ key: String, unitKey: String? = nil, in attributes: inout [String: String]) {
        guard let quantity else { return }
        attributes[key] = number(quantity.originalValue)
        attributes[unitKey ?? key + "Unit"] = quantity.originalUnit.unitString
    }

    /// A flag attribute: `1`, `true` or `yes` (any case) are true; anything else, or none, false.
    static func flag(_ text: String?) -> Bool {
        ["1", "true", "yes"].contains(text?.lowercased() ?? "")
    }
}
