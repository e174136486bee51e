package import Foundation

/// A stretch of time over which a value accrues at a constant rate (value per second).
package struct StatisticsRatePiece: Sendable, Equatable {
    /// Start, in seconds since the reference date.
    package var start: Double
    /// End, in seconds since the reference date (after `start`).
    package var end: Double
    /// Value per second.
    package var rate: Double
}

/// A value that belongs wholly to one instant (an instantaneous cumulative sample).
package struct StatisticsPointValue: Sendable, Equatable {
    /// The instant, in seconds since the reference date.
    package var time: Double
    /// The value.
    package var value: Double
}

/// Distributes rate pieces and point values over consecutive buckets, by time overlap.
///
/// `edges` are the bucket boundaries in ascending order (`n + 1` edges for `n` buckets); bucket `i` is
/// `[edges[i], edges[i + 1])`. Parts of pieces outside every bucket are dropped.
package struct StatisticsProration: Sendable {
    /// Bucket boundaries, ascending.
    package let edges: [Double]

    /// Creates a prorator for consecutive intervals (each ends where the next starts).
    package init(intervals: [DateInterval]) {
        var edges = intervals.map(\.start.timeIntervalSinceReferenceDate)
        if let last = intervals.last { edges.append(last.end.timeIntervalSinceReferenceDate) }
        self.edges = edges
    }

    /// The number of buckets.
    package var bucketCount: Int { max(0, edges.count - 1) }

    /// The bucket containing `time`, or `nil` when it lies outside every bucket.
    package func bucket(containing time: Double) -> Int? {
        guard let first = edges.first, let last = edges.last, time >= first, time < last else { return nil }
        var low = 0, high = edges.count - 1   // invariant: edges[low] <= time < edges[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if edges[mid] <= time { low = mid } else { high = mid }
        }
        return low
    }

    /// Adds `rate × overlap` of the piece to each bucket it overlaps.
    package func add(_ piece: StatisticsRatePiece, to sums: inout [Double]) {
        guard let first = edges.first, let last = edges.last, piece.end > first, piece.start < last else { return }
        var i = bucket(containing: max(piece.start, first)) ?? 0
        while i < bucketCount, edges[i] < piece.end {
            let overlap = min(piece.end, edges[i + 1]) - max(piece.start, edges[i])
            if overlap > 0 { sums[i] += piece.rate * overlap }
            i += 1
        }
    }

    /// Adds `value × overlap / (end - start)` to each bucket the span overlaps; a span wholly inside one bucket
    /// adds exactly `value`.
    package func addSpread(_ value: Double, from start: Double, to end: Double, to sums: inout [Double]) {
        guard let first = edges.first, let last = edges.last, end > first, start < last else { return }
        var i = bucket(containing: max(start, first)) ?? 0
        while i < bucketCount, edges[i] < end {
            let overlap = min(end, edges[i + 1]) - max(start, edges[i])
            if overlap >= end - start { sums[i] += value } else if overlap > 0 { sums[i] += value * overlap / (end - start) }
            i += 1
        }
    }

    /// Adds a point value to the bucket containing its instant.
    package func add(_ point: StatisticsPointValue, to sums: inout [Double]) {
        if let i = bucket(containing: point.time) { sums[i] += point.value }
    }

    /// Sums of the samples per bucket, unmerged: an interval sample contributes
    /// `value × overlap / duration`; an instantaneous one goes wholly to the bucket containing its instant.
    package func sums(of samples: some Sequence<StatisticsSample>) -> [Double] {
        var sums = [Double](repeating: 0, count: bucketCount)
        for sample in samples {
            let start = sample.start.timeIntervalSinceReferenceDate
            let end = sample.end.timeIntervalSinceReferenceDate
            if end > start {
                addSpread(sample.value, from: start, to: end, to: &sums)
            } else {
                add(StatisticsPointValue(time: start, value: sample.value), to: &sums)
            }
        }
        return sums
    }

    /// The time covered by the samples (their union) within each bucket, in seconds.
    package func coveredDurations(of samples: some Sequence<StatisticsSample>) -> [Double] {
        let spans = samples.map { ($0.start.timeIntervalSinceReferenceDate, $0.end.timeIntervalSinceReferenceDate) }
            .filter { $0.1 > $0.0 }.sorted { $0.0 < $1.0 }
        var sums = [Double](repeating: 0, count: bucketCount)
        var current: (Double, Double)?
        for span in spans {
            if let open = current, span.0 <= open.1 {
                current = (open.0, max(open.1, span.1))
            } else {
                if let open = current { add(StatisticsRatePiece(start: open.0, end: open.1, rate: 1), to: &sums) }
                current = span
            }
        }
        if let open = current { add(StatisticsRatePiece(start: open.0, end: open.1, rate: 1), to: &sums) }
        return sums
    }
}
