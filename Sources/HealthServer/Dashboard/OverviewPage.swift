import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/`: the day and the seven days ending with it for the main types — steps, active energy, heart rate, and sleep
/// when there is any — each a card with the day's figure, the week's, and a chart of the week.
struct OverviewPage: Sendable {
    /// The main quantity types, in the order their cards appear.
    static let mainTypes: [HKQuantityTypeIdentifier] = [.stepCount, .activeEnergyBurned, .heartRate]

    /// Who is looking.
    let viewer: DashboardViewer
    /// The day (today unless `date` says otherwise) and time zone.
    let day: DashboardDay

    /// The page.
    func response() async throws -> Response {
        let week = DashboardRange.week.window(endingOn: day.day, calendar: day.calendar)
        let dayName = day.isToday ? "Today" : week.format(day.day, "EEE d MMM yyyy")
        var body = "<h1>Overview</h1>\n<p class=\"pager\"><a href=\"\(day.link("/", day: day.calendar.date(byAdding: .day, value: -1, to: day.day)))\">← Day before</a>"
            + "<span>\(HTML.escape(dayName)) and the 7 days to it</span>"
            + (day.isToday ? "" : "<a href=\"\(day.link("/", day: day.calendar.date(byAdding: .day, value: 1, to: day.day)))\">Day after →</a>") + "</p>\n"
        for identifier in Self.mainTypes {
            guard let type = HKObjectType.quantityType(forIdentifier: identifier) else { continue }
            let unit = try await DashboardQueries.unit(for: type, in: viewer.store)
            let figures = try await DashboardQueries.figures(viewer.store, type: type, window: week, unit: unit)
            body += card(QuantityChart(type: type, window: week, figures: figures, unit: unit), dayName: dayName)
        }
        let sleep = try await SleepNights(viewer.store, window: week)
        if !sleep.isEmpty { body += card(sleep, dayName: dayName) }
        body += "<p><a href=\"/types\">All types</a></p>\n"
        return DashboardLayout.page(title: "Overview", viewer: viewer, section: .overview, body: body)
    }

    /// A quantity type's card: the day's figure, the week's, the chart and its numbers (or "No data").
    private func card(_ chart: QuantityChart, dayName: String) -> String {
        let id = chart.type.shortName
        let last = chart.figures.intervals.last
        var html = "<section class=\"card\" aria-labelledby=\"card-\(id)\">\n"
        html += "<h2 id=\"card-\(id)\"><a href=\"\(day.link("/types/" + id, range: .week))\">\(HTML.escape(chart.title))</a></h2>\n"
        html += "<p>\(HTML.escape(dayName)): <span class=\"figure\">\(HTML.escape(last.map(chart.describe) ?? "No data"))</span></p>\n"
        guard !chart.isEmpty else { return html + "<p class=\"empty\">No data in the last 7 days.</p>\n</section>\n" }
        var week = "Last 7 days: " + chart.headline
        if chart.isCumulative, let total = chart.figures.overall.sum {
            week += " in total, " + ValueText.quantity(total / 7, chart.unit) + " a day on average"
        }
        html += "<p class=\"muted\">\(HTML.escape(week))</p>\n"
        return html + SVGChart.svg(chart.series) + "\n" + chart.table + "</section>\n"
    }

    /// The sleep card: the last night, the week's average night and the chart of nights.
    private func card(_ sleep: SleepNights, dayName: String) -> String {
        var html = "<section class=\"card\" aria-labelledby=\"card-sleep\">\n<h2 id=\"card-sleep\"><a href=\"\(day.link("/sleep", range: .week))\">Sleep</a></h2>\n"
        let last = sleep.nights.last?.hours.map { ValueText.duration(hours: $0) } ?? "No data"
        html += "<p>Night to \(HTML.escape(dayName.lowercased() == "today" ? "today" : dayName)): <span class=\"figure\">\(last)</span></p>\n"
        html += "<p class=\"muted\">Last 7 nights: \(HTML.escape(sleep.average ?? "no data")) a night on average</p>\n"
        return html + SVGChart.svg(sleep.series) + "\n</section>\n"
    }
}
