import Foundation
import Testing
@testable import OpenHealthKit

@Suite("Statistics buckets")
struct StatisticsBucketsTests {
    typealias F = StatisticsFixtures

    func days(_ zone: String, anchor: Date) -> StatisticsBuckets {
        StatisticsBuckets(anchor: anchor, components: DateComponents(day: 1),
                          calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: zone)!)!
    }

    @Test("A day across a DST change lasts 23 or 25 hours, both directions from the anchor",
          arguments: [
            ("Europe/Berlin", 2024, 3, 31, 23.0), ("Europe/Berlin", 2024, 10, 27, 25.0),
            ("America/New_York", 2024, 3, 10, 23.0), ("America/New_York", 2024, 11, 3, 25.0),
            ("Europe/Berlin", 2024, 6, 1, 24.0),
          ])
    func dstDays(zone: String, year: Int, month: Int, day: Int, hours: Double) {
        for anchor in [F.date(2024, 1, 1, zone: zone), F.date(2025, 2, 1, zone: zone)] {
            let buckets = days(zone, anchor: anchor)
            let bucket = buckets.interval(containing: F.date(year, month, day, 12, zone: zone))
            #expect(bucket.start == F.date(year, month, day, zone: zone))
            #expect(bucket.duration == hours * 3600)
        }
    }

    @Test("Buckets cover [start, end) consecutively from the bucket containing start")
    func covering() {
        let zone = "Europe/Berlin"
        let buckets = days(zone, anchor: F.date(2024, 10, 1, 6, zone: zone))
        let intervals = buckets.intervals(from: F.date(2024, 10, 26, 3, zone: zone), to: F.date(2024, 10, 28, 6, zone: zone))
        #expect(intervals.map(\.start) == [25, 26, 27].map { F.date(2024, 10, $0, 6, zone: zone) })
        let hours: [TimeInterval] = [24, 25, 24]
        #expect(intervals.map(\.duration) == hours.map { $0 * 3600 })
        #expect(buckets.intervals(from: intervals[0].end, to: intervals[0].end).isEmpty)
    }

    @Test("Months anchored on the 31st do not drift; hours stay 3600 s across DST; minutes backwards")
    func otherUnits() {
        let zone = "America/New_York"
        let calendar = Calendar(identifier: .gregorian)
        let months = StatisticsBuckets(anchor: F.date(2024, 1, 31, zone: zone), components: DateComponents(month: 1),
                                       calendar: calendar, timeZone: TimeZone(identifier: zone)!)!
        #expect(months.boundary(1) == F.date(2024, 2, 29, zone: zone))
        #expect(months.boundary(2) == F.date(2024, 3, 31, zone: zone))
        #expect(months.boundary(-1) == F.date(2023, 12, 31, zone: zone))
        let hours = StatisticsBuckets(anchor: F.date(2024, 3, 10, zone: zone), components: DateComponents(hour: 1),
                                      calendar: calendar, timeZone: TimeZone(identifier: zone)!)!
        let span = hours.intervals(from: F.date(2024, 3, 10, zone: zone), to: F.date(2024, 3, 11, zone: zone))
        #expect(span.count == 23 && span.allSatisfy { $0.duration == 3600 })
        let minutes = StatisticsBuckets(anchor: F.date(2024, 1, 1), components: DateComponents(minute: 15),
                                        calendar: calendar, timeZone: TimeZone(identifier: "UTC")!)!
        #expect(minutes.interval(containing: F.date(2023, 12, 31, 23, 50)).start == F.date(2023, 12, 31, 23, 45))
        let years = StatisticsBuckets(anchor: F.date(2020, 1, 1), components: DateComponents(year: 1),
                                      calendar: calendar, timeZone: TimeZone(identifier: "UTC")!)!
        #expect(years.interval(containing: F.date(2024, 7, 1)).duration == 366 * 86_400)
        #expect(StatisticsBuckets(anchor: .now, components: DateComponents(), calendar: calendar,
                                  timeZone: TimeZone(identifier: "UTC")!) == nil)
    }
}
