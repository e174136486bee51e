import Foundation

/// Draws a ``ChartSeries`` as an SVG element, on the server: no JavaScript, nothing vendored.
///
/// The picture is one `role="img"` element whose `aria-label` is the series' summary; every bar or band is a group
/// with a `<title>` (the browser's tooltip) and a `class` (`bar`, `band`, `average`) that tests and stylesheets find.
/// Colours keep at least 3:1 against white for the marks and 7:1 for the text. The result is well-formed XML.
enum SVGChart {
    /// The drawing's width in its own units (it scales to its container).
    static let width = 360.0
    /// The drawing's height in its own units.
    static let height = 180.0
    /// The margins around the plot: room for the value labels on the left and the time labels below.
    private static let left = 46.0, right = 6.0, top = 8.0, bottom = 22.0
    /// The palette: marks in the page's blue, the band lighter with a blue edge, text dark grey.
    private static let ink = "#0a4ea3", bandFill = "#a9c4ea", averageInk = "#111111", grid = "#d4d4d4",
                       axis = "#767676", text = "#3d3d3d"

    /// The plot's size inside the margins.
    static var plotWidth: Double { width - left - right }
    /// The plot's height inside the margins.
    static var plotHeight: Double { height - top - bottom }

    /// `series` as an `<svg>` element.
    static func svg(_ series: ChartSeries) -> String {
        let scale = ChartScale(values: series.extent, fromZero: series.style == .bars)
        func y(_ value: Double) -> Double { top + plotHeight * (1 - scale.fraction(value)) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
            + "role=\"img\" aria-label=\"\(HTML.escape(series.summary))\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n"
        svg += "<g class=\"grid\" stroke=\"\(grid)\" stroke-width=\"1\">"
        for tick in scale.ticks { svg += line(x1: left, x2: width - right, y: y(tick)) }
        svg += "</g>\n<g class=\"value-labels\" fill=\"\(text)\" text-anchor=\"end\">"
        for tick in scale.ticks {
            svg += "<text x=\"\(n(left - 4))\" y=\"\(n(y(tick) + 4))\">\(HTML.escape(ValueText.number(tick)))</text>"
        }
        svg += "</g>\n<g class=\"data\">\n"
        let slot = plotWidth / Double(max(series.points.count, 1))
        let baseline = y(max(scale.lower, 0))
        for (index, point) in series.points.enumerated() {
            guard let value = point.value else { continue }
            let x = left + slot * Double(index)
            svg += "<g><title>\(HTML.escape(point.tooltip))</title>"
            switch series.style {
            case .bars:
                let top = min(y(value), baseline)
                svg += rect(class: "bar", x: x + slot * 0.15, y: top, width: slot * 0.7, height: abs(baseline - y(value)), fill: ink)
            case .band:
                let high = y(point.high ?? value), low = y(point.low ?? value)
                let height = max(low - high, 2)
                svg += rect(class: "band", x: x + slot * 0.25, y: (high + low - height) / 2, width: slot * 0.5, height: height,
                            fill: bandFill, stroke: ink)
                svg += "<line class=\"average\" x1=\"\(n(x + slot * 0.15))\" x2=\"\(n(x + slot * 0.85))\" y1=\"\(n(y(value)))\" "
                    + "y2=\"\(n(y(value)))\" stroke=\"\(averageInk)\" stroke-width=\"2.5\"/>"
            }
            svg += "</g>\n"
        }
        svg += "</g>\n<g class=\"axis\" stroke=\"\(axis)\" stroke-width=\"1\">" + line(x1: left, x2: width - right, y: baseline) + "</g>\n"
        svg += "<g class=\"time-labels\" fill=\"\(text)\" text-anchor=\"middle\">"
        for (index, point) in series.points.enumerated() where !point.axisLabel.isEmpty {
            svg += "<text x=\"\(n(left + slot * (Double(index) + 0.5)))\" y=\"\(n(height - 6))\">\(HTML.escape(point.axisLabel))</text>"
        }
        return svg + "</g>\n</svg>"
    }

    /// A horizontal line at `y` from `x1` to `x2`.
    private static func line(x1: Double, x2: Double, y: Double) -> String {
        "<line x1=\"\(n(x1))\" x2=\"\(n(x2))\" y1=\"\(n(y))\" y2=\"\(n(y))\"/>"
    }

    /// A rectangle with a class (what tests and styles find it by), a fill and an optional edge.
    private static func rect(class name: String, x: Double, y: Double, width: Double, height: Double, fill: String,
                             stroke: String? = nil) -> String {
        "<rect class=\"\(name)\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\""
            + (stroke.map { " stroke=\"\($0)\" stroke-width=\"1\"" } ?? "") + "/>"
    }

    /// A coordinate with at most three decimals.
    private static func n(_ value: Double) -> String { ValueText.fixed(value, decimals: 3) }
}
