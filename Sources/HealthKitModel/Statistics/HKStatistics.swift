public import Foundation

/// The figures computed for one quantity type over one time interval: a sum, or a minimum, average,
/// maximum and most recent value, and the duration covered.
///
/// Which figures are present depends on the options the query asked for; per-source figures are present
/// only when the query asked to separate by source. The statistics engine builds these objects;
/// `HKWorkout` and `HKWorkoutActivity` expose them for their own totals.
public final class HKStatistics: NSObject, @unchecked Sendable {
    /// The figures for one source, or merged across sources (OpenHealthKit extension).
    public struct Figures: Sendable, Equatable {
        /// The sum of a cumulative type.
        public var sum: HKQuantity?
        /// The average of a discrete type.
        public var average: HKQuantity?
        /// The minimum of a discrete type.
        public var minimum: HKQuantity?
        /// The maximum of a discrete type.
        public var maximum: HKQuantity?
        /// The most recent value.
        public var mostRecent: HKQuantity?
        /// When the most recent value was measured.
        public var mostRecentDateInterval: DateInterval?
        /// The time covered by samples.
        public var duration: HKQuantity?

        /// Creates figures; every figure defaults to absent.
        public init(
            sum: HKQuantity? = nil, average: HKQuantity? = nil, minimum: HKQuantity? = nil, maximum: HKQuantity? = nil,
            mostRecent: HKQuantity? = nil, mostRecentDateInterval: DateInterval? = nil, duration: HKQuantity? = nil
        ) {
            self.sum = sum
            self.average = average
            self.minimum = minimum
            self.maximum = maximum
            self.mostRecent = mostRecent
            self.mostRecentDateInterval = mostRecentDateInterval
            self.duration = duration
        }
    }

    /// The quantity type the statistics describe.
    public let quantityType: HKQuantityType
    /// The start of the interval (for a statistics query: the earliest start of the matching samples).
    public let startDate: Date
    /// The end of the interval (for a statistics query: the latest end of the matching samples).
    public let endDate: Date
    /// The sources that contributed, present only when the query separated by source.
    public let sources: [HKSource]?

    private let merged: Figures
    private let bySource: [HKSource: Figures]

    /// Creates statistics from computed figures (OpenHealthKit extension, for statistics engines).
    /// Pass `bySource` only for a query that separates by source; its keys become `sources`.
    public init(quantityType: HKQuantityType, startDate: Date, endDate: Date,
                merged: Figures, bySource: [HKSource: Figures]? = nil) {
        self.quantityType = quantityType
        self.startDate = startDate
        self.endDate = endDate
        self.merged = merged
        self.bySource = bySource ?? [:]
        self.sources = bySource.map { $0.keys.sorted { $0.bundleIdentifier < $1.bundleIdentifier } }
        super.init()
    }

    /// The sum over every source, for cumulative types.
    public func sumQuantity() -> HKQuantity? { merged.sum }
    /// One source's sum.
    public func sumQuantity(for source: HKSource) -> HKQuantity? { bySource[source]?.sum }
    /// The average over every source, for discrete types.
    public func averageQuantity() -> HKQuantity? { merged.average }
    /// One source's average.
    public func averageQuantity(for source: HKSource) -> HKQuantity? { bySource[source]?.average }
    /// The minimum over every source, for discrete types.
    public func minimumQuantity() -> HKQuantity? { merged.minimum }
    /// One source's minimum.
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { bySource[source]?.minimum }
    /// The maximum over every source, for discrete types.
    public func maximumQuantity() -> HKQuantity? { merged.maximum }
    /// One source's maximum.
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { bySource[source]?.maximum }
    /// The latest value.
    public func mostRecentQuantity() -> HKQuantity? { merged.mostRecent }
    /// One source's latest value.
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? { bySource[source]?.mostRecent }
    /// When the latest value was measured.
    public func mostRecentQuantityDateInterval() -> DateInterval? { merged.mostRecentDateInterval }
    /// When one source's latest value was measured.
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? { bySource[source]?.mostRecentDateInterval }
    /// The time covered by the samples.
    public func duration() -> HKQuantity? { merged.duration }
    /// The time covered by one source's samples.
    public func duration(for source: HKSource) -> HKQuantity? { bySource[source]?.duration }

    /// Type, interval and the figures present.
    public override var description: String {
        let figures: [(String, HKQuantity?)] = [
            ("sum", merged.sum), ("avg", merged.average), ("min", merged.minimum),
            ("max", merged.maximum), ("recent", merged.mostRecent), ("duration", merged.duration),
        ]
        let present = figures.compactMap { name, value in value.map { "\(name) \($0)" } }
        return "\(quantityType.identifier) \(startDate) - \(endDate): " + present.joined(separator: ", ")
    }
}
