import Foundation
import Testing
@testable import OpenHealthKit

@Suite("Statistics discrete figures")
struct StatisticsDiscreteTests {
    typealias F = StatisticsFixtures

    static let dayStart = F.date(2024, 6, 1)
    static let intervals = [DateInterval(start: dayStart, duration: 86_400)]
    static let heartRate: [StatisticsSample] = [
        F.sample(F.date(2024, 6, 1, 8, 0), minutes: 0, 60, F.watch),    // holds until 08:10: 600 s
        F.sample(F.date(2024, 6, 1, 8, 10), minutes: 0, 90, F.watch),   // holds until 08:40: 1800 s
        F.sample(F.date(2024, 6, 1, 8, 40), minutes: 20, 70, F.watch),  // its own 1200 s
        F.sample(F.date(2024, 6, 1, 23, 0), minutes: 0, 100, F.phone),  // holds until the bucket ends: 3600 s
        F.sample(F.date(2024, 5, 31, 23, 0), minutes: 0, 1, F.phone),   // previous day: not in this bucket
    ]

    func compute(_ style: HKQuantityAggregationStyle, _ samples: [StatisticsSample] = heartRate,
                 separate: Bool = false) -> StatisticsBucketResult {
        StatisticsEngine.compute(samples, intervals: Self.intervals, style: style,
                                 priority: StatisticsSourcePriority(), separateBySource: separate)[0]
    }

    @Test("Time-weighted average weights each value by the time it holds; min, max, most recent use every source")
    func temporallyWeighted() {
        let result = compute(.discreteTemporallyWeighted, separate: true)
        #expect(F.close(result.merged.average!, 642_000 / 7_200))   // (60·600 + 90·1800 + 70·1200 + 100·3600) / 7200
        #expect(result.merged.minimum == 60 && result.merged.maximum == 100)
        #expect(result.merged.mostRecent == 100)
        #expect(result.merged.mostRecentInterval == DateInterval(start: F.date(2024, 6, 1, 23), duration: 0))
        #expect(F.close(result.merged.duration!, 1200))
        #expect(F.close(result.bySource[F.watch]!.average!, 282_000 / 3_600))
        #expect(result.bySource[F.watch]?.mostRecent == 70)
        #expect(result.bySource[F.phone]?.average == 100)
    }

    @Test("Arithmetic average is the plain mean of the bucket's values")
    func arithmetic() {
        let result = compute(.discreteArithmetic)
        #expect(result.merged.average == 80)
        #expect(result.merged.sum == nil)
    }

    @Test("Equivalent continuous level averages on the energy scale, not the decibel numbers")
    func equivalentContinuousLevel() {
        let samples = [F.sample(F.date(2024, 6, 1, 9), minutes: 10, 80, F.watch),
                       F.sample(F.date(2024, 6, 1, 9, 10), minutes: 10, 90, F.watch)]
        let result = compute(.discreteEquivalentContinuousLevel, samples)
        #expect(F.close(result.merged.average!, 10 * log10((1e8 + 1e9) / 2)))   // 87.40 dB, not 85
    }

    @Test("A cumulative type gets no discrete figures and a discrete type no sum")
    func figureKinds() {
        let cumulative = compute(.cumulative)
        #expect(F.close(cumulative.merged.sum!, 60 + 90 + 70 + 100))
        #expect(cumulative.merged.average == nil && cumulative.merged.mostRecent == nil)
    }

    @Test("A discrete sample belongs to the bucket of its start; the next bucket stays empty")
    func startBucket() {
        let twoDays = [DateInterval(start: Self.dayStart, duration: 86_400),
                       DateInterval(start: Self.dayStart.addingTimeInterval(86_400), duration: 86_400)]
        let samples = [F.sample(F.date(2024, 6, 1, 23, 50), minutes: 20, 72, F.watch)]
        let results = StatisticsEngine.compute(samples, intervals: twoDays, style: .discreteTemporallyWeighted,
                                               priority: StatisticsSourcePriority(), separateBySource: true)
        #expect(results[0].merged.average == 72 && F.close(results[0].merged.duration!, 600))
        #expect(results[1].merged == StatisticsValues() && results[1].bySource.isEmpty)
    }
}
