import Foundation

/// A stretch of time cut into equal calendar intervals (hours, days, weeks, months) in one time zone, with the words
/// a chart of it needs: the labels on its time axis, each interval's tooltip title and the window's own title.
struct ChartWindow: Sendable {
    /// The range this window is one of.
    let range: DashboardRange
    /// The start of the first interval.
    let start: Date
    /// The end of the last interval.
    let end: Date
    /// One interval's length, as calendar components (anchored at `start`).
    let interval: DateComponents
    /// The calendar (and time zone) the intervals and words follow.
    let calendar: Calendar

    /// Every interval, oldest first.
    var intervals: [DateInterval] {
        var result: [DateInterval] = []
        var current = start
        while current < end, let next = calendar.date(byAdding: interval, to: current) {
            result.append(DateInterval(start: current, end: min(next, end)))
            current = next
        }
        return result
    }

    /// The time-axis label of the interval at `index` among `intervals`; empty where labels are thinned out.
    func axisLabel(_ index: Int, of intervals: [DateInterval]) -> String {
        let start = intervals[index].start
        switch range {
        case .day:
            return index % 6 == 0 ? format(start, "HH:mm") : ""
        case .week:
            return format(start, "EEE")
        case .month:
            return (intervals.count - 1 - index) % 7 == 0 ? format(start, "d MMM") : ""
        case .sixMonths:
            let month = calendar.component(.month, from: start)
            return index == 0 || calendar.component(.month, from: intervals[index - 1].start) != month ? format(start, "MMM") : ""
        case .year:
            return format(start, "MMMMM")
        }
    }

    /// The interval's name in a tooltip or a table row: "Thu 26 Nov 2026, 06:00–07:00", "Thu 26 Nov 2026",
    /// "2 Nov – 8 Nov 2026", "November 2026".
    func name(of interval: DateInterval) -> String {
        switch range {
        case .day: format(interval.start, "EEE d MMM yyyy, HH:mm") + "–" + format(interval.end, "HH:mm")
        case .week, .month: format(interval.start, "EEE d MMM yyyy")
        case .sixMonths: span(interval)
        case .year: format(interval.start, "MMMM yyyy")
        }
    }

    /// The window's title: "Thu 26 Nov 2026", "20 Nov – 26 Nov 2026", "Dec 2025 – Nov 2026".
    var title: String {
        switch range {
        case .day: format(start, "EEE d MMM yyyy")
        case .week, .month, .sixMonths: span(DateInterval(start: start, end: end))
        case .year: format(start, "MMM yyyy") + " – " + format(calendar.date(byAdding: .month, value: -1, to: end)!, "MMM yyyy")
        }
    }

    /// The days `interval` covers, first to last: "2 Nov – 8 Nov 2026" (the year on both ends when they differ).
    private func span(_ interval: DateInterval) -> String {
        let last = calendar.date(byAdding: .day, value: -1, to: interval.end)!
        let sameYear = calendar.component(.year, from: interval.start) == calendar.component(.year, from: last)
        return format(interval.start, sameYear ? "d MMM" : "d MMM yyyy") + " – " + format(last, "d MMM yyyy")
    }

    /// `date` in `pattern` (a fixed, English format: pages read the same on every server).
    func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
