import Foundation
import HealthKitModel
import OpenHealthKit

/// Each night's sleep stages (awake, REM, core, deep, asleep without a stage, in bed) from the sleep analysis samples
/// an `HKSampleQuery` returns, as the Health app shows one night's stages from one source.
///
/// A night runs noon to noon, as ``SleepNights`` counts it. Stages from two sources cannot be added up (a watch's REM
/// and a phone's "asleep" over the same hours are one sleep), so each night's stages are those of the source first in
/// the store's source priority among the sources that recorded that night; overlapping samples of one stage are merged.
/// The page shows the stages as a table per night and the last night with stages as a timeline (``timeline``).
struct SleepStages: Sendable {
    /// A stage, in the order the timeline draws them top to bottom.
    enum Stage: Int, CaseIterable, Sendable {
        case awake, rem, core, deep, asleep, inBed

        /// The stage of a sleep analysis value.
        init?(_ value: Int) {
            switch HKCategoryValueSleepAnalysis(rawValue: value) {
            case .awake: self = .awake
            case .asleepREM: self = .rem
            case .asleepCore: self = .core
            case .asleepDeep: self = .deep
            case .asleepUnspecified: self = .asleep
            case .inBed: self = .inBed
            default: return nil
            }
        }

        /// The column's and the timeline row's name.
        var title: String {
            switch self {
            case .awake: "Awake"
            case .rem: "REM"
            case .core: "Core"
            case .deep: "Deep"
            case .asleep: "Asleep (no stage)"
            case .inBed: "In bed"
            }
        }

        /// The timeline's colour for the stage (3:1 or more against white).
        var colour: String {
            switch self {
            case .awake: "#c0392b"
            case .rem: "#1f7a8c"
            case .core: "#0a4ea3"
            case .deep: "#3b2a85"
            case .asleep: "#2e6b1f"
            case .inBed: "#6b6b6b"
            }
        }
    }

    /// One night's stages from one source.
    struct Night: Sendable {
        /// The day the night ends on.
        var day: DateInterval
        /// The source whose stages these are (nil when nothing was recorded).
        var source: HKSource?
        /// The stages' merged intervals, in time order.
        var spans: [(stage: Stage, interval: DateInterval)]

        /// Seconds in `stage`.
        func seconds(_ stage: Stage) -> Double {
            spans.filter { $0.stage == stage }.reduce(0) { $0 + $1.interval.duration }
        }
    }

    /// The window's days.
    let window: ChartWindow
    /// Each day's night, oldest first.
    let nights: [Night]

    /// The nights ending on each day of `window`, from `store`.
    init(_ store: HKHealthStore, window: ChartWindow) async throws {
        self.window = window
        let days = window.intervals
        func noonBefore(_ date: Date) -> Date { window.calendar.date(byAdding: .hour, value: -12, to: date)! }
        guard let first = days.first, let last = days.last else {
            nights = []
            return
        }
        let predicate = HKQuery.predicateForSamples(withStart: noonBefore(first.start), end: noonBefore(last.end))
        let samples = try await QueryRunner.samples(store, type: HKCategoryType(.sleepAnalysis), predicate: predicate, limit: HKObjectQueryNoLimit,
                                                    sort: []).compactMap { $0 as? HKCategorySample }
        let order = try store.sourcePriority().map(\.bundleIdentifier)
        func rank(_ source: HKSource) -> (Int, String) { (order.firstIndex(of: source.bundleIdentifier) ?? order.count, source.name) }
        nights = days.map { day in
            let night = DateInterval(start: noonBefore(day.start), end: noonBefore(day.end))
            let touching = samples.filter { $0.startDate < night.end && $0.endDate > night.start && Stage($0.value) != nil }
            guard let source = touching.map(\.sourceRevision.source).min(by: { rank($0) < rank($1) }) else {
                return Night(day: day, source: nil, spans: [])
            }
            let mine = touching.filter { $0.sourceRevision.source.bundleIdentifier == source.bundleIdentifier }
            var spans: [(Stage, DateInterval)] = []
            for stage in Stage.allCases {
                let intervals = mine.filter { Stage($0.value) == stage }.compactMap { DateInterval(start: $0.startDate, end: $0.endDate).intersection(with: night) }
                spans += SleepNights.merged(intervals).map { (stage, $0) }
            }
            return Night(day: day, source: source, spans: spans.sorted { $0.1.start < $1.1.start }.map { (stage: $0.0, interval: $0.1) })
        }
    }

    /// The stages recorded in the window, in ``Stage`` order.
    var stagesSeen: [Stage] {
        Stage.allCases.filter { stage in nights.contains { $0.seconds(stage) > 0 } }
    }

    /// The nights with sleep as a table: each stage's time (exact seconds in `data-seconds`) and the source.
    var table: String {
        let stages = stagesSeen
        var html = "<table class=\"stages\">\n<caption>Sleep stages, \(HTML.escape(window.title))</caption>\n<thead><tr><th scope=\"col\">Night to</th>"
        html += stages.map { "<th scope=\"col\">\(HTML.escape($0.title))</th>" }.joined() + "<th scope=\"col\">Source</th></tr></thead>\n<tbody>\n"
        for night in nights.reversed() where night.source != nil {
            html += "<tr><th scope=\"row\">\(HTML.escape(window.name(of: night.day)))</th>"
            for stage in stages {
                let seconds = night.seconds(stage)
                html += seconds > 0 ? "<td data-stage=\"\(stage)\" data-seconds=\"\(seconds)\">\(ValueText.duration(hours: seconds / 3600))</td>" : "<td>–</td>"
            }
            html += "<td>\(HTML.escape(night.source?.name ?? ""))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// The last night with sleep as an SVG timeline: a row per stage, a bar for each stretch, hours along the bottom;
    /// nil when no night has any.
    var timeline: String? {
        guard let night = nights.last(where: { !$0.spans.isEmpty }), let start = night.spans.map(\.interval.start).min(),
              let end = night.spans.map(\.interval.end).max(), end > start else { return nil }
        let stages = Stage.allCases.filter { night.seconds($0) > 0 }
        let width = SVGChart.width, left = 92.0, right = 8.0, row = 24.0, top = 6.0
        let height = top + row * Double(stages.count) + 22
        func x(_ date: Date) -> Double { left + (width - left - right) * date.timeIntervalSince(start) / end.timeIntervalSince(start) }
        let label = "Sleep stages, night to \(window.name(of: night.day)): "
            + stages.map { "\($0.title) \(ValueText.duration(hours: night.seconds($0) / 3600))" }.joined(separator: ", ")
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart timeline\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"\(HTML.escape(label))\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n"
        for (index, stage) in stages.enumerated() {
            let y = top + row * Double(index)
            svg += "<text x=\"4\" y=\"\(y + row * 0.65)\" fill=\"#3d3d3d\">\(HTML.escape(stage.title))</text>\n"
            for span in night.spans where span.stage == stage {
                let from = window.format(span.interval.start, "HH:mm"), to = window.format(span.interval.end, "HH:mm")
                svg += "<g><title>\(HTML.escape("\(stage.title), \(from)–\(to)"))</title><rect class=\"stage\" data-stage=\"\(stage)\" "
                    + "x=\"\(ValueText.fixed(x(span.interval.start), decimals: 2))\" y=\"\(y + 3)\" "
                    + "width=\"\(ValueText.fixed(max(x(span.interval.end) - x(span.interval.start), 1), decimals: 2))\" height=\"\(row - 6)\" "
                    + "fill=\"\(stage.colour)\"/></g>\n"
            }
        }
        let baseline = top + row * Double(stages.count) + 14
        svg += "<g class=\"time-labels\" fill=\"#3d3d3d\"><text x=\"\(left)\" y=\"\(baseline)\">\(window.format(start, "HH:mm"))</text>"
            + "<text x=\"\(width - right)\" y=\"\(baseline)\" text-anchor=\"end\">\(window.format(end, "HH:mm"))</text></g>\n"
        return svg + "</svg>"
    }
}
