import Foundation

/// What a dashboard chart draws: one point per interval, as bars (cumulative types: the total of each interval) or as a
/// band (discrete types: each interval's minimum to maximum, with its average marked).
struct ChartSeries: Sendable, Equatable {
    /// How the points are drawn.
    enum Style: Sendable, Equatable {
        /// A bar from zero to `value`.
        case bars
        /// A band from `low` to `high`, with `value` (the average) marked across it.
        case band
    }

    /// One interval.
    struct Point: Sendable, Equatable {
        /// The label under the point on the time axis; empty for none (labels are thinned to fit).
        var axisLabel: String
        /// The tooltip, a sentence that stands alone: "Thu 26 Nov 2026: 8,432 steps".
        var tooltip: String
        /// The bar's value, or the band's average; nil when the interval has no data.
        var value: Double?
        /// The band's lower end.
        var low: Double?
        /// The band's upper end.
        var high: Double?
    }

    /// Bars or a band.
    var style: Style
    /// The intervals, oldest first.
    var points: [Point]
    /// What a screen reader says instead of the picture: the chart's kind, its range and its main figures.
    var summary: String

    /// Every value the scale must hold.
    var extent: [Double] {
        points.flatMap { point in [point.value, point.low, point.high].compactMap { $0 } }
    }

    /// Whether no point has data.
    var isEmpty: Bool { points.allSatisfy { $0.value == nil } }
}
