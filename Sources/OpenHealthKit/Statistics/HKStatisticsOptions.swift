import Foundation
package import HealthKitModel

/// Which figures a statistics query computes, and whether it also reports each source's own figures.
///
/// Discrete options (average, minimum, maximum) apply only to discrete quantity types, `cumulativeSum` only to
/// cumulative ones; `mostRecent`, `duration` and `separateBySource` apply to both.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt

    /// Creates options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Also compute each source's own (unmerged) figures.
    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    /// The average of a discrete type.
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    /// The minimum of a discrete type.
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    /// The maximum of a discrete type.
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    /// The sum of a cumulative type (merged by source priority).
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    /// The most recent value and when it was measured.
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The most recent value (old name of ``mostRecent``).
    @available(*, deprecated, renamed: "mostRecent")
    public static let discreteMostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The time covered by the samples.
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)

    /// Throws unless these options fit `type`'s aggregation style (HealthKit raises an exception instead).
    package func validate(for type: HKQuantityType) throws(HKError) {
        let cumulative = type.aggregationStyle == .cumulative
        let names: [(HKStatisticsOptions, String)] = [
            (.discreteAverage, "HKStatisticsOptionDiscreteAverage"), (.discreteMin, "HKStatisticsOptionDiscreteMin"),
            (.discreteMax, "HKStatisticsOptionDiscreteMax"), (.cumulativeSum, "HKStatisticsOptionCumulativeSum"),
        ]
        for (option, name) in names where contains(option) && (option == .cumulativeSum) == !cumulative {
            throw HKError(.errorInvalidArgument,
                          "Statistics option \(name) is not compatible with \(cumulative ? "cumulative" : "discrete") data type \(type.identifier)")
        }
    }

    /// `figures` with every figure these options did not ask for removed.
    package func mask(_ figures: HKStatistics.Figures) -> HKStatistics.Figures {
        var kept = HKStatistics.Figures()
        if contains(.cumulativeSum) { kept.sum = figures.sum }
        if contains(.discreteAverage) { kept.average = figures.average }
        if contains(.discreteMin) { kept.minimum = figures.minimum }
        if contains(.discreteMax) { kept.maximum = figures.maximum }
        if contains(.mostRecent) {
            kept.mostRecent = figures.mostRecent
            kept.mostRecentDateInterval = figures.mostRecentDateInterval
        }
        if contains(.duration) { kept.duration = figures.duration }
        return kept
    }
}
