import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
#if canImport(CoreLocation)
import CoreLocation
#endif

/// `/workouts` and `/workouts/{uuid}` rendered for real: the list, a workout's figures equal to the store's, its route
/// drawn as an SVG track from the locations HealthKit's route query gives, its events; and people kept apart.
@Suite struct DashboardWorkoutTests {
    typealias F = DashboardFixtures

    /// A 30-minute run on the 25th with a pause, heart rates during it and a 40-point route saved through
    /// `HKWorkoutRouteBuilder`; and a walk without a route on the 26th. Returns the run.
    static func seed(_ store: HKHealthStore) async throws -> (run: HKWorkout, walk: HKWorkout) {
        let start = F.date("2026-11-25T07:00:00"), end = start.addingTimeInterval(1800)
        let events = [HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0), metadata: nil),
                      HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(660), duration: 0), metadata: nil)]
        let run = HKWorkout(activityType: .running, start: start, end: end, workoutEvents: events,
                            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 321.5),
                            totalDistance: HKQuantity(unit: .meter(), doubleValue: 5_230), metadata: nil)
        let walkStart = F.date("2026-11-26T18:00:00")
        let walk = HKWorkout(activityType: .walking, start: walkStart, end: walkStart.addingTimeInterval(2400))
        try await store.save([run, walk])
        try await store.save((0..<6).map { F.heartRate(130 + Double($0 * 7), at: start.addingTimeInterval(Double($0) * 300)) })
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData((0..<40).map { index in
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48.85 + Double(index) * 0.0005, longitude: 2.35 + Double(index % 10) * 0.0004),
                       altitude: 35, horizontalAccuracy: 4, verticalAccuracy: 3, course: 45, speed: 2.9,
                       timestamp: start.addingTimeInterval(Double(index) * 45))
        })
        _ = try await builder.finishRoute(with: run, metadata: nil)
        return (run, walk)
    }

    @Test("the list shows the range's workouts newest first; a workout's page has its figures, its route as an SVG track and its events")
    func workoutPages() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let store = try harness.ownerStore(of: "alice")
        let (run, walk) = try await Self.seed(store)
        let cookie = try await harness.signIn("alice")

        let list = try await harness.send("GET", "/workouts?range=week&" + F.query, cookie: cookie)
        #expect(list.status == 200)
        #expect(ServerHarness.firstMatch(#"<tr data-uuid="([^"]+)""#, in: list.text) == [walk.uuid.uuidString, run.uuid.uuidString])
        // The run's duration is its active time (the pause left out), as HealthKit's workout gives it.
        let total = Int(((run.duration + walk.duration) / 60).rounded())
        #expect(list.text.contains("data-count=\"2\">2 workouts</span>, \(String(format: "%d h %02d min", total / 60, total % 60)), 5.23 km"))
        #expect(list.text.contains(">Running</a>") && list.text.contains(">Walking</a>") && list.text.contains("<td>322 kcal</td>"))
        #expect(list.text.contains("<a href=\"/workouts\" aria-current=\"page\">Workouts</a>"))
        // The table scrolls in a labelled region of its own, so the page keeps to a phone's width.
        #expect(list.text.contains("<div role=\"region\" aria-label=\"Workouts\" tabindex=\"0\" style=\"overflow-x: auto\">\n<table class=\"workouts\">"))
        let earlier = try await harness.send("GET", "/workouts?range=week&date=2026-11-01&tz=UTC", cookie: cookie)
        #expect(earlier.text.contains("No data: no workout was recorded in this period."))

        let page = try await harness.send("GET", "/workouts/\(run.uuid)?" + F.query, cookie: cookie)
        #expect(page.status == 200, "\(page.text)")
        #expect(page.text.contains("<h1>Running</h1>") && page.text.contains("Wed 25 Nov 2026, 07:00–07:30"))
        #expect(page.text.contains("<dd data-seconds=\"\(run.duration)\">\(Int((run.duration / 60).rounded())) min</dd>"))
        let pace = Int((run.duration / 5.23).rounded())
        #expect(page.text.contains("<dd data-metres=\"5230.0\">5.23 km</dd>") && page.text.contains(String(format: "<dd>%d:%02d /km</dd>", pace / 60, pace % 60)))
        // The heart rate during the run, as HealthKit's statistics query gives it over the workout's time.
        let beats = try #require(try await QueryRunnerForStatistics.average(store, from: run.startDate, to: run.endDate))
        #expect(ServerHarness.firstMatch(#"<dt>Heart rate</dt><dd data-average="([^"]+)""#, in: page.text).first.flatMap(Double.init) == beats)

        // The route: one track through the library's locations, start and end marked, its length from CLLocation's distances.
        let routes = try await QueryRunnerForTests.samples(store, HKSeriesType.workoutRoute(), HKQuery.predicateForObjects(from: run))
        let locations = try #require(routes.first as? HKWorkoutRoute).locations
        let svgText = try #require(ServerHarness.svgs(in: page.text).first)
        let svg = try SVGElements(svgText)
        #expect(svg.root["role"] == "img" && svg.root["data-points"] == "40")
        #expect(svg.root["aria-label"]?.hasPrefix("Route, ") == true && svg.root["aria-label"]?.contains("40 points, from 07:00:00 to 07:29:15") == true)
        let track = try #require(svg.withClass("track").first?.attributes["points"]).split(separator: " ")
        #expect(track.count == locations.count)
        let start = try #require(svg.withClass("start").first), end = try #require(svg.withClass("end").first)
        #expect("\(ServerHarness.trim(start.number("cx"))),\(ServerHarness.trim(start.number("cy")))" == String(track.first!))
        #expect("\(ServerHarness.trim(end.number("cx"))),\(ServerHarness.trim(end.number("cy")))" == String(track.last!))
        // North is up: the last point (furthest north) is drawn above the first.
        #expect(try #require(end.number("cy")) < (try #require(start.number("cy"))))
        let expected = zip(locations, locations.dropFirst()).reduce(0.0) { $0 + CLLocation($1.1).distance(from: CLLocation($1.0)) }
        let shown = try #require(ServerHarness.firstMatch(#"<p class="muted" data-metres="([^"]+)""#, in: page.text).first.flatMap(Double.init))
        #expect(abs(shown - expected) < expected * 0.005, "\(shown) m drawn, \(expected) m by CLLocation")
        #expect(page.text.contains("<th scope=\"row\">Pause</th><td>07:10:00</td>") && page.text.contains("<th scope=\"row\">Resume</th><td>07:11:00</td>"))

        let walkPage = try await harness.send("GET", "/workouts/\(walk.uuid)?" + F.query, cookie: cookie)
        #expect(walkPage.text.contains("No route was recorded with this workout.") && walkPage.text.contains("No events were recorded."))
        #expect(ServerHarness.svgs(in: walkPage.text).isEmpty)
    }

    @Test("another person's workout is a 404 page, their list never shows it; a bad id is a 404 and a bad range a 400")
    func isolation() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let (run, _) = try await Self.seed(try harness.ownerStore(of: "alice"))
        let bobsWalk = HKWorkout(activityType: .walking, start: F.date("2026-11-24T09:00:00"), end: F.date("2026-11-24T09:30:00"))
        try await harness.ownerStore(of: "bob").save(bobsWalk)
        let bob = try await harness.signIn("bob")
        let stolen = try await harness.send("GET", "/workouts/\(run.uuid)?" + F.query, cookie: bob)
        #expect(stolen.status == 404 && stolen.text.contains("No workout of yours has the id"))
        #expect(!stolen.text.contains("Running"))
        let list = try await harness.send("GET", "/workouts?range=month&" + F.query, cookie: bob)
        #expect(ServerHarness.firstMatch(#"<tr data-uuid="([^"]+)""#, in: list.text) == [bobsWalk.uuid.uuidString])
        #expect(try await harness.send("GET", "/workouts/\(bobsWalk.uuid)", cookie: bob).status == 200)
        #expect(try await harness.send("GET", "/workouts/not-a-uuid", cookie: bob).status == 404)
        let day = try await harness.send("GET", "/workouts?range=day", cookie: bob)
        #expect(day.status == 400 && day.text.contains("range: workouts are listed by week, month, sixMonths, year"))
        let signedOut = try await harness.send("GET", "/workouts/\(run.uuid)")
        #expect(signedOut.status == 303 && signedOut.header("Location")?.hasPrefix("/signin?next=") == true)
    }
}

extension ServerHarness {
    /// A number as the SVG writes a coordinate (at most two decimals, no trailing zeros), for comparing attributes.
    static func trim(_ value: Double?) -> String {
        guard let value else { return "" }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// The library's `HKStatisticsQuery` of heart rate, awaited.
enum QueryRunnerForStatistics {
    /// The average heart rate (count/min) of the samples overlapping `start`–`end`.
    static func average(_ store: HKHealthStore, from start: Date, to end: Date) async throws -> Double? {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(HKStatisticsQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: HKQuery.predicateForSamples(withStart: start, end: end),
                                            options: .discreteAverage) { _, statistics, error in
                if let error, (error as? HKError)?.code != .errorNoData { return continuation.resume(throwing: error) }
                continuation.resume(returning: statistics?.averageQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())))
            })
        }
    }
}
