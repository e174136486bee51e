package import Foundation

/// The intervals of a statistics collection: consecutive buckets laid out from an anchor date in steps of
/// `components`, in both directions, with calendar arithmetic in an explicit time zone.
///
/// Bucket `k` is `[boundary(k), boundary(k + 1))`, where `boundary(k)` adds `k` times the components to the
/// anchor (never repeated addition, so a month bucket anchored on the 31st does not drift). Because the
/// arithmetic is done by the calendar, a day that crosses a daylight-saving change lasts 23 or 25 hours.
package struct StatisticsBuckets: Sendable {
    /// The anchor: one bucket starts exactly here.
    package let anchor: Date
    /// The length of one bucket (minute … year; several fields may be combined).
    package let components: DateComponents
    /// The calendar, with its time zone set, used for all bucket arithmetic.
    package let calendar: Calendar
    private let approximateSeconds: Double

    /// Creates a layout, or `nil` when the components describe no positive length.
    package init?(anchor: Date, components: DateComponents, calendar: Calendar, timeZone: TimeZone) {
        var calendar = calendar
        calendar.timeZone = timeZone
        let fields: [(Int?, Double)] = [
            (components.year, 365.2425 * 86_400), (components.month, 30.436875 * 86_400),
            (components.weekOfYear, 7 * 86_400), (components.weekOfMonth, 7 * 86_400),
            (components.day, 86_400), (components.hour, 3_600), (components.minute, 60),
            (components.second, 1), (components.nanosecond, 1e-9),
        ]
        let seconds = fields.reduce(0.0) { $0 + Double($1.0 ?? 0) * $1.1 }
        guard seconds > 0 else { return nil }
        self.anchor = anchor
        self.components = components
        self.calendar = calendar
        self.approximateSeconds = seconds
    }

    /// The start of bucket `k` (bucket 0 starts at the anchor; negative `k` lies before it).
    package func boundary(_ k: Int) -> Date {
        if k == 0 { return anchor }
        var scaled = DateComponents()
        scaled.year = components.year.map { $0 * k }
        scaled.month = components.month.map { $0 * k }
        scaled.weekOfYear = components.weekOfYear.map { $0 * k }
        scaled.weekOfMonth = components.weekOfMonth.map { $0 * k }
        scaled.day = components.day.map { $0 * k }
        scaled.hour = components.hour.map { $0 * k }
        scaled.minute = components.minute.map { $0 * k }
        scaled.second = components.second.map { $0 * k }
        scaled.nanosecond = components.nanosecond.map { $0 * k }
        return calendar.date(byAdding: scaled, to: anchor)
            ?? anchor.addingTimeInterval(Double(k) * approximateSeconds)
    }

    /// The index of the bucket that contains `date`.
    package func index(containing date: Date) -> Int {
        var k = Int((date.timeIntervalSince(anchor) / approximateSeconds).rounded(.down))
        while boundary(k) > date { k -= 1 }
        while boundary(k + 1) <= date { k += 1 }
        return k
    }

    /// The bucket that contains `date`.
    package func interval(containing date: Date) -> DateInterval {
        interval(at: index(containing: date))
    }

    /// Bucket `k` as a date interval.
    package func interval(at k: Int) -> DateInterval {
        DateInterval(start: boundary(k), end: boundary(k + 1))
    }

    /// The consecutive buckets that together cover `[start, end)`: from the bucket containing `start` to the
    /// bucket containing the last instant before `end`. Empty when `end <= start`.
    package func intervals(from start: Date, to end: Date) -> [DateInterval] {
        guard end > start else { return [] }
        let first = index(containing: start)
        var result: [DateInterval] = []
        var k = first
        var lower = boundary(k)
        while lower < end {
            let upper = boundary(k + 1)
            result.append(DateInterval(start: lower, end: upper))
            lower = upper
            k += 1
        }
        return result
    }
}
