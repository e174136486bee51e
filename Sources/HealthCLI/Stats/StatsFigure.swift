import ArgumentParser
import Foundation
import OpenHealthKit

/// A figure `health stats` can show: its column name, the statistics option that computes it, and how to read it.
enum StatsFigure: String, CaseIterable {
    case sum, avg, min, max, recent

    /// The option that computes the figure.
    var option: HKStatisticsOptions {
        switch self {
        case .sum: .cumulativeSum
        case .avg: .discreteAverage
        case .min: .discreteMin
        case .max: .discreteMax
        case .recent: .mostRecent
        }
    }

    /// The figure of `statistics`, merged (`source` nil) or for one source.
    func value(_ statistics: HKStatistics, source: HKSource?) -> HKQuantity? {
        switch (self, source) {
        case (.sum, nil): statistics.sumQuantity()
        case (.sum, let source?): statistics.sumQuantity(for: source)
        case (.avg, nil): statistics.averageQuantity()
        case (.avg, let source?): statistics.averageQuantity(for: source)
        case (.min, nil): statistics.minimumQuantity()
        case (.min, let source?): statistics.minimumQuantity(for: source)
        case (.max, nil): statistics.maximumQuantity()
        case (.max, let source?): statistics.maximumQuantity(for: source)
        case (.recent, nil): statistics.mostRecentQuantity()
        case (.recent, let source?): statistics.mostRecentQuantity(for: source)
        }
    }

    /// The figures to show when none is asked for: the sum of a cumulative type, the average of a discrete one.
    static func defaults(for type: HKQuantityType) -> [StatsFigure] {
        type.aggregationStyle == .cumulative ? [.sum] : [.avg]
    }
}

/// The interval lengths `health stats --by` accepts, and where their intervals are anchored.
enum StatsInterval: String, CaseIterable, ExpressibleByArgument {
    case hour, day, week, month, year

    /// One interval.
    var components: DateComponents {
        switch self {
        case .hour: DateComponents(hour: 1)
        case .day: DateComponents(day: 1)
        case .week: DateComponents(weekOfYear: 1)
        case .month: DateComponents(month: 1)
        case .year: DateComponents(year: 1)
        }
    }

    /// The anchor in `calendar`'s time zone: midnight of 1 January 2000, or for weeks of Monday 3 January 2000.
    func anchor(in calendar: Calendar) -> Date {
        let day = self == .week ? 3 : 1
        return calendar.date(from: DateComponents(year: 2000, month: 1, day: day)) ?? Date(timeIntervalSinceReferenceDate: 0)
    }
}
