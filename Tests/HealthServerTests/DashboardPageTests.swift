import Foundation
import HealthKitModel
@testable import HealthServer
import HealthUnits
import OpenHealthKit
import Testing

/// The dashboard's pages over real HTTP: signed-out redirects, the overview with seeded data, a type's page in every
/// range with the totals HealthKit's own collection query gives on the same store file, merged across sources.
@Suite struct DashboardPageTests {
    typealias F = DashboardFixtures

    /// Alice's steps from two sources that overlap (watch first by priority) over the year to 26 Nov 2026, one saved
    /// through her own token over HTTP, heart rate readings and a night's sleep recorded twice.
    static func seedAlice(_ harness: ServerHarness) async throws -> String {
        let token = try await harness.person("alice")
        let watch = try harness.ownerStore(of: "alice", app: HKSource(name: "Alice's Watch", bundleIdentifier: "com.example.watch"))
        let phone = try harness.ownerStore(of: "alice", app: HKSource(name: "Alice's Phone", bundleIdentifier: "com.example.phone"))
        var phoneSamples: [HKObject] = [], watchSamples: [HKObject] = []
        for day in 1...26 {
            let morning = F.date(String(format: "2026-11-%02dT08:00:00", day))
            phoneSamples.append(F.steps(Double(1_000 + day), at: morning, minutes: 30))
            watchSamples.append(F.steps(600, at: morning.addingTimeInterval(15 * 60), minutes: 30))
            phoneSamples.append(F.steps(Double(200 * day), at: morning.addingTimeInterval(10 * 3600), minutes: 20))
        }
        for (text, count) in [("2026-03-15T12:00:00", 5_000.0), ("2026-06-10T09:00:00", 7_000), ("2026-10-31T23:50:00", 900)] {
            phoneSamples.append(F.steps(count, at: F.date(text), minutes: 20))
        }
        for day in 20...26 {
            for (hour, bpm) in [(6, 52.0 + Double(day)), (12, 88), (18, 120 + Double(day))] {
                watchSamples.append(F.heartRate(bpm, at: F.date(String(format: "2026-11-%02dT%02d:00:00", day, hour))))
            }
        }
        watchSamples.append(F.sleep(.asleepCore, from: F.date("2026-11-25T23:00:00"), to: F.date("2026-11-26T06:30:00")))
        phoneSamples.append(F.sleep(.asleepUnspecified, from: F.date("2026-11-26T00:00:00"), to: F.date("2026-11-26T06:00:00")))
        phoneSamples.append(F.sleep(.inBed, from: F.date("2026-11-25T22:00:00"), to: F.date("2026-11-26T07:00:00")))
        try await phone.save(phoneSamples)
        try await watch.save(watchSamples)
        try watch.setSourcePriority(bundleIdentifiers: ["com.example.watch", "com.example.phone"])
        let noon = #"{"samples":[{"type":"stepCount","startDate":"2026-11-26T12:00:00Z","endDate":"2026-11-26T12:10:00Z","quantity":{"value":321,"unit":"count"}}]}"#
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: noon)
        #expect(saved.status == 200, "\(saved.text)")
        return try await harness.signIn("alice")
    }

    @Test("signed out, every page redirects to sign in and back; a server without accounts sends people to sign up")
    func signedOut() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let empty = try await harness.send("GET", "/")
        #expect(empty.status == 303)
        #expect(empty.header("Location") == "/signup")
        _ = try await harness.person("alice")
        let root = try await harness.send("GET", "/")
        #expect(root.status == 303)
        #expect(root.header("Location") == "/signin?next=%2F")
        let typePage = try await harness.send("GET", "/types/stepCount?range=day")
        let location = try #require(typePage.header("Location"))
        #expect(location.hasPrefix("/signin?next="))
        for path in ["/types", "/apps", "/types/noSuchType"] {
            let reply = try await harness.send("GET", path)
            #expect(reply.status == 303 && reply.header("Location")?.hasPrefix("/signin") == true, "\(path)")
        }
        #expect(try await harness.send("POST", "/apps/revoke", form: [("app", "x")]).header("Location") == "/signin?next=%2F")
        // Signing in with the form's `next` lands on the page asked for.
        let next = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "next" }?.value)
        let signIn = try await harness.send("POST", "/signin", form: [("name", "alice"), ("password", "correct horse battery"), ("next", next)])
        #expect(signIn.header("Location") == "/types/stepCount?range=day")
        // A stale or forged cookie is no session.
        #expect(try await harness.send("GET", "/", cookie: "ohk_session=ohk_s_forged").status == 303)
    }

    @Test("the overview: the day's and the week's figures of steps, heart rate and sleep, each with an accessible SVG chart")
    func overview() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.seedAlice(harness)
        let page = try await harness.send("GET", "/?" + F.query, cookie: cookie)
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        let html = page.text
        let store = try harness.ownerStore(of: "alice")
        let week = try await F.collection(store, HKQuantityType(.stepCount), options: .cumulativeSum, start: F.date("2026-11-20T00:00:00"),
                                          end: F.date("2026-11-27T00:00:00"), interval: DateComponents(day: 1))
        #expect(week.count == 7)
        let today = try #require(week.last?.1.sumQuantity()?.doubleValue(for: .count()))
        #expect(html.contains("Thu 26 Nov 2026: <span class=\"figure\">\(ValueText.number(today))</span>"), "today's steps")
        let weekTotal = week.compactMap { $0.1.sumQuantity()?.doubleValue(for: .count()) }.reduce(0, +)
        #expect(html.contains("Last 7 days: \(ValueText.number(weekTotal)) in total"))
        // Charts: steps (bars), heart rate (bands), sleep (bars); no active energy was recorded, and the card says so.
        let svgs = ServerHarness.svgs(in: html)
        #expect(svgs.count == 3)
        let parsed = try svgs.map(SVGElements.init)
        #expect(parsed.allSatisfy { $0.root["role"] == "img" && !($0.root["aria-label"] ?? "").isEmpty })
        #expect(parsed[0].root["aria-label"]?.hasPrefix("Step Count, daily totals, 20 Nov – 26 Nov 2026: total \(ValueText.number(weekTotal))") == true)
        #expect(parsed[0].withClass("bar").count == 7)
        #expect(parsed[0].withClass("bar").allSatisfy { $0.title?.contains("Nov 2026: ") == true })
        #expect(parsed[1].withClass("band").count == 7)
        #expect(parsed[1].root["aria-label"]?.hasPrefix("Heart Rate, daily ranges") == true)
        #expect(html.contains("Active Energy Burned") && html.contains("No data in the last 7 days."))
        // Sleep: the watch's 23:00–06:30 and the phone's 00:00–06:00 are one night of 7 h 30 min; in bed does not count.
        #expect(html.contains("<span class=\"figure\">7 h 30 min</span>"))
        #expect(parsed[2].withClass("bar").count == 1)
        // The navigation: the current section marked, sign-out a POST carrying the session's CSRF token.
        #expect(html.contains("<a href=\"/\" aria-current=\"page\">Overview</a>"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        // One stylesheet, in the head; the navigation in a header before the main content.
        #expect(html.components(separatedBy: "<style>").count == 2)
        #expect(try #require(html.range(of: ".chart {")).lowerBound < (try #require(html.range(of: "</head>"))).lowerBound)
        #expect(try #require(html.range(of: "<header>\n<nav class=\"top\"")).lowerBound < (try #require(html.range(of: "<main>"))).lowerBound)
        let csrf = try #require(ServerHarness.csrf(in: html))
        #expect(try await harness.send("POST", "/signout", cookie: cookie, form: [("csrf", "wrong")]).status == 403)
        let out = try await harness.send("POST", "/signout", cookie: cookie, form: [("csrf", csrf)])
        #expect(out.status == 303 && out.header("Location") == "/signin")
        #expect(try await harness.send("GET", "/", cookie: cookie).status == 303, "the session ended")
    }

    @Test("a type's page in every range shows, interval by interval, the totals HealthKit's collection query gives, merged across sources")
    func typeRanges() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Self.seedAlice(harness)
        let store = try harness.ownerStore(of: "alice")
        let ranges: [(String, String, String, DateComponents)] = [
            ("day", "2026-11-26T00:00:00", "2026-11-27T00:00:00", DateComponents(hour: 1)),
            ("week", "2026-11-20T00:00:00", "2026-11-27T00:00:00", DateComponents(day: 1)),
            ("month", "2026-10-27T00:00:00", "2026-11-27T00:00:00", DateComponents(day: 1)),
            ("sixMonths", "2026-05-29T00:00:00", "2026-11-27T00:00:00", DateComponents(day: 7)),
            ("year", "2025-12-01T00:00:00", "2026-12-01T00:00:00", DateComponents(month: 1)),
        ]
        for (range, start, end, interval) in ranges {
            let page = try await harness.send("GET", "/types/stepCount?range=\(range)&" + F.query, cookie: cookie)
            #expect(page.status == 200, "\(range)")
            let expected = try await F.collection(store, HKQuantityType(.stepCount), options: .cumulativeSum, start: F.date(start),
                                                  end: F.date(end), interval: interval)
            let rows = F.rows(page.text)
            #expect(rows.map(\.start) == expected.map(\.0), "\(range): the page's intervals are the query's")
            for (row, (_, statistics)) in zip(rows, expected) {
                #expect(row.cells["value"] == statistics.sumQuantity()?.doubleValue(for: .count()), "\(range) \(row.start)")
            }
            let total = expected.compactMap { $0.1.sumQuantity()?.doubleValue(for: .count()) }.reduce(0, +)
            #expect(page.text.contains("Total: <span class=\"figure\">\(ValueText.number(total))</span>"), "\(range) total")
            #expect(page.text.contains("<a href=\"/types/stepCount?range=\(range)&amp;date=2026-11-26&amp;tz=UTC\" aria-current=\"page\">"))
            let svg = try SVGElements(try #require(ServerHarness.svgs(in: page.text).first))
            #expect(svg.withClass("bar").count == expected.filter { $0.1.sumQuantity() != nil }.count, "\(range)")
        }
        // Merged, not added: the watch's half-hour overlaps the phone's each morning, and the totals count it once.
        let week = try await harness.send("GET", "/types/stepCount?range=week&" + F.query, cookie: cookie)
        let thursday = try #require(F.rows(week.text).last?.cells["value"])
        let added: Double = 1_026 + 600 + 200 * 26 + 321
        #expect(thursday < added)
        // The sources, in priority order: the watch first as the person set it.
        let sources = ServerHarness.firstMatch(#"<ol class="sources">(.*?)</ol>"#, in: week.text).first ?? ""
        let watchAt = try #require(sources.range(of: "Alice&#39;s Watch")), phoneAt = try #require(sources.range(of: "Alice&#39;s Phone"))
        #expect(watchAt.lowerBound < phoneAt.lowerBound)
        // A discrete type: each day's band is the query's minimum, average and maximum.
        let heart = try await harness.send("GET", "/types/heartRate?range=week&" + F.query, cookie: cookie)
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let expected = try await F.collection(store, HKQuantityType(.heartRate), options: [.discreteMin, .discreteMax, .discreteAverage],
                                              start: F.date("2026-11-20T00:00:00"), end: F.date("2026-11-27T00:00:00"), interval: DateComponents(day: 1))
        for (row, (_, statistics)) in zip(F.rows(heart.text), expected) {
            #expect(row.cells["min"] == statistics.minimumQuantity()?.doubleValue(for: bpm))
            #expect(row.cells["average"] == statistics.averageQuantity()?.doubleValue(for: bpm))
            #expect(row.cells["max"] == statistics.maximumQuantity()?.doubleValue(for: bpm))
        }
        #expect(heart.text.contains("Range: <span class=\"figure\">72–146 bpm, average"))
    }

    @Test("a type without data says No data; an unknown type is a 404 page, a bad range or date a 400 page, in HTML; other methods 405")
    func emptyAndBad() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let cookie = try await harness.signIn("alice")
        let empty = try await harness.send("GET", "/types/bodyMass?range=year&" + F.query, cookie: cookie)
        #expect(empty.status == 200)
        #expect(empty.text.contains("No data"))
        #expect(ServerHarness.svgs(in: empty.text).isEmpty)
        #expect(empty.text.contains("No source wrote this type in this period."))
        for (path, status, words) in [("/types/noSuchType", 404, "No quantity type is named “noSuchType”"),
                                      ("/types/sleepAnalysis", 404, "No quantity type is named"),
                                      ("/types/stepCount?range=decade", 400, "range: &quot;decade&quot; must be one of"),
                                      ("/types/stepCount?date=2026-02-30", 400, "is not a day written YYYY-MM-DD"),
                                      ("/?tz=Mars/Olympus", 400, "is not an IANA time zone"),
                                      ("/types/%3Cscript%3E", 404, "No quantity type is named")] {
            let reply = try await harness.send("GET", path, cookie: cookie)
            #expect(reply.status == status, "\(path)")
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true, "\(path)")
            #expect(reply.text.contains(words), "\(path): \(reply.text)")
            #expect(!reply.text.contains("<script"), "\(path): the name is shown as text")
        }
        let put = try await harness.send("PUT", "/apps", cookie: cookie)
        #expect(put.status == 405 && put.header("Allow") == "GET")
        let index = try await harness.send("GET", "/types", cookie: cookie)
        #expect(index.text.contains("<a href=\"/types/stepCount\">Step Count</a>"))
    }
}
