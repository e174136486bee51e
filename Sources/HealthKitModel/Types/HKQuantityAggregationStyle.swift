import Foundation

/// How HealthKit combines the values of samples of one quantity type.
///
/// Cumulative types support only the sum statistic; discrete types support average, minimum,
/// maximum and most recent.
public enum HKQuantityAggregationStyle: Int, Sendable, CaseIterable {
    /// Samples are summed over time (steps, energy, distance).
    case cumulative = 0
    /// Samples are averaged arithmetically (iOS 13 name of `discrete`).
    case discreteArithmetic = 1
    /// Samples are averaged weighted by the time each value was in effect (heart rate).
    case discreteTemporallyWeighted = 2
    /// Samples are combined as an equivalent continuous sound level (IEC 61672-1).
    case discreteEquivalentContinuousLevel = 3

    /// The pre-iOS 13 name of ``discreteArithmetic``.
    @available(*, deprecated, renamed: "discreteArithmetic")
    public static let discrete = HKQuantityAggregationStyle.discreteArithmetic

    /// Whether the style is one of the discrete styles.
    ///
    /// OpenHealthKit extension.
    public var isDiscrete: Bool { self != .cumulative }
}
