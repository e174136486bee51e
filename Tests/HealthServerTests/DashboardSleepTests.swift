import Foundation
import HealthServer
import Testing

/// `/sleep`: nights over a week or a month, counted as the overview counts them.
@Suite struct DashboardSleepTests {
    typealias F = DashboardFixtures

    @Test("the week's and the month's nights: the overlapping watch and phone night is 7 h 30 min once, in bed not counted; other ranges are 400")
    func nights() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await DashboardPageTests.seedAlice(harness)
        let overview = try await harness.send("GET", "/?" + F.query, cookie: cookie)
        #expect(overview.text.contains("<a href=\"/sleep?range=week&amp;date=2026-11-26&amp;tz=UTC\">Sleep</a>"))
        for (range, nights, first) in [("week", 7, "2026-11-20T00:00:00Z"), ("month", 31, "2026-10-27T00:00:00Z")] {
            let page = try await harness.send("GET", "/sleep?range=\(range)&" + F.query, cookie: cookie)
            #expect(page.status == 200)
            #expect(page.text.contains("Average night: <span class=\"figure\">7 h 30 min</span>"))
            let rows = ServerHarness.firstMatch(#"(<tr data-start=.*?</tr>)"#, in: page.text)
            #expect(rows.count == nights)
            #expect(rows.first?.contains("data-start=\"\(first)\"") == true)
            let hours = rows.flatMap { ServerHarness.firstMatch(#"data-hours="([^"]+)""#, in: $0) }
            #expect(hours == ["7.5"], "\(range): one night with sleep")
            #expect(rows.last?.contains("data-hours=\"7.5\"") == true, "the night to the 26th")
            let svg = try SVGElements(try #require(ServerHarness.svgs(in: page.text).first))
            #expect(svg.withClass("bar").count == 1)
            #expect(svg.withClass("bar").first?.title == "Night to Thu 26 Nov 2026: 7 h 30 min asleep")
        }
        let earlier = try await harness.send("GET", "/sleep?range=week&date=2026-11-01&tz=UTC", cookie: cookie)
        #expect(earlier.text.contains("No data: no sleep was recorded in this period."))
        let day = try await harness.send("GET", "/sleep?range=day&" + F.query, cookie: cookie)
        #expect(day.status == 400)
        #expect(day.text.contains("range: sleep is shown by week, month"))
    }
}
