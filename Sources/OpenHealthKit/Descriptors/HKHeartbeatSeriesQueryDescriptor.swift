import Foundation
public import HealthKitModel

/// Reads a heartbeat series' beats as an asynchronous sequence, in time order (iOS 15.4).
///
/// `results(for:)` runs an ``HKHeartbeatSeriesQuery``; the sequence ends after the last beat and fails with the
/// query's error (`HKError(.errorNoData)` for a series that is no longer stored or not readable).
public struct HKHeartbeatSeriesQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// One beat: its time since the series' start and whether a gap in the data preceded it.
    public typealias Heartbeat = HKHeartbeat

    /// The series whose beats are read.
    public var sample: HKHeartbeatSeriesSample

    /// Creates a descriptor for `sample`.
    public init(_ sample: HKHeartbeatSeriesSample) {
        self.sample = sample
    }

    /// The series' beats, one element each.
    public func results(for healthStore: HKHealthStore) -> Results {
        let sample = sample
        return Results(store: healthStore) { continuation in
            HKHeartbeatSeriesQuery(heartbeatSeries: sample) { _, time, gap, done, error in
                if let error { return continuation.finish(throwing: error) }
                // A series without beats gets one call that carries no beat (stored series never change).
                if sample.count > 0 {
                    continuation.yield(Heartbeat(timeIntervalSinceStart: time, precededByGap: gap))
                }
                if done { continuation.finish() }
            }
        }
    }

    /// The sequence `results(for:)` returns: the series' beats.
    public typealias Results = QueryResultSequence<Heartbeat>
}
