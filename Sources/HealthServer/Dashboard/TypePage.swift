import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/types/{type}`: one quantity type over a day (hourly), week, month, six months or year (`?range=`), merged
/// across sources by the store's priority, with the range's figures, the chart, its numbers and the sources in
/// priority order. "Earlier" and "Later" links move by one range (`?date=`); a period without samples says "No data".
struct TypePage: Sendable {
    /// Who is looking.
    let viewer: DashboardViewer
    /// The day the range ends with, and the time zone.
    let day: DashboardDay
    /// The range.
    let range: DashboardRange
    /// The type.
    let type: HKQuantityType

    /// The quantity type `name` names (identifier or short name); throws ``ServerError/notFound(_:)`` for anything
    /// else, which the dashboard shows as a 404 page.
    static func type(named name: String) throws -> HKQuantityType {
        guard let type = HKObjectType.type(named: name) as? HKQuantityType else {
            throw ServerError.notFound("No quantity type is named “\(name)”. The list of types is at /types.")
        }
        return type
    }

    /// The page.
    func response() async throws -> Response {
        let window = range.window(endingOn: day.day, calendar: day.calendar)
        let unit = try await DashboardQueries.unit(for: type, in: viewer.store)
        let chart = QuantityChart(type: type, window: window, figures: try await DashboardQueries.figures(viewer.store, type: type, window: window, unit: unit),
                                  unit: unit)
        let path = "/types/" + type.shortName
        var body = "<h1>\(HTML.escape(chart.title))</h1>\n"
            + RangeNavigation.html(path, ranges: DashboardRange.allCases, range: range, window: window, day: day)
        if chart.isEmpty {
            body += "<p class=\"empty\" role=\"status\">No data: nothing of this type was recorded in this period.</p>\n"
        } else {
            let label = chart.isCumulative ? "Total" : "Range"
            body += "<p>\(label): <span class=\"figure\">\(HTML.escape(chart.headline))</span></p>\n"
            body += SVGChart.svg(chart.series) + "\n" + chart.table
        }
        body += try await sources(window, path: path)
        return DashboardLayout.page(title: chart.title, viewer: viewer, section: .types, body: body)
    }

    /// The sources of the type in `window`, in priority order, with the priority editor.
    private func sources(_ window: ChartWindow, path: String) async throws -> String {
        let sources = try await DashboardQueries.sources(viewer.store, type: type, window: window)
        var html = "<h2>Sources</h2>\n"
        guard !sources.isEmpty else { return html + "<p>No source wrote this type in this period.</p>\n" }
        html += "<p class=\"muted\">In priority order: where sources overlap, the figures count the higher one. The order is one for "
            + "all your data: moving a source here moves it for every type.</p>\n"
        return html + SourcePriorityForm(viewer: viewer).html(sources, back: day.link(path, range: range, day: day.day, escaped: false))
    }
}
