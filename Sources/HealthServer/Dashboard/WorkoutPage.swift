import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit
#if canImport(CoreLocation)
import CoreLocation
#endif

/// `/workouts/{uuid}`: one of the person's workouts. Its figures (duration, distance, pace, energy, and the heart rate
/// during it, an `HKStatisticsQuery` over the workout's time), its route drawn as an SVG track (``RouteTrack``: the
/// routes `HKQuery.predicateForObjects(from:)` finds, their locations read with `HKWorkoutRouteQuery`) and its events.
/// The workout is looked up in the signed-in person's own store only, so another person's workout is a 404 like one
/// that does not exist.
struct WorkoutPage: Sendable {
    /// Who is looking.
    let viewer: DashboardViewer
    /// The time zone (and the day links keep).
    let day: DashboardDay

    /// The page for the workout `id` names.
    func response(id: String) async throws -> Response {
        guard let uuid = UUID(uuidString: id),
              let workout = try await QueryRunner.samples(viewer.store, type: HKObjectType.workoutType(),
                                                          predicate: HKQuery.predicateForObjects(with: [uuid]), limit: 1, sort: []).first as? HKWorkout
        else { throw ServerError.notFound("No workout of yours has the id “\(id)”. Your workouts are listed at /workouts.") }
        let calendarDay = DashboardRange.day.window(endingOn: workout.startDate, calendar: day.calendar)
        func time(_ date: Date) -> String { calendarDay.format(date, "HH:mm:ss") }
        let title = WorkoutText.activity(workout.workoutActivityType)
        var body = "<p><a href=\"\(day.link("/workouts"))\">← Workouts</a></p>\n<h1>\(HTML.escape(title))</h1>\n"
        body += "<p class=\"muted\">\(HTML.escape(calendarDay.format(workout.startDate, "EEE d MMM yyyy, HH:mm")))–"
            + "\(HTML.escape(calendarDay.format(workout.endDate, "HH:mm")))</p>\n"
        body += try await figures(workout)
        body += "<h2>Route</h2>\n" + (try await route(workout, time: time))
        body += "<h2>Events</h2>\n" + events(workout, time: time)
        return DashboardLayout.page(title: title, viewer: viewer, section: .workouts, body: body)
    }

    /// The figures as a description list, each value's exact number in a `data-` attribute.
    private func figures(_ workout: HKWorkout) async throws -> String {
        var rows: [(String, String, String)] = [("Duration", "data-seconds=\"\(workout.duration)\"", WorkoutText.duration(workout.duration))]
        if let distance = workout.totalDistance {
            rows.append(("Distance", "data-metres=\"\(distance.doubleValue(for: .meter()))\"", WorkoutText.distance(distance)))
            if let pace = WorkoutText.pace(seconds: workout.duration, distance: distance) { rows.append(("Average pace", "", pace)) }
        }
        if let energy = workout.totalEnergyBurned {
            rows.append(("Active energy", "data-kcal=\"\(energy.doubleValue(for: .kilocalorie()))\"", WorkoutText.energy(energy)))
        }
        let heartRate = HKQuantityType(.heartRate), perMinute = HKUnit.count().unitDivided(by: .minute())
        let during = HKQuery.predicateForSamples(withStart: workout.startDate, end: workout.endDate)
        if let beats = try await QueryRunner.statistics(viewer.store, type: heartRate, predicate: during,
                                                        options: [.discreteAverage, .discreteMin, .discreteMax]),
           let average = beats.averageQuantity()?.doubleValue(for: perMinute) {
            let low = beats.minimumQuantity()?.doubleValue(for: perMinute) ?? average, high = beats.maximumQuantity()?.doubleValue(for: perMinute) ?? average
            rows.append(("Heart rate", "data-average=\"\(average)\"",
                         "\(ValueText.quantity(average, "bpm")) on average (\(ValueText.number(low))–\(ValueText.number(high)) bpm)"))
        }
        return "<dl class=\"figures\">\n" + rows.map { name, data, value in
            "<dt>\(name)</dt><dd\(data.isEmpty ? "" : " " + data)>\(HTML.escape(value))</dd>\n"
        }.joined() + "</dl>\n"
    }

    /// The route's track, or a sentence saying there is none.
    private func route(_ workout: HKWorkout, time: (Date) -> String) async throws -> String {
        let routes = try await QueryRunner.samples(viewer.store, type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout),
                                                   limit: HKObjectQueryNoLimit,
                                                   sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
            .compactMap { $0 as? HKWorkoutRoute }
        var tracks: [[WorkoutRouteLocation]] = []
        for route in routes {
            tracks.append(try await SeriesReader.locations(viewer.store, route: route, interval: nil).map(WorkoutRouteLocation.init))
        }
        let track = RouteTrack(routes: tracks)
        guard let svg = track.svg(timeText: time) else { return "<p class=\"empty\">No route was recorded with this workout.</p>\n" }
        return svg + "\n<p class=\"muted\" data-metres=\"\(track.metres)\">\(ValueText.number(track.metres / 1000)) km along "
            + "\(track.locations.count) recorded locations (green: start, red: end).</p>\n"
    }

    /// The events (pauses, laps, segments…) as a table.
    private func events(_ workout: HKWorkout, time: (Date) -> String) -> String {
        guard let events = workout.workoutEvents, !events.isEmpty else { return "<p>No events were recorded.</p>\n" }
        var html = "<table class=\"events\">\n<thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Start</th><th scope=\"col\">End</th></tr></thead>\n<tbody>\n"
        for event in events {
            let interval = event.dateInterval
            html += "<tr><th scope=\"row\">\(HTML.escape(WorkoutText.event(event.type)))</th><td>\(time(interval.start))</td>"
                + "<td>\(interval.duration > 0 ? time(interval.end) : "–")</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
