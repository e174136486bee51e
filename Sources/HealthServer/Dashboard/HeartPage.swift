import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/heart?range=day|week|month`: heart rate and heart rate variability over the range ending with the day, each as
/// the type pages draw it (``QuantityChart``: an `HKStatisticsCollectionQuery` merged across sources, minimum to
/// maximum with the average), resting heart rate when there is any, and the range's beat-to-beat recordings:
/// heartbeat series (how many, how many beats) and ECGs (when, classification, average heart rate).
struct HeartPage: Sendable {
    /// The ranges the page offers.
    static let ranges: [DashboardRange] = [.day, .week, .month]
    /// The quantity types the page charts, in order; the optional ones only when they have data.
    static let types: [(HKQuantityTypeIdentifier, optional: Bool)] = [(.heartRate, false), (.restingHeartRate, true),
                                                                       (.heartRateVariabilitySDNN, false)]

    /// Who is looking.
    let viewer: DashboardViewer
    /// The day the range ends with, and the time zone.
    let day: DashboardDay
    /// The range.
    let range: DashboardRange

    /// The page for `range`; throws a 400 naming the allowed ranges for any other.
    init(viewer: DashboardViewer, day: DashboardDay, range: DashboardRange) throws {
        self.viewer = viewer
        self.day = day
        self.range = try range.offered(Self.ranges, "the heart page is shown by")
    }

    /// The page.
    func response() async throws -> Response {
        let window = range.window(endingOn: day.day, calendar: day.calendar)
        var body = "<h1>Heart</h1>\n" + RangeNavigation.html("/heart", ranges: Self.ranges, range: range, window: window, day: day)
        for (identifier, optional) in Self.types {
            let type = HKQuantityType(identifier)
            let unit = try await DashboardQueries.unit(for: type, in: viewer.store)
            let chart = QuantityChart(type: type, window: window, figures: try await DashboardQueries.figures(viewer.store, type: type, window: window, unit: unit),
                                      unit: unit)
            if optional, chart.isEmpty { continue }
            body += section(chart)
        }
        body += try await recordings(window)
        return DashboardLayout.page(title: "Heart", viewer: viewer, section: .heart, body: body)
    }

    /// One type's section: its range of values, the chart and its numbers, and a link to its own page.
    private func section(_ chart: QuantityChart) -> String {
        let id = chart.type.shortName
        var html = "<section class=\"card\" aria-labelledby=\"heart-\(id)\">\n<h2 id=\"heart-\(id)\">\(HTML.escape(chart.title))</h2>\n"
        if chart.isEmpty {
            html += "<p class=\"empty\" role=\"status\">No data: nothing of this type was recorded in this period.</p>\n"
        } else {
            html += "<p>Range: <span class=\"figure\">\(HTML.escape(chart.headline))</span></p>\n" + SVGChart.svg(chart.series) + "\n" + chart.table
        }
        return html + "<p><a href=\"\(day.link("/types/" + id, range: range))\">All \(HTML.escape(chart.title)) data and its sources</a></p>\n</section>\n"
    }

    /// The heartbeat series and ECGs that started in `window`.
    private func recordings(_ window: ChartWindow) async throws -> String {
        let predicate = HKQuery.predicateForSamples(withStart: window.start, end: window.end, options: [.strictStartDate])
        let oldestFirst = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
        let series = try await QueryRunner.samples(viewer.store, type: HKSeriesType.heartbeat(), predicate: predicate, limit: HKObjectQueryNoLimit,
                                                   sort: oldestFirst).compactMap { $0 as? HKHeartbeatSeriesSample }
        let ecgs = try await QueryRunner.samples(viewer.store, type: HKObjectType.electrocardiogramType(), predicate: predicate, limit: 200,
                                                 sort: oldestFirst).compactMap { $0 as? HKElectrocardiogram }
        var html = "<section class=\"card\" aria-labelledby=\"heart-recordings\">\n<h2 id=\"heart-recordings\">Beat-to-beat recordings</h2>\n"
        let beats = series.map(\.count).reduce(0, +)
        html += "<p data-series=\"\(series.count)\" data-beats=\"\(beats)\">"
            + (series.isEmpty ? "No heartbeat series in this period." : "\(series.count) heartbeat series "
                + "with \(ValueText.number(Double(beats))) beats (the beat-to-beat data heart rate variability is read from).") + "</p>\n"
        guard !ecgs.isEmpty else { return html + "<p>No ECG recordings in this period.</p>\n</section>\n" }
        html += "<table class=\"ecgs\">\n<caption>ECG recordings</caption>\n<thead><tr><th scope=\"col\">When</th><th scope=\"col\">Classification</th>"
            + "<th scope=\"col\">Average heart rate</th></tr></thead>\n<tbody>\n"
        for ecg in ecgs {
            let rate = ecg.averageHeartRate.map { ValueText.quantity($0.doubleValue(for: HKUnit.count().unitDivided(by: .minute())), "bpm") } ?? "–"
            html += "<tr data-uuid=\"\(ecg.uuid.uuidString)\"><th scope=\"row\">\(HTML.escape(window.format(ecg.startDate, "EEE d MMM, HH:mm")))</th>"
                + "<td>\(HTML.escape(Self.classification(ecg.classification)))</td><td>\(rate)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// A classification as the Health app words it.
    static func classification(_ value: HKElectrocardiogram.Classification) -> String {
        switch value {
        case .notSet: "Not classified"
        case .sinusRhythm: "Sinus rhythm"
        case .atrialFibrillation: "Atrial fibrillation"
        case .inconclusiveLowHeartRate: "Inconclusive: low heart rate"
        case .inconclusiveHighHeartRate: "Inconclusive: high heart rate"
        case .inconclusivePoorReading: "Inconclusive: poor recording"
        case .inconclusiveOther: "Inconclusive"
        case .unrecognized: "Unrecognized"
        }
    }
}
