import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import Testing

/// Pages in the person's time zone (`tz`): days and hours are that zone's, across a daylight-saving change.
@Suite struct DashboardTimeZoneTests {
    typealias F = DashboardFixtures

    @Test("Paris on 25 Oct 2026 has 25 hours: the day page has 25 hourly rows, each the collection query's in that zone")
    func daylightSavingDay() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let store = try harness.ownerStore(of: "alice")
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        let start = paris.date(from: DateComponents(year: 2026, month: 10, day: 25))!
        let end = paris.date(byAdding: .day, value: 1, to: start)!
        #expect(end.timeIntervalSince(start) == 25 * 3600)
        // A sample every 40 minutes through the day and a little beyond, so every hour and both edges hold data.
        let samples = stride(from: start.addingTimeInterval(-3600), to: end.addingTimeInterval(3600), by: 2400).enumerated().map { index, date in
            F.steps(Double(10 + index), at: date, minutes: 30)
        }
        try await store.save(samples)
        let cookie = try await harness.signIn("alice")
        let page = try await harness.send("GET", "/types/stepCount?range=day&date=2026-10-25&tz=Europe/Paris", cookie: cookie)
        #expect(page.status == 200)
        #expect(page.text.contains("Sun 25 Oct 2026"))
        let expected = try await F.collection(store, HKQuantityType(.stepCount), options: .cumulativeSum, start: start, end: end,
                                              interval: DateComponents(hour: 1), calendar: paris)
        let rows = F.rows(page.text)
        #expect(rows.count == 25)
        #expect(rows.map(\.start) == expected.map(\.0))
        for (row, (_, statistics)) in zip(rows, expected) {
            #expect(row.cells["value"] == statistics.sumQuantity()?.doubleValue(for: .count()), "\(row.start)")
        }
        // The repeated hour is named twice, as a clock in Paris reads it.
        #expect(page.text.components(separatedBy: "<th scope=\"row\">Sun 25 Oct 2026, 02:00–").count - 1 == 2)
    }
}
