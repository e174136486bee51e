import Foundation
import Testing
@testable import OpenHealthKit

@Suite("Statistics merging and proration")
struct StatisticsMergeTests {
    typealias F = StatisticsFixtures

    /// The worked example of docs/Statistics.md.
    static let walk: [StatisticsSample] = [
        F.sample(F.date(2024, 6, 1, 10, 0), minutes: 30, 600, F.phone),
        F.sample(F.date(2024, 6, 1, 10, 10), minutes: 10, 300, F.watch),
        F.sample(F.date(2024, 6, 1, 10, 30), minutes: 10, 100, F.phone),
        F.sample(F.date(2024, 6, 1, 10, 35), minutes: 10, 150, F.watch),
    ]

    func day(_ date: Date) -> [DateInterval] { [DateInterval(start: date, duration: 86_400)] }

    @Test("Phone and watch: the watch wins where both count, the phone fills the gaps (900, not 1150)")
    func workedExample() {
        let results = StatisticsEngine.compute(Self.walk, intervals: day(F.date(2024, 6, 1)), style: .cumulative,
                                               priority: StatisticsSourcePriority([F.watch, F.phone]),
                                               separateBySource: true)
        #expect(results[0].merged.sum == 900)   // 200 + 300 + 200 + 50 + 150
        #expect(F.close(results[0].merged.duration ?? 0, 2700))
        #expect(results[0].bySource[F.phone]?.sum == 700)
        #expect(results[0].bySource[F.watch]?.sum == 450)
        #expect(F.close(results[0].bySource[F.watch]?.duration ?? 0, 1200))
        let phoneFirst = StatisticsMerge.mergedSums(Self.walk, priority: StatisticsSourcePriority([F.phone]),
                                                    proration: StatisticsProration(intervals: day(F.date(2024, 6, 1))))
        #expect(phoneFirst == [775])            // 600 + 100 + watch 10:40-10:45 = 75
    }

    @Test("Unlisted sources rank below listed ones, ties broken by bundle identifier")
    func priorityOrder() {
        let ranks = StatisticsSourcePriority(["z.listed", "a.listed"]).ranks(for: ["b", "a.listed", "a", "z.listed"])
        #expect(ranks == ["z.listed": 0, "a.listed": 1, "a": 2, "b": 3])
    }

    @Test("A sample straddling midnight is split by time; an instant goes wholly to its bucket")
    func proration() {
        let intervals = [DateInterval(start: F.date(2024, 6, 1), duration: 86_400),
                         DateInterval(start: F.date(2024, 6, 2), duration: 86_400)]
        let samples = [
            F.sample(F.date(2024, 6, 1, 23, 50), minutes: 40, 120, F.phone),   // 10 min before, 30 after
            F.sample(F.date(2024, 6, 2), minutes: 0, 7, F.phone),               // instant at the boundary
            F.sample(F.date(2024, 5, 31, 23, 0), minutes: 90, 90, F.watch),     // 30 min inside
        ]
        let results = StatisticsEngine.compute(samples, intervals: intervals, style: .cumulative,
                                               priority: StatisticsSourcePriority(), separateBySource: true)
        #expect(results.map(\.merged.sum) == [30 + 30, 90 + 7])
        #expect(results[0].bySource[F.watch]?.sum == 30)
        #expect(results[1].bySource[F.watch] == nil)
        #expect(F.close(results[1].merged.duration ?? 0, 1800))
    }

    @Test("An instant counts unless a higher-priority source has an interval open there")
    func instants() {
        let samples = [
            F.sample(F.date(2024, 6, 1, 10), minutes: 10, 100, F.watch),
            F.sample(F.date(2024, 6, 1, 10), minutes: 0, 5, F.phone),       // hidden by the watch
            F.sample(F.date(2024, 6, 1, 10, 10), minutes: 0, 7, F.phone),   // the watch sample has ended
        ]
        let sums = StatisticsMerge.mergedSums(samples, priority: StatisticsSourcePriority([F.watch]),
                                              proration: StatisticsProration(intervals: day(F.date(2024, 6, 1))))
        #expect(sums == [107])
    }

    @Test("An empty bucket has no figures")
    func empty() {
        let results = StatisticsEngine.compute([], intervals: day(F.date(2024, 6, 1)), style: .cumulative,
                                               priority: StatisticsSourcePriority(), separateBySource: true)
        #expect(results[0].merged == StatisticsValues() && results[0].bySource.isEmpty)
    }
}

@Suite("Statistics conversion")
struct StatisticsConversionTests {
    typealias F = StatisticsFixtures

    @Test("A bucket becomes an HKStatistics in the type's canonical unit, with per-source figures on request")
    func toHKStatistics() {
        let day = [DateInterval(start: F.date(2024, 6, 1), duration: 86_400)]
        let result = StatisticsEngine.compute(StatisticsMergeTests.walk, intervals: day, style: .cumulative,
                                              priority: StatisticsSourcePriority([F.watch, F.phone]),
                                              separateBySource: true)[0]
        let type = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let watch = HKSource(name: "Watch", bundleIdentifier: F.watch)
        let statistics = result.statistics(of: type, sources: [F.watch: watch], separateBySource: true)
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 900)
        #expect(statistics.sumQuantity(for: watch)?.doubleValue(for: .count()) == 450)
        #expect(statistics.sources?.map(\.bundleIdentifier) == [F.phone, F.watch])
        #expect(statistics.duration()?.doubleValue(for: .minute()) == 45)
        #expect(statistics.startDate == day[0].start && statistics.endDate == day[0].end)
        #expect(result.statistics(of: type, sources: [:], separateBySource: false).sources == nil)
    }
}
