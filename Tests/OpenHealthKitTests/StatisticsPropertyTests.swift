import Foundation
import Testing
@testable import OpenHealthKit
import TestSupport

/// Property tests: the merging sweep against a brute-force reference on random overlapping data.
///
/// Time is discretised into 10-minute units over three Berlin days around the October DST change; every sample
/// starts and ends on a unit, so the reference can walk unit by unit, take the highest-priority source with a
/// sample open in that unit, and add that source's per-unit rate (the sum of its open samples' value / length).
@Suite("Statistics merge properties")
struct StatisticsPropertyTests {
    static let zone = "Europe/Berlin"
    static let unit: Double = 600
    static let sources = ["com.c.phone", "com.a.watch", "org.b.app", "net.d.scale"]
    static let priority = StatisticsSourcePriority(["com.a.watch", "com.c.phone"])   // then net.d…, org.b…

    struct Case {
        var samples: [StatisticsSample]
        var intervals: [DateInterval]
        var origin: Date
        var units: Int
    }

    /// A random case; with `integralRates`, every interval sample's value is a whole number per unit.
    static func randomCase(seed: UInt64, integralRates: Bool = false) -> Case {
        var rng = SeededGenerator(seed: seed)
        let buckets = StatisticsBuckets(anchor: StatisticsFixtures.date(2024, 1, 1, zone: zone),
                                        components: DateComponents(day: 1), calendar: Calendar(identifier: .gregorian),
                                        timeZone: TimeZone(identifier: zone)!)!
        let origin = StatisticsFixtures.date(2024, 10, 26, zone: zone)
        let intervals = buckets.intervals(from: origin, to: StatisticsFixtures.date(2024, 10, 29, zone: zone))
        let units = Int(intervals.last!.end.timeIntervalSince(origin) / unit)
        let count = Int.random(in: 0...30, using: &rng)
        let samples = (0..<count).map { _ in
            let start = Int.random(in: -10..<units, using: &rng)   // some begin before the first bucket
            let length = Int.random(in: 0...6, using: &rng) == 0 ? 0 : Int.random(in: 1...40, using: &rng)
            return StatisticsSample(start: origin.addingTimeInterval(Double(start) * unit),
                                    end: origin.addingTimeInterval(Double(start + length) * unit),
                                    value: integralRates && length > 0
                                        ? Double(length * Int.random(in: 1...50, using: &rng))
                                        : Double(Int.random(in: 1...1000, using: &rng)),
                                    source: sources.randomElement(using: &rng)!)
        }
        return Case(samples: samples, intervals: intervals, origin: origin, units: units)
    }

    /// Merged (or, with `only`, one source's) sums per bucket, computed unit by unit.
    static func reference(_ c: Case, only: String? = nil) -> [Double] {
        let ranks = priority.ranks(for: sources)
        let proration = StatisticsProration(intervals: c.intervals)
        var sums = [Double](repeating: 0, count: c.intervals.count)
        let spans = c.samples.filter { only == nil || $0.source == only }.map { sample in
            (start: Int((sample.start.timeIntervalSince(c.origin) / unit).rounded()),
             end: Int((sample.end.timeIntervalSince(c.origin) / unit).rounded()),
             value: sample.value, rank: ranks[sample.source]!)
        }
        for t in 0..<c.units {
            let open = spans.filter { $0.start <= t && t < $0.end }
            guard let bucket = proration.bucket(containing: c.origin.timeIntervalSinceReferenceDate + Double(t) * unit)
            else { continue }
            let best = open.map(\.rank).min() ?? Int.max
            for span in open where span.rank == best { sums[bucket] += span.value / Double(span.end - span.start) }
            for span in spans where span.start == t && span.end == t && span.rank <= best { sums[bucket] += span.value }
        }
        return sums
    }

    @Test("Merged daily totals equal the brute-force reference", arguments: 0..<4)
    func mergedTotals(batch: Int) {
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            let c = Self.randomCase(seed: seed)
            let actual = StatisticsEngine.compute(c.samples, intervals: c.intervals, style: .cumulative,
                                                  priority: Self.priority, separateBySource: true)
            let expected = Self.reference(c)
            for (result, want) in zip(actual, expected) {
                #expect(StatisticsFixtures.close(result.merged.sum ?? 0, want), "seed \(seed) \(result.interval)")
            }
            for source in Self.sources {
                let own = Self.reference(c, only: source)
                for (result, want) in zip(actual, own) {
                    #expect(StatisticsFixtures.close(result.bySource[source]?.sum ?? 0, want), "seed \(seed) \(source)")
                }
            }
        }
    }

    @Test("With whole-number rates every partial contribution is whole, so merged daily totals are exactly equal")
    func exactTotals() {
        for seed in UInt64(1_000)..<UInt64(1_200) {
            let c = Self.randomCase(seed: seed, integralRates: true)
            let actual = StatisticsEngine.compute(c.samples, intervals: c.intervals, style: .cumulative,
                                                  priority: Self.priority, separateBySource: false)
            #expect(actual.map { $0.merged.sum ?? 0 } == Self.reference(c), "seed \(seed)")
        }
    }
}
