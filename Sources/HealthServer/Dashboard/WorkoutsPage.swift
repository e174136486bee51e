import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/workouts?range=week|month|sixMonths|year`: the workouts that started in the range ending with the day, newest
/// first (an `HKSampleQuery` of the person's workouts): how many and their total time and distance, then each
/// workout's day, activity, duration, distance and energy, linking to its page (``WorkoutPage``).
struct WorkoutsPage: Sendable {
    /// The ranges the page offers.
    static let ranges: [DashboardRange] = [.week, .month, .sixMonths, .year]
    /// The most workouts one page lists.
    static let limit = 500

    /// Who is looking.
    let viewer: DashboardViewer
    /// The day the range ends with, and the time zone.
    let day: DashboardDay
    /// The range.
    let range: DashboardRange

    /// The page for `range`; throws a 400 naming the allowed ranges for any other.
    init(viewer: DashboardViewer, day: DashboardDay, range: DashboardRange) throws {
        self.viewer = viewer
        self.day = day
        self.range = try range.offered(Self.ranges, "workouts are listed by")
    }

    /// The page.
    func response() async throws -> Response {
        let window = range.window(endingOn: day.day, calendar: day.calendar)
        let predicate = HKQuery.predicateForSamples(withStart: window.start, end: window.end, options: [.strictStartDate])
        let workouts = try await QueryRunner.samples(viewer.store, type: HKObjectType.workoutType(), predicate: predicate, limit: Self.limit,
                                                     sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)])
            .compactMap { $0 as? HKWorkout }
        var body = "<h1>Workouts</h1>\n" + RangeNavigation.html("/workouts", ranges: Self.ranges, range: range, window: window, day: day)
        guard !workouts.isEmpty else {
            body += "<p class=\"empty\" role=\"status\">No data: no workout was recorded in this period.</p>\n"
            return DashboardLayout.page(title: "Workouts", viewer: viewer, section: .workouts, body: body)
        }
        let kilometres = workouts.compactMap { $0.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)) }.reduce(0, +)
        let time = workouts.map(\.duration).reduce(0, +)
        body += "<p><span class=\"figure\" data-count=\"\(workouts.count)\">\(workouts.count) \(workouts.count == 1 ? "workout" : "workouts")</span>, "
            + "\(WorkoutText.duration(time))" + (kilometres > 0 ? ", \(ValueText.quantity(kilometres, "km"))" : "") + "</p>\n"
        var table = "<table class=\"workouts\">\n<caption>Workouts, \(HTML.escape(window.title)), newest first</caption>\n<thead><tr>"
            + ["When", "Workout", "Duration", "Distance", "Energy"].map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for workout in workouts {
            table += "<tr data-uuid=\"\(workout.uuid.uuidString)\"><td class=\"when\">\(HTML.escape(window.format(workout.startDate, "EEE d MMM, HH:mm")))</td>"
            table += "<th scope=\"row\"><a href=\"\(day.link("/workouts/" + workout.uuid.uuidString))\">\(HTML.escape(WorkoutText.activity(workout.workoutActivityType)))</a></th>"
            table += "<td data-seconds=\"\(workout.duration)\">\(WorkoutText.duration(workout.duration))</td>"
            table += "<td>\(workout.totalDistance.map(WorkoutText.distance) ?? "–")</td><td>\(workout.totalEnergyBurned.map(WorkoutText.energy) ?? "–")</td></tr>\n"
        }
        body += ScrollRegion.html(table + "</tbody>\n</table>\n", label: "Workouts")
        if workouts.count == Self.limit { body += "<p class=\"muted\">The newest \(Self.limit) are listed; choose a shorter range for the rest.</p>\n" }
        return DashboardLayout.page(title: "Workouts", viewer: viewer, section: .workouts, body: body)
    }
}
