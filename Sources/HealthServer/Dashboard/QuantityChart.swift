import Foundation
import HealthKitModel
import HealthUnits

/// A quantity type's figures over a window as the dashboard shows them: a headline, the chart (bars of totals for
/// cumulative types, minimum-to-maximum bands with the average for discrete ones), and the same numbers as a table
/// for people who do not see the chart (each cell also carries its exact value in a `data-` attribute).
struct QuantityChart: Sendable {
    /// The type.
    let type: HKQuantityType
    /// The window.
    let window: ChartWindow
    /// The figures, in `unit`.
    let figures: DashboardQueries.Window
    /// The unit as the page writes it after a number ("bpm", "kcal"; empty for counts).
    let unit: String

    /// Makes the chart of `figures` of `type` over `window`, measured in `unit`.
    init(type: HKQuantityType, window: ChartWindow, figures: DashboardQueries.Window, unit: HKUnit) {
        self.type = type
        self.window = window
        self.figures = figures
        self.unit = Self.label(for: unit)
    }

    /// How a unit is written after a number: counts bare, beats per minute as "bpm", others by their unit string.
    static func label(for unit: HKUnit) -> String {
        switch unit.unitString {
        case "count": ""
        case "count/min": "bpm"
        default: unit.unitString
        }
    }

    /// Whether the type's samples add up (bars) rather than being read one by one (bands).
    var isCumulative: Bool { type.aggregationStyle == .cumulative }

    /// Whether no interval has data.
    var isEmpty: Bool { figures.intervals.allSatisfy { $0.value == nil } }

    /// The type's name: "Step Count".
    var title: String { TypeNames.title(type) }

    /// The whole window in a few words: "52,000" (a total) or "48–162 bpm, average 71 bpm"; "No data" when empty.
    var headline: String {
        isEmpty ? "No data" : describe(figures.overall)
    }

    /// One interval's (or the window's) figures in words: "8,432"; "48–162 bpm, average 71 bpm"; "60 bpm" when every
    /// value was the same.
    func describe(_ figures: DashboardQueries.Figures) -> String {
        if isCumulative { return figures.sum.map { ValueText.quantity($0, unit) } ?? "No data" }
        guard let average = figures.average else { return "No data" }
        guard let low = figures.minimum, let high = figures.maximum, low != high else { return ValueText.quantity(average, unit) }
        let range = ValueText.number(low) + "–" + ValueText.number(high)
        return (unit.isEmpty ? range : range + " " + unit) + ", average " + ValueText.quantity(average, unit)
    }

    /// The chart.
    var series: ChartSeries {
        let intervals = window.intervals
        let points = figures.intervals.enumerated().map { index, figures in
            ChartSeries.Point(axisLabel: window.axisLabel(index, of: intervals),
                              tooltip: window.name(of: figures.interval) + ": " + describe(figures),
                              value: figures.value, low: figures.minimum, high: figures.maximum)
        }
        return ChartSeries(style: isCumulative ? .bars : .band, points: points, summary: summary)
    }

    /// What a screen reader hears for the chart: "Step Count, daily totals, 20 Nov – 26 Nov 2026: total 52,000;
    /// highest 9,120 on Tue 24 Nov 2026."
    var summary: String {
        let per = switch window.range {
        case .day: "hourly"
        case .week, .month: "daily"
        case .sixMonths: "weekly"
        case .year: "monthly"
        }
        let head = "\(title), \(per) \(isCumulative ? "totals" : "ranges"), \(window.title)"
        guard !isEmpty else { return head + ": no data." }
        if isCumulative, let total = figures.overall.sum,
           let best = figures.intervals.filter({ $0.sum != nil }).max(by: { $0.sum! < $1.sum! }), let most = best.sum {
            return head + ": total \(ValueText.quantity(total, unit)); highest \(ValueText.quantity(most, unit)) in \(window.name(of: best.interval))."
        }
        return head + ": " + describe(figures.overall) + "."
    }

    /// The numbers as a table, folded away under a summary line.
    var table: String {
        let columns = isCumulative ? ["Total"] : ["Lowest", "Average", "Highest"]
        let unitNote = unit.isEmpty ? "" : " (\(HTML.escape(unit)))"
        var html = "<details><summary>Show the numbers</summary>\n<table>\n<caption>\(HTML.escape(title)), \(HTML.escape(window.title))</caption>\n"
        html += "<thead><tr><th scope=\"col\">Period</th>" + columns.map { "<th scope=\"col\">\($0)\(unitNote)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        let stamp = Date.ISO8601FormatStyle()
        for figures in figures.intervals {
            html += "<tr data-start=\"\(stamp.format(figures.interval.start))\"><th scope=\"row\">\(HTML.escape(window.name(of: figures.interval)))</th>"
            let cells: [(String, Double?)] = isCumulative ? [("value", figures.sum)]
                : [("min", figures.minimum), ("average", figures.average), ("max", figures.maximum)]
            for (name, value) in cells {
                html += value.map { "<td data-\(name)=\"\($0)\">\(ValueText.number($0))</td>" } ?? "<td>–</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n"
    }
}
