import Foundation

/// A key HealthKit sorts samples by, for `NSSortDescriptor(key:ascending:)` (OpenHealthKit extension).
///
/// HealthKit declares its sort identifiers (``HKSampleSortIdentifierStartDate`` ...) as `String`s. Linux
/// Foundation has no `NSSortDescriptor(key:ascending:)` for strings, so OpenHealthKit gives the constants
/// this type (raw values unchanged) and OpenHealthKit adds `NSSortDescriptor(key: HKSortIdentifier, ascending:)`;
/// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)` then compiles unchanged.
public struct HKSortIdentifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier's string, as HealthKit spells it.
    public let rawValue: String

    /// Creates an identifier from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal, so `HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw string.
    public var description: String { rawValue }
}
