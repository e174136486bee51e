import Foundation
@testable import HealthServer
import Testing

/// The dashboard's charts as text: well-formed SVG whose marks follow the values, with tooltips and a summary that
/// survive hostile text; the scale and the number words they use.
@Suite struct ChartTests {
    /// A point labelled "x" with `value` (and a band's `low` and `high`).
    static func point(_ value: Double?, low: Double? = nil, high: Double? = nil, tooltip: String = "t") -> ChartSeries.Point {
        ChartSeries.Point(axisLabel: "x", tooltip: tooltip, value: value, low: low, high: high)
    }

    @Test("bars: valid XML, one bar per interval with data, heights proportional to the values from a zero baseline")
    func barsFollowValues() throws {
        let values: [Double?] = [100, 250, nil, 0, 500, 37.5]
        let series = ChartSeries(style: .bars, points: values.enumerated().map { Self.point($1, tooltip: "day \($0)") }, summary: "Steps")
        let svg = try SVGElements(SVGChart.svg(series))
        #expect(svg.root["role"] == "img")
        #expect(svg.root["aria-label"] == "Steps")
        let bars = svg.withClass("bar")
        #expect(bars.count == 5, "no bar for the interval without data")
        let heights = bars.compactMap { $0.number("height") }
        let drawn = values.compactMap { $0 }
        let unit = heights[3] / 500
        #expect(unit > 0)
        for (height, value) in zip(heights, drawn) {
            #expect(abs(height - value * unit) < 0.01, "bar of \(value) is \(height) high")
        }
        // Every bar stands on the same baseline and fits in the picture.
        let bottoms = Set(bars.map { ((($0.number("y") ?? 0) + ($0.number("height") ?? 0)) * 1000).rounded() / 1000 })
        #expect(bottoms.count == 1)
        #expect(bars.allSatisfy { ($0.number("y") ?? -1) >= 0 && ($0.number("y")! + $0.number("height")!) <= SVGChart.height })
        #expect(bars.map(\.title) == ["day 0", "day 1", "day 3", "day 4", "day 5"])
        // Bars go left to right in order.
        let xs = bars.compactMap { $0.number("x") }
        #expect(xs == xs.sorted())
    }

    @Test("bands: each interval's band spans its minimum to maximum and its average line sits at the average")
    func bandsFollowValues() throws {
        let series = ChartSeries(style: .band, points: [
            Self.point(70, low: 50, high: 120), Self.point(nil), Self.point(60, low: 58, high: 64), Self.point(90, low: 90, high: 90),
        ], summary: "Heart rate")
        let svg = try SVGElements(SVGChart.svg(series))
        let bands = svg.withClass("band"), averages = svg.withClass("average")
        #expect(bands.count == 3 && averages.count == 3)
        // y grows downwards: map values through the first two bands to a line, then check every mark against it.
        let top0 = try #require(bands[0].number("y")), bottom0 = top0 + bands[0].number("height")!
        let perUnit = (bottom0 - top0) / (120 - 50)
        func y(_ value: Double) -> Double { bottom0 - (value - 50) * perUnit }
        #expect(abs(bands[1].number("y")! - y(64)) < 0.01)
        #expect(abs(bands[1].number("y")! + bands[1].number("height")! - y(58)) < 0.01)
        #expect(abs(averages[0].number("y1")! - y(70)) < 0.01)
        #expect(abs(averages[1].number("y1")! - y(60)) < 0.01)
        #expect(abs(averages[2].number("y1")! - y(90)) < 0.01)
        #expect(bands[2].number("height")! >= 2, "a band of one value is still visible")
    }

    @Test("hostile tooltips, labels and summaries stay text: the SVG parses and gives the words back unchanged")
    func hostileText() throws {
        let evil = "</title><script>alert('x')</script> & \"quotes\" <![CDATA[ ]]>"
        let series = ChartSeries(style: .bars, points: [ChartSeries.Point(axisLabel: evil, tooltip: evil, value: 1, low: nil, high: nil)],
                                 summary: evil)
        let text = SVGChart.svg(series)
        #expect(!text.contains("<script>"))
        let svg = try SVGElements(text)
        #expect(svg.root["aria-label"] == evil)
        #expect(svg.withClass("bar").first?.title == evil)
        #expect(!svg.elements.contains { $0.name == "script" })
    }

    @Test("a series without data draws no marks, and still parses")
    func emptySeries() throws {
        let series = ChartSeries(style: .bars, points: [Self.point(nil), Self.point(nil)], summary: "nothing")
        #expect(series.isEmpty)
        let svg = try SVGElements(SVGChart.svg(series))
        #expect(svg.withClass("bar").isEmpty)
    }

    @Test("the scale ends on round numbers around the values; bars start at zero, bands hug their values")
    func scale() {
        let bars = ChartScale(values: [0, 8_432, 12_050], fromZero: true)
        #expect(bars.lower == 0 && bars.upper == 12_500)
        #expect(bars.ticks == [0, 2_500, 5_000, 7_500, 10_000, 12_500])
        let band = ChartScale(values: [48, 162], fromZero: false)
        #expect(band.lower == 25 && band.upper == 175)
        #expect(band.ticks == [25, 50, 75, 100, 125, 150, 175])
        let single = ChartScale(values: [7], fromZero: true)
        #expect(single.upper > 7)
        #expect(ChartScale.roundStep(0.37) == 0.5)
        #expect(ChartScale.roundStep(3) == 5)
        #expect(ChartScale.roundStep(2.2) == 2.5)
        #expect(ChartScale.roundStep(.nan) == 1)
    }

    @Test("numbers and durations read the same everywhere: grouped thousands, decimals by size")
    func valueText() {
        #expect(ValueText.number(8_432) == "8,432")
        #expect(ValueText.number(1_234_567.4) == "1,234,567")
        #expect(ValueText.number(-1_234) == "-1,234")
        #expect(ValueText.number(72.5) == "72.5")
        #expect(ValueText.number(72.04) == "72")
        #expect(ValueText.number(0.349) == "0.35")
        #expect(ValueText.number(0) == "0")
        #expect(ValueText.number(.infinity) == "–")
        #expect(ValueText.quantity(61, "bpm") == "61 bpm")
        #expect(ValueText.duration(hours: 7.5) == "7 h 30 min")
        #expect(ValueText.duration(hours: 0.75) == "45 min")
    }
}
