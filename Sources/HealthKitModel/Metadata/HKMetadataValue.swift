import Foundation

// OpenHealthKit extension: classifies metadata values the way HealthKit's accepted value classes
// (NSString, NSNumber, NSDate, HKQuantity) do, for Swift values that bridge to them.
extension MetadataValidation {
    /// A metadata value reduced to what validation needs.
    enum Classified {
        case string
        case number(Double)
        case date
        case quantity
    }

    /// The class of `value`, or `nil` when HealthKit would not accept it as a metadata value.
    ///
    /// Strings, `Bool`, every `BinaryInteger` and `BinaryFloatingPoint`, `NSNumber`, `Date`/`NSDate`
    /// and `HKQuantity` are accepted.
    static func classify(_ value: Any) -> Classified? {
        switch value {
        case is String, is Substring, is NSString:
            return .string
        case let flag as Bool:
            return .number(flag ? 1 : 0)
        case let integer as any BinaryInteger:
            return .number(Double(integer))
        case let real as any BinaryFloatingPoint:
            return .number(Double(real))
        case let number as NSNumber:
            return .number(number.doubleValue)
        case is Date, is NSDate:
            return .date
        case is HKQuantity:
            return .quantity
        default:
            return nil
        }
    }

    /// The value kind HealthKit's catalog uses for `value` (enumerations report as `.number`),
    /// or `nil` when `value` is not an acceptable metadata value.
    public static func valueKind(of value: Any) -> MetadataCatalog.ValueKind? {
        switch classify(value) {
        case .string: .string
        case .number: .number
        case .date: .date
        case .quantity: .quantity
        case nil: nil
        }
    }

    /// Whether `value` is a String, number, Date or HKQuantity.
    public static func isAcceptedValue(_ value: Any) -> Bool { classify(value) != nil }
}

extension MetadataCatalog.ValueKind: CustomStringConvertible {
    /// A phrase naming the kind, for error messages (`"a number"`, `"an HKWeatherCondition value"`).
    public var description: String {
        switch self {
        case .string: "a String"
        case .number: "a number"
        case .date: "a Date"
        case .quantity: "an HKQuantity"
        case let .enumeration(name, _): "an \(name) value"
        }
    }
}
