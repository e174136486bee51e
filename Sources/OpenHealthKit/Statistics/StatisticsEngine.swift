package import Foundation
package import HealthKitModel

/// The figures of one bucket: merged across sources, and (when asked) each source's own, unmerged.
package struct StatisticsBucketResult: Sendable, Equatable {
    /// The bucket.
    package var interval: DateInterval
    /// Figures over every source (sums merged by source priority).
    package var merged: StatisticsValues
    /// Each source's own figures, keyed by bundle identifier; empty unless separated by source.
    package var bySource: [String: StatisticsValues]
}

/// The pure statistics core: samples in, per-bucket figures out. No store access.
///
/// Cumulative types get `sum` (merged by ``StatisticsMerge``; per source, plain prorated sums) and `duration`.
/// Discrete types get minimum, maximum, average and most recent (``StatisticsDiscrete``) and `duration`.
/// Buckets without samples (for discrete types: without a sample starting in them) have every figure `nil`.
package enum StatisticsEngine {
    /// Computes the figures of each of the consecutive `intervals`.
    package static func compute(_ samples: [StatisticsSample], intervals: [DateInterval],
                                style: HKQuantityAggregationStyle, priority: StatisticsSourcePriority,
                                separateBySource: Bool, mostRecent: Bool = false) -> [StatisticsBucketResult] {
        let proration = StatisticsProration(intervals: intervals)
        let merged = figures(samples, style: style, proration: proration, mostRecent: mostRecent) {
            StatisticsMerge.mergedSums(samples, priority: priority, proration: proration)
        }
        var results = zip(intervals, merged).map { StatisticsBucketResult(interval: $0, merged: $1, bySource: [:]) }
        guard separateBySource else { return results }
        let (ranks, sources) = priority.ranks(of: samples)
        var groups = [[StatisticsSample]](repeating: [], count: sources.count)
        for (sample, rank) in zip(samples, ranks) { groups[rank].append(sample) }
        for (source, own) in zip(sources, groups) {
            let values = figures(own, style: style, proration: proration, mostRecent: mostRecent) { proration.sums(of: own) }
            for (bucket, value) in values.enumerated() where value.duration != nil || value.mostRecent != nil {
                results[bucket].bySource[source] = value
            }
        }
        return results
    }

    /// Figures for one set of samples; `sums` supplies the cumulative sums (merged or not). With `mostRecent`,
    /// cumulative buckets also get the most recent sample among those starting in them (as discrete ones do).
    private static func figures(_ samples: [StatisticsSample], style: HKQuantityAggregationStyle,
                                proration: StatisticsProration, mostRecent: Bool,
                                sums: () -> [Double]) -> [StatisticsValues] {
        let covered = proration.coveredDurations(of: samples)
        var values: [StatisticsValues]
        let present: [Bool]
        if style == .cumulative {
            values = sums().map { StatisticsValues(sum: $0) }
            present = presence(samples, proration: proration)
            if mostRecent {
                let latest = StatisticsDiscrete.figures(samples, style: .discreteArithmetic, proration: proration)
                for bucket in values.indices {
                    values[bucket].mostRecent = latest[bucket].mostRecent
                    values[bucket].mostRecentInterval = latest[bucket].mostRecentInterval
                }
            }
        } else {   // a discrete sample belongs to the bucket of its start only
            values = StatisticsDiscrete.figures(samples, style: style, proration: proration)
            present = values.map { $0.mostRecent != nil }
        }
        for bucket in values.indices {
            if present[bucket] { values[bucket].duration = covered[bucket] } else { values[bucket] = StatisticsValues() }
        }
        return values
    }

    /// Whether any sample touches each bucket: overlaps it, or (instantaneous) lies in it, or starts in it.
    private static func presence(_ samples: [StatisticsSample], proration: StatisticsProration) -> [Bool] {
        var present = [Bool](repeating: false, count: proration.bucketCount)
        for sample in samples {
            let start = sample.start.timeIntervalSinceReferenceDate
            let end = sample.end.timeIntervalSinceReferenceDate
            guard let firstEdge = proration.edges.first, end > firstEdge || (end == start && start >= firstEdge),
                  var bucket = proration.bucket(containing: max(start, firstEdge)) else { continue }
            repeat {
                present[bucket] = true
                bucket += 1
            } while bucket < proration.bucketCount && proration.edges[bucket] < end
        }
        return present
    }
}
