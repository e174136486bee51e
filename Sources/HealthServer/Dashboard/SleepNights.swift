import Foundation
import HealthKitModel
import OpenHealthKit

/// Time asleep per night, from the sleep analysis samples an `HKSampleQuery` returns.
///
/// A night runs from noon to noon and is named by the day it ends on. Every asleep stage counts (unspecified, core,
/// deep, REM); in bed and awake do not. Where sources overlap (a watch and a phone both recording the same night) the
/// time is counted once: the night's asleep intervals are merged before they are added up.
struct SleepNights: Sendable {
    /// One night: the day it ends on, and the hours asleep (nil when no asleep sample touches it).
    struct Night: Sendable, Equatable {
        /// The day (midnight to midnight) the night ends on.
        var day: DateInterval
        /// Hours asleep.
        var hours: Double?
    }

    /// The days of the window.
    let window: ChartWindow
    /// Each day's night, oldest first.
    let nights: [Night]

    /// The nights ending on each day of `window` (a window of days), from `store`.
    init(_ store: HKHealthStore, window: ChartWindow) async throws {
        self.window = window
        let calendar = window.calendar
        let days = window.intervals
        func noonBefore(_ date: Date) -> Date { calendar.date(byAdding: .hour, value: -12, to: date)! }
        guard let first = days.first, let last = days.last,
              let type = HKObjectType.categoryType(forIdentifier: .sleepAnalysis) else {
            nights = []
            return
        }
        let asleep = Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue))
        let predicate = HKQuery.predicateForSamples(withStart: noonBefore(first.start), end: noonBefore(last.end))
        let samples = try await QueryRunner.samples(store, type: type, predicate: predicate, limit: HKObjectQueryNoLimit, sort: [])
        let spans = samples.compactMap { $0 as? HKCategorySample }.filter { asleep.contains($0.value) }
            .map { DateInterval(start: $0.startDate, end: $0.endDate) }
        nights = days.map { day in
            let night = DateInterval(start: noonBefore(day.start), end: noonBefore(day.end))
            let seconds = Self.merged(spans.compactMap { $0.intersection(with: night) }).reduce(0) { $0 + $1.duration }
            let touched = spans.contains { $0.start < night.end && $0.end > night.start }
            return Night(day: day, hours: touched ? seconds / 3600 : nil)
        }
    }

    /// `intervals` with overlapping ones joined.
    static func merged(_ intervals: [DateInterval]) -> [DateInterval] {
        var result: [DateInterval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1] = DateInterval(start: last.start, end: max(last.end, interval.end))
            } else {
                result.append(interval)
            }
        }
        return result
    }

    /// Whether no night has sleep.
    var isEmpty: Bool { nights.allSatisfy { $0.hours == nil } }

    /// The nights as bars of hours, with tooltips and a summary sentence.
    var series: ChartSeries {
        let days = window.intervals
        let points = nights.enumerated().map { index, night in
            ChartSeries.Point(axisLabel: window.axisLabel(index, of: days),
                              tooltip: "Night to \(window.name(of: night.day)): " + (night.hours.map { ValueText.duration(hours: $0) + " asleep" } ?? "no data"),
                              value: night.hours, low: nil, high: nil)
        }
        return ChartSeries(style: .bars, points: points, summary: summary)
    }

    /// The average night with sleep, in words: "7 h 05 min".
    var average: String? {
        let hours = nights.compactMap(\.hours)
        return hours.isEmpty ? nil : ValueText.duration(hours: hours.reduce(0, +) / Double(hours.count))
    }

    /// The nights as a table, folded away under a summary line; each cell carries its exact hours in `data-hours`.
    var table: String {
        var html = "<details><summary>Show the numbers</summary>\n<table>\n<caption>Sleep, \(HTML.escape(window.title))</caption>\n"
        html += "<thead><tr><th scope=\"col\">Night to</th><th scope=\"col\">Asleep</th></tr></thead>\n<tbody>\n"
        let stamp = Date.ISO8601FormatStyle()
        for night in nights {
            html += "<tr data-start=\"\(stamp.format(night.day.start))\"><th scope=\"row\">\(HTML.escape(window.name(of: night.day)))</th>"
            html += night.hours.map { "<td data-hours=\"\($0)\">\(ValueText.duration(hours: $0))</td>" } ?? "<td>–</td>"
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n"
    }

    /// What a screen reader hears for the chart.
    var summary: String {
        "Sleep, hours asleep each night, \(window.title): " + (average.map { "on average \($0) a night with data." } ?? "no data.")
    }
}
