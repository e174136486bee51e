import Foundation
@testable import OpenHealthKit

/// Helpers shared by the statistics tests: wall-clock dates in a time zone, samples, a seeded RNG.
enum StatisticsFixtures {
    static let watch = "com.example.watch"
    static let phone = "com.example.phone"

    /// A calendar in `zone`.
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// The instant of a wall-clock time in `zone`.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
                     zone: String = "UTC") -> Date {
        calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// A sample from `start` lasting `minutes`.
    static func sample(_ start: Date, minutes: Double, _ value: Double, _ source: String) -> StatisticsSample {
        StatisticsSample(start: start, end: start.addingTimeInterval(minutes * 60), value: value, source: source)
    }

    /// Whether two numbers agree to 1e-9 relative (or absolutely near zero).
    static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
}
