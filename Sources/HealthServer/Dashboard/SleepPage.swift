import Foundation
import Hummingbird

/// `/sleep`: time asleep each night over a week or a month (`?range=week|month`) ending with the day, as
/// ``SleepNights`` counts it (noon to noon, asleep stages only, overlapping sources merged): the average night, a bar
/// per night and the nights as a table; then the stages (``SleepStages``): the last night's as a timeline, each
/// night's as a table.
struct SleepPage: Sendable {
    /// The ranges the page offers: windows of days.
    static let ranges: [DashboardRange] = [.week, .month]

    /// Who is looking.
    let viewer: DashboardViewer
    /// The day the range ends with, and the time zone.
    let day: DashboardDay
    /// The range (week or month).
    let range: DashboardRange

    /// The page for `range`; throws a 400 naming the allowed ranges for any other.
    init(viewer: DashboardViewer, day: DashboardDay, range: DashboardRange) throws {
        self.viewer = viewer
        self.day = day
        self.range = try range.offered(Self.ranges, "sleep is shown by")
    }

    /// The page.
    func response() async throws -> Response {
        let window = range.window(endingOn: day.day, calendar: day.calendar)
        let sleep = try await SleepNights(viewer.store, window: window)
        var body = "<h1>Sleep</h1>\n" + RangeNavigation.html("/sleep", ranges: Self.ranges, range: range, window: window, day: day)
        if let average = sleep.average {
            body += "<p>Average night: <span class=\"figure\">\(average)</span></p>\n" + SVGChart.svg(sleep.series) + "\n" + sleep.table
        } else {
            body += "<p class=\"empty\" role=\"status\">No data: no sleep was recorded in this period.</p>\n"
        }
        body += "<p class=\"muted\">A night runs from noon to noon and is named by the day it ends on; every asleep stage counts, "
            + "time in bed or awake does not, and where sources overlap the time is counted once.</p>\n"
        let stages = try await SleepStages(viewer.store, window: window)
        if !stages.stagesSeen.isEmpty {
            body += "<h2>Stages</h2>\n" + (stages.timeline.map { $0 + "\n" } ?? "") + ScrollRegion.html(stages.table, label: "Sleep stages by night")
                + "<p class=\"muted\">Each night's stages are one source's: the first in your source order that recorded the night.</p>\n"
        }
        return DashboardLayout.page(title: "Sleep", viewer: viewer, section: .overview, body: body)
    }
}
