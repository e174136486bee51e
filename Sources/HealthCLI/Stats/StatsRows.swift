import Foundation
import OpenHealthKit

/// How `health stats` turns a statistics collection into table rows: one row per interval (empty intervals
/// included, so gaps show), and with separate sources one more row per source after each merged row.
struct StatsRows {
    /// The figures to show, in column order.
    let figures: [StatsFigure]
    /// The unit of every figure.
    let unit: HKUnit
    /// The time zone dates are written in.
    let timeZone: TimeZone
    /// Whether to add each source's rows.
    let separateBySource: Bool

    /// The merged row's source cell when sources are separated.
    static let mergedSource = "merged"

    /// The table of `collection`'s intervals from the one containing `from` (or the first with data) to the one
    /// before `to` (or the last with data), with a bar chart column when `chart`.
    func table(_ collection: HKStatisticsCollection, from: Date?, to: Date?, chart: Bool) -> Table {
        var columns = ["start", "end"] + (separateBySource ? ["source"] : []) + figures.map(\.rawValue) + ["unit"]
        if chart { columns.append("chart") }
        let populated = collection.statistics()
        var intervals: [HKStatistics] = []
        if let first = from ?? populated.first?.startDate,
           let last = to.map({ $0.addingTimeInterval(-0.001) }) ?? populated.last?.startDate, last >= first {
            collection.enumerateStatistics(from: first, to: last) { statistics, _ in intervals.append(statistics) }
        }
        var rows: [[String?]] = []
        var chartValues: [Double?] = []
        for statistics in intervals {
            rows.append(row(statistics, source: nil))
            chartValues.append(figures.first.flatMap { value($0, statistics, nil) })
            guard separateBySource else { continue }
            for source in (statistics.sources ?? []).sorted(by: { $0.bundleIdentifier < $1.bundleIdentifier }) {
                rows.append(row(statistics, source: source))
                chartValues.append(nil)
            }
        }
        if chart {
            for (index, bar) in BarChart.bars(chartValues).enumerated() { rows[index].append(bar) }
        }
        return Table(columns: columns, rows: rows, numericColumns: Set(figures.map(\.rawValue)))
    }

    private func row(_ statistics: HKStatistics, source: HKSource?) -> [String?] {
        var cells: [String?] = [DateText.format(statistics.startDate, timeZone: timeZone),
                                DateText.format(statistics.endDate, timeZone: timeZone)]
        if separateBySource { cells.append(source?.bundleIdentifier ?? Self.mergedSource) }
        cells += figures.map { figure in value(figure, statistics, source).map(NumberText.exact) }
        cells.append(unit.unitString)
        return cells
    }

    private func value(_ figure: StatsFigure, _ statistics: HKStatistics, _ source: HKSource?) -> Double? {
        figure.value(statistics, source: source).map { $0.doubleValue(for: unit) }
    }
}
