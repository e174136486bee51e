import Foundation

/// How `HKQuery.predicateForSamples(withStart:end:options:)` tests a sample's interval against the window.
///
/// With no options a sample matches when it overlaps `[start, end)`; `strictStartDate` requires the sample to
/// start inside the window, `strictEndDate` to end inside it.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The sample must start inside the window.
    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    /// The sample must end inside the window.
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}
