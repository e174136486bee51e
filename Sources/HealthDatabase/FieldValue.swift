public import Foundation

/// A typed value stored under a key of a record's `fields`: a metadata entry, or a searchable
/// attribute the mapping layer adds (a workout's activity type, a FHIR resource's identifier).
///
/// Keys are namespaced by the mapping layer: HealthKit metadata keys are stored as they are
/// (`HKWasUserEntered`); attributes use the prefix `@` (`@workout.activityType`), which no metadata key has.
public enum FieldValue: Sendable, Hashable, Codable {
    /// A string.
    case text(String)
    /// A number (integers and booleans included; booleans are 0 and 1).
    case number(Double)
    /// A boolean, kept apart from numbers so it comes back as a boolean.
    case bool(Bool)
    /// A date.
    case date(Date)
    /// A quantity: its value in SI base units (what filters compare) and its original text (`"5.2 kcal/hr·kg"`).
    case quantity(base: Double, text: String)

    /// The number a filter compares, for numbers, booleans, dates (seconds since 1970) and quantities.
    public var comparableNumber: Double? {
        switch self {
        case .number(let value): value
        case .bool(let value): value ? 1 : 0
        case .date(let date): date.timeIntervalSince1970
        case .quantity(let base, _): base
        case .text: nil
        }
    }

    /// The text a filter compares, for text values.
    public var comparableText: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
