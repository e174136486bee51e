import Foundation

/// A chart's vertical scale: a lower and an upper end on round numbers, and the round values between them that
/// get a grid line. Bars start at zero; a band's scale hugs its values.
struct ChartScale: Sendable, Equatable {
    /// The value at the bottom of the plot.
    let lower: Double
    /// The value at the top of the plot.
    let upper: Double
    /// The values with a grid line and a label, bottom to top.
    let ticks: [Double]

    /// The scale for `values`; from zero when `fromZero` (bars), else from a round number at or below the least.
    init(values: [Double], fromZero: Bool) {
        let finite = values.filter(\.isFinite)
        var low = fromZero ? min(0, finite.min() ?? 0) : (finite.min() ?? 0)
        var high = max(finite.max() ?? 1, low)
        if high == low {
            // One value (or none): give it room above (and, for a band, below).
            let room = abs(high) > 0 ? abs(high) * 0.1 : 1
            high += room
            if !fromZero { low -= room }
        }
        let step = Self.roundStep((high - low) / 5)
        lower = (low / step).rounded(.down) * step
        upper = (high / step).rounded(.up) * step
        ticks = stride(from: lower, through: upper + step / 2, by: step).map { $0 }
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `raw`.
    static func roundStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        let factor: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return factor * power
    }

    /// Where `value` sits on the scale: 0 at `lower`, 1 at `upper`.
    func fraction(_ value: Double) -> Double {
        upper > lower ? (value - lower) / (upper - lower) : 0
    }
}
