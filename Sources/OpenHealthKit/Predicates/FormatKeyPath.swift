import Foundation
import HealthDatabase
import HealthKitModel

/// What one comparison of a format predicate means for the store: key path, operator and value to filter.
enum FormatKeyPath {
    /// The filter for `key symbol[options] value`; throws when the key, operator, options or value is not one
    /// the store runs.
    static func filter(key: String, symbol: String, options: String = "", value: Any) throws(HKError) -> SampleFilter {
        if let kind = TextMatch.Kind(formatOperator: symbol) { return try textMatch(key: key, kind, options: options, value: value) }
        guard options.isEmpty else { throw HKError(.errorInvalidArgument, "unsupported options [\(options)] for \(symbol)") }
        if symbol == "IN" { return try membership(key: key, values: value) }
        let comparison = try self.comparison(symbol)
        if value is NSNull { return try existence(key: key, comparison) }
        switch key {
        case HKPredicateKeyPathStartDate, HKPredicateKeyPathEndDate:
            return try DateBound.filter(onEnd: key == HKPredicateKeyPathEndDate, comparison, try cast(value, Date.self, key))
        case HKPredicateKeyPathUUID where comparison == .equal: return .uuids([try uuid(value, key)])
        case HKPredicateKeyPathSource where comparison == .equal: return .sources([try cast(value, HKSource.self, key).bundleIdentifier])
        case HKPredicateKeyPathQuantity, HKPredicateKeyPathMin, HKPredicateKeyPathMax, HKPredicateKeyPathMostRecent:
            // Sum and average share the quantity's raw value; a stored sample's quantity is its value (a series: the
            // sum or average), which minimum, maximum and most recent also compare.
            return QuantityFilter.filter(comparison, try cast(value, HKQuantity.self, key))
        case HKPredicateKeyPathMostRecentStartDate, HKPredicateKeyPathMostRecentEndDate:
            return try DateBound.filter(onEnd: key == HKPredicateKeyPathMostRecentEndDate, comparison, try cast(value, Date.self, key))
        case HKPredicateKeyPathCategoryValue: return .categoryValue(comparison, Int(try number(value, key)))
        case HKPredicateKeyPathWorkoutType: return .field(FieldKey.workoutActivityType, comparison, .number(try number(value, key)))
        case HKPredicateKeyPathWorkoutDuration: return .field(FieldKey.workoutDuration, comparison, .number(try number(value, key)))
        case HKPredicateKeyPathWorkoutTotalDistance:
            return .field(FieldKey.workoutTotalDistance, comparison, .number(try canonical(value, .meter(), key)))
        case HKPredicateKeyPathWorkoutTotalEnergyBurned: return try workoutSum(.activeEnergyBurned, comparison, value, key)
        case HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount: return try workoutSum(.swimmingStrokeCount, comparison, value, key)
        case HKPredicateKeyPathWorkoutTotalFlightsClimbed: return try workoutSum(.flightsClimbed, comparison, value, key)
        case HKPredicateKeyPathECGClassification: return .field(FieldKey.ecgClassification, comparison, .number(try number(value, key)))
        case HKPredicateKeyPathECGSymptomsStatus: return .field(FieldKey.ecgSymptomsStatus, comparison, .number(try number(value, key)))
        case HKPredicateKeyPathDateComponents: return try activitySummaryDay(comparison, value)
        case HKPredicateKeyPathAverageHeartRate:
            return .field(FieldKey.ecgAverageHeartRate, comparison, .number(try canonical(value, .count().unitDivided(by: .minute()), key)))
        default:
            guard let field = fieldKey(key) else { throw HKError(.errorInvalidArgument, "unsupported key path \"\(key)\" with \(symbol)") }
            guard let stored = MetadataMapping.fieldValue(for: value) else {
                throw HKError(.errorInvalidArgument, "unsupported value \(value) for \(key)")
            }
            return MetadataComparison.filter(field, comparison, stored)
        }
    }

    /// The field a text or metadata key path compares: CDA and FHIR attributes, `metadata.<key>`.
    private static func fieldKey(_ key: String) -> String? {
        let attributes = [
            HKPredicateKeyPathCDATitle: FieldKey.cdaTitle, HKPredicateKeyPathCDAPatientName: FieldKey.cdaPatientName,
            HKPredicateKeyPathCDAAuthorName: FieldKey.cdaAuthorName, HKPredicateKeyPathCDACustodianName: FieldKey.cdaCustodianName,
            HKPredicateKeyPathClinicalRecordFHIRResourceType: FieldKey.fhirResourceType,
            HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier: FieldKey.fhirIdentifier,
        ]
        if let attribute = attributes[key] { return attribute }
        let prefix = HKPredicateKeyPathMetadata + "."
        return key.hasPrefix(prefix) && key.count > prefix.count ? String(key.dropFirst(prefix.count)) : nil
    }

    /// `key CONTAINS[c] value` and its kin, for text key paths: `c` ignores case; `d` (ignore diacritics) is
    /// accepted but not applied, as the store compares diacritics exactly.
    private static func textMatch(key: String, _ kind: TextMatch.Kind, options: String, value: Any) throws(HKError) -> SampleFilter {
        guard let field = fieldKey(key) else {
            throw HKError(.errorInvalidArgument, "\(kind.formatOperator) needs a text key path, not \"\(key)\"")
        }
        guard options.allSatisfy({ "cdCD".contains($0) }) else {
            throw HKError(.errorInvalidArgument, "unsupported options [\(options)] for \(kind.formatOperator)")
        }
        let text = try cast(value, String.self, key)
        return .text(field, TextMatch(kind, text, caseInsensitive: options.lowercased().contains("c")))
    }

    /// `key != nil` (the metadata key or attribute is present) and `key == nil` (it is absent).
    private static func existence(key: String, _ comparison: Comparison) throws(HKError) -> SampleFilter {
        guard let field = fieldKey(key), comparison == .equal || comparison == .notEqual else {
            throw HKError(.errorInvalidArgument, "nil can only be compared with == or != to a metadata key path, not \"\(key)\"")
        }
        return comparison == .notEqual ? .fieldExists(field) : .not(.fieldExists(field))
    }

    private static func membership(key: String, values: Any) throws(HKError) -> SampleFilter {
        guard let list = (values as? [Any]) ?? (values as? Set<AnyHashable>).map({ Array($0) as [Any] }) else {
            throw HKError(.errorInvalidArgument, "IN needs an array for \(key)")
        }
        switch key {
        case HKPredicateKeyPathUUID:
            var set = Set<UUID>()
            for item in list { set.insert(try uuid(item, key)) }
            return .uuids(set)
        case HKPredicateKeyPathCategoryValue:
            var set = Set<Int>()
            for item in list { set.insert(Int(try number(item, key))) }
            return .categoryValues(set)
        case HKPredicateKeyPathSource:
            var set = Set<String>()
            for item in list { set.insert(try cast(item, HKSource.self, key).bundleIdentifier) }
            return .sources(set)
        case HKPredicateKeyPathWorkoutType:
            var numbers: [FieldValue] = []
            for item in list { numbers.append(.number(try number(item, key))) }
            return .fieldIn(FieldKey.workoutActivityType, numbers)
        default:
            guard let field = fieldKey(key) else { throw HKError(.errorInvalidArgument, "unsupported key path \"\(key)\" with IN") }
            return .fieldIn(field, list.compactMap(MetadataMapping.fieldValue(for:)))
        }
    }

    private static func comparison(_ symbol: String) throws(HKError) -> Comparison {
        switch symbol {
        case "==", "=": .equal
        case "!=", "<>": .notEqual
        case "<": .lessThan
        case "<=", "=<": .lessThanOrEqual
        case ">": .greaterThan
        case ">=", "=>": .greaterThanOrEqual
        default: throw HKError(.errorInvalidArgument, "unsupported operator \(symbol)")
        }
    }

    private static func workoutSum(_ identifier: HKQuantityTypeIdentifier, _ comparison: Comparison, _ value: Any, _ key: String) throws(HKError) -> SampleFilter {
        let type = HKQuantityType(identifier)
        return .field(FieldKey.workout(.sum, type), comparison, .number(try canonical(value, type.canonicalUnit, key)))
    }

    /// An activity summary's day compared with the day `value` (date components) names, as
    /// `HKQuery.predicateForActivitySummary(with:)` compares it.
    private static func activitySummaryDay(_ comparison: Comparison, _ value: Any) throws(HKError) -> SampleFilter {
        let key = HKPredicateKeyPathDateComponents
        let components: DateComponents
        if let object = value as? NSDateComponents { components = object as DateComponents } else {
            components = try cast(value, DateComponents.self, key)
        }
        guard components.year != nil, components.month != nil, components.day != nil else {
            throw HKError(.errorInvalidArgument, "\(key) needs date components with a year, month and day, not \(components)")
        }
        return .field(FieldKey.activitySummaryDay, comparison, .number(HKQuery.activitySummaryDay(components)))
    }

    private static func canonical(_ value: Any, _ unit: HKUnit, _ key: String) throws(HKError) -> Double {
        let quantity = try cast(value, HKQuantity.self, key)
        do { return try quantity.checkedDoubleValue(for: unit) } catch {
            throw HKError(.errorInvalidArgument, "\(quantity) is not compatible with \(unit.unitString) for \(key)")
        }
    }

    private static func number(_ value: Any, _ key: String) throws(HKError) -> Double {
        guard let number = value as? NSNumber else { throw HKError(.errorInvalidArgument, "\(key) needs a number, not \(value)") }
        return number.doubleValue
    }

    private static func uuid(_ value: Any, _ key: String) throws(HKError) -> UUID {
        if let uuid = value as? UUID { return uuid }
        if let text = value as? String, let uuid = UUID(uuidString: text) { return uuid }
        throw HKError(.errorInvalidArgument, "\(key) needs a UUID, not \(value)")
    }

    private static func cast<T>(_ value: Any, _: T.Type, _ key: String) throws(HKError) -> T {
        guard let typed = value as? T else { throw HKError(.errorInvalidArgument, "\(key) needs a \(T.self), not \(type(of: value))") }
        return typed
    }
}

extension TextMatch.Kind {
    /// The kind a predicate format operator (`CONTAINS`, `BEGINSWITH`, `ENDSWITH`, upper case) stands for.
    init?(formatOperator: String) {
        guard let kind = Self.allCases.first(where: { $0.formatOperator == formatOperator }) else { return nil }
        self = kind
    }

    /// The predicate format operator, upper case.
    var formatOperator: String { rawValue.uppercased() }
}

/// Start- and end-date comparisons as date windows (strict start for `startDate`, strict end for `endDate`).
/// A strict window holds the dates `start <= d < end`, so `>` and `<=` use the next representable date.
enum DateBound {
    static func filter(onEnd: Bool, _ comparison: Comparison, _ date: Date) throws(HKError) -> SampleFilter {
        let next = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
        let window = { (start: Date?, end: Date?) in
            SampleFilter.window(DateWindow(start: start, end: end, strictStart: !onEnd, strictEnd: onEnd))
        }
        switch comparison {
        case .greaterThanOrEqual: return window(date, nil)
        case .greaterThan: return window(next, nil)
        case .lessThan: return window(nil, date)
        case .lessThanOrEqual: return window(nil, next)
        case .equal: return window(date, next)
        case .notEqual: return .not(window(date, next))
        }
    }
}
