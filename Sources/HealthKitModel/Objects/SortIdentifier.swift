import Foundation

/// A key HealthKit sorts samples by, for `NSSortDescriptor(key:ascending:)` (OpenHealthKit extension).
///
/// HealthKit declares its sort identifiers (``HKSampleSortIdentifierStartDate`` ...) as `String`s, and so does
/// OpenHealthKit. Linux Foundation's `NSSortDescriptor(key:ascending:)` for strings is unavailable, so OpenHealthKit
/// adds one (and one for this type) whose descriptor carries the identifier for the store to read back;
/// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)` then compiles unchanged.
public struct SortIdentifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier's string, as HealthKit spells it.
    public let rawValue: String

    /// Creates an identifier from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal, so `HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw string.
    public var description: String { rawValue }
}
