import Foundation
import HealthKitModel

/// `MetadataEntry` values (always text in export.xml) back to typed metadata.
///
/// HealthKit's own keys get the kind HealthKit documents (number, date, quantity, string); other keys are
/// read as a date when they look like one (`2016-04-18 15:56:05 +0000`), a number when they are a number written
/// the way the number prints (its shortest form: not `0123`, `+5`, `1.10` or a 20-digit identifier a `Double`
/// cannot hold, which stay text exactly as written), a quantity when they are
/// `number unit` with a unit HKUnit knows (`5.2 kcal/hr·kg`), and text otherwise. Values that do not fit their key's kind stay text.
struct MetadataConverter {
    private var units: [String: HKUnit?] = [:]

    /// The typed value for one entry.
    mutating func value(key: String, text: String) -> Any {
        switch MetadataCatalog.entry(forKey: key)?.valueKind {
        case .string?: return text
        case .number?, .enumeration?: return number(text) ?? text
        case .date?: return ExportValues.date(text) ?? text
        case .quantity?:
            if let quantity = quantity(text) { return quantity }
            if let value = ExportValues.number(text), let unit = MetadataCatalog.expectedUnit(forKey: key) {
                return HKQuantity(unit: unit, doubleValue: value)
            }
            return text
        case nil:
            if let date = ExportValues.date(text) { return date }
            if Self.printsAsNumber(text), let number = number(text), Self.writtenAsPrinted(text, number) { return number }
            return quantity(text) ?? text
        }
    }

    /// Converts every entry; a later entry with the same key wins. Nil when there are none.
    mutating func metadata(_ entries: [(key: String, value: String)]) -> [String: Any]? {
        guard !entries.isEmpty else { return nil }
        var metadata: [String: Any] = [:]
        for entry in entries { metadata[entry.key] = value(key: entry.key, text: entry.value) }
        return metadata
    }

    /// Whether `text` could be how a number prints: no `+` sign and no leading zeros (`0123`, `-007`, `+5` are
    /// identifiers or codes a person or app wrote as text, and stay text for keys HealthKit does not define).
    static func printsAsNumber(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        guard text.utf8.first != UInt8(ascii: "+") else { return false }
        var iterator = digits.makeIterator()
        if iterator.next() == UInt8(ascii: "0"), let second = iterator.next(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) {
            return false
        }
        return true
    }

    /// Whether `number` prints back as `text` (integers as integers, others in Swift's shortest round-trip form),
    /// so storing the number loses nothing the text said.
    static func writtenAsPrinted(_ text: String, _ number: NSNumber) -> Bool {
        if let whole = Int64(text) { return String(whole) == text }
        return number.doubleValue.description == text
    }

    /// An integer `NSNumber` for whole numbers written without a point or exponent, else a double.
    private func number(_ text: String) -> NSNumber? {
        guard let value = ExportValues.number(text) else { return nil }
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let whole = Int64(text) { return NSNumber(value: whole) }
        return NSNumber(value: value)
    }

    /// `5.2 kcal/hr·kg` as a quantity, or nil.
    private mutating func quantity(_ text: String) -> HKQuantity? {
        guard let space = text.firstIndex(of: " "), let value = ExportValues.number(String(text[..<space])) else { return nil }
        let unitText = String(text[text.index(after: space)...])
        guard !unitText.isEmpty, unitText.count < 40 else { return nil }
        let unit: HKUnit?
        if let known = units[unitText] {
            unit = known
        } else {
            unit = try? HKUnit.checked(from: unitText)
            if units.count < 1024 { units[unitText] = unit }
        }
        return unit.map { HKQuantity(unit: $0, doubleValue: value) }
    }

    /// Adds typed metadata to an identity hash, independent of key order and of how the value was spelled.
    static func addIdentity(of metadata: [String: Any]?, to hasher: inout IdentityHasher) {
        if let part = identity(of: metadata) { hasher.add(part) }
    }

    /// What typed metadata adds to an identity hash (nil for none), independent of key order and of how the value was
    /// spelled.
    static func identity(of metadata: [String: Any]?) -> (UInt64, UInt64)? {
        guard let metadata, !metadata.isEmpty else { return nil }
        var sum: (UInt64, UInt64) = (0, 0)
        for (key, value) in metadata {
            var entry = IdentityHasher(kind: "meta")
            entry.add(key)
            // An NSNumber first, by its class (see MetadataMapping.fieldValue: the other casts try bridging).
            if let text = value as? String, MetadataCatalog.entry(forKey: key) == nil, printsAsNumber(text),
               let number = ExportValues.number(text) {
                // Text that earlier versions stored as a number (`1.10`) keeps the identity it had then.
                entry.add(number)
            } else if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
                entry.add(number.doubleValue)
            } else {
                switch value {
                case let text as String: entry.add(text)
                case let date as Date: entry.add(date.timeIntervalSince1970)
                case let quantity as HKQuantity:
                    let unit = quantity.originalUnit
                    entry.add(unit.isLogarithmic ? quantity.originalValue : quantity.originalValue * unit.factorToBase + unit.offsetToBase)
                case let number as NSNumber: entry.add(number.doubleValue)
                default: entry.add(String(describing: value))
                }
            }
            let part = entry.finish()
            sum = (sum.0 &+ part.0, sum.1 &+ part.1)
        }
        return sum
    }
}
