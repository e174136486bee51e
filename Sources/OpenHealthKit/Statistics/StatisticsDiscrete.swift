package import Foundation
package import HealthKitModel

/// The numbers of one bucket, for one source or merged, in the quantity type's canonical unit.
package struct StatisticsValues: Sendable, Equatable {
    /// The sum (cumulative types).
    package var sum: Double?
    /// The average (discrete types; time-weighted or on the energy scale per the aggregation style).
    package var average: Double?
    /// The minimum (discrete types).
    package var minimum: Double?
    /// The maximum (discrete types).
    package var maximum: Double?
    /// The most recent value.
    package var mostRecent: Double?
    /// The interval of the most recent sample.
    package var mostRecentInterval: DateInterval?
    /// The time covered by samples (their union) within the bucket, in seconds.
    package var duration: Double?

    /// Creates values; every figure defaults to absent.
    package init(sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
                 mostRecent: Double? = nil, mostRecentInterval: DateInterval? = nil, duration: Double? = nil) {
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentInterval = mostRecentInterval
        self.duration = duration
    }
}

/// Discrete figures per bucket: minimum, maximum, average and most recent over every source.
///
/// A sample belongs to the bucket containing its start date. The average depends on the style:
/// - `discreteArithmetic`: the plain mean of the values.
/// - `discreteTemporallyWeighted`: each value weighted by the time it holds within the bucket: a sample with a
///   duration holds for its duration; an instantaneous one holds until the next sample of the same source starts,
///   or until the end of the bucket if that comes first or there is none. If every weight is zero, the plain mean.
/// - `discreteEquivalentContinuousLevel`: time-weighted as above, on the energy scale:
///   `10·log10(Σ wᵢ·10^(Lᵢ/10) / Σ wᵢ)`.
/// Most recent is the sample with the latest end date (then latest start, then larger value, for a total order).
package enum StatisticsDiscrete {
    /// The figures of each bucket (`nil` figures for a bucket without samples).
    package static func figures(_ samples: [StatisticsSample], style: HKQuantityAggregationStyle,
                                proration: StatisticsProration) -> [StatisticsValues] {
        let holdEnds = holdEnds(samples)
        var grouped = [[Int]](repeating: [], count: proration.bucketCount)
        for (index, sample) in samples.enumerated() {
            if let bucket = proration.bucket(containing: sample.start.timeIntervalSinceReferenceDate) {
                grouped[bucket].append(index)
            }
        }
        return grouped.enumerated().map { bucket, members in
            var values = StatisticsValues()
            guard !members.isEmpty else { return values }
            let bucketEnd = proration.edges[bucket + 1]
            var weighted = 0.0, weights = 0.0, plain = 0.0
            var latest: StatisticsSample?
            for index in members {
                let sample = samples[index]
                let value = sample.value
                values.minimum = min(values.minimum ?? value, value)
                values.maximum = max(values.maximum ?? value, value)
                let scaled = style == .discreteEquivalentContinuousLevel ? pow(10, value / 10) : value
                let weight = min(holdEnds[index], bucketEnd) - sample.start.timeIntervalSinceReferenceDate
                plain += scaled
                weighted += weight * scaled
                weights += weight
                if latest.map({ isLater(sample, than: $0) }) ?? true { latest = sample }
            }
            var mean = plain / Double(members.count)
            if style != .discreteArithmetic, weights > 0 { mean = weighted / weights }
            values.average = style == .discreteEquivalentContinuousLevel ? 10 * log10(mean) : mean
            values.mostRecent = latest?.value
            values.mostRecentInterval = latest.map { DateInterval(start: $0.start, end: $0.end) }
            return values
        }
    }

    /// Whether `sample` is more recent than `other`.
    package static func isLater(_ sample: StatisticsSample, than other: StatisticsSample) -> Bool {
        if sample.end != other.end { return sample.end > other.end }
        if sample.start != other.start { return sample.start > other.start }
        return sample.value > other.value
    }

    /// Until when each sample's value holds (seconds since the reference date): its end if it has a duration,
    /// else the next start of a sample of the same source, else +infinity (the bucket end caps it).
    private static func holdEnds(_ samples: [StatisticsSample]) -> [Double] {
        var ends = samples.map { $0.end.timeIntervalSinceReferenceDate }
        let order = samples.indices.sorted {
            (samples[$0].source, samples[$0].start) < (samples[$1].source, samples[$1].start)
        }
        for (position, index) in order.enumerated() where samples[index].end == samples[index].start {
            var next = Double.infinity
            var probe = position + 1
            while probe < order.count, samples[order[probe]].source == samples[index].source {
                if samples[order[probe]].start > samples[index].start {
                    next = samples[order[probe]].start.timeIntervalSinceReferenceDate
                    break
                }
                probe += 1
            }
            ends[index] = next
        }
        return ends
    }
}
