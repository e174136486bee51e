public import Foundation
import HealthDatabase
public import HealthKitModel

/// Reads the beats of a heartbeat series, one call of the handler per beat, in time order (iOS 13).
///
/// Each call carries a beat's time since the series' start and whether a gap preceded it; the last call has `done`
/// true (a series without beats gives one call with time 0 and `done` true). The app needs read access to
/// `HKSeriesType.heartbeat()` (or the series must be its own); a series that is no longer stored, or not readable,
/// gives one call with `done` true and `HKError(.errorNoData)`.
open class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the beat's time since the series start, whether a gap preceded it, whether
    /// this is the last call, an error.
    public typealias DataHandler = @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    private let series: HKHeartbeatSeriesSample
    private let dataHandler: DataHandler

    /// Reads the beats of `heartbeatSeries`.
    public init(heartbeatSeries: HKHeartbeatSeriesSample, dataHandler: @escaping DataHandler) {
        series = heartbeatSeries
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
    }

    package override func start(_ run: QueryRun) {
        guard let beats = SeriesReading.stored(series, for: self, on: run)?.heartbeats else { return }
        guard !beats.isEmpty else {
            execution.finish()
            return dataHandler(self, 0, false, true, nil)
        }
        for (index, beat) in beats.enumerated() {
            guard !run.isCancelled else { return }
            let done = index == beats.count - 1
            if done { execution.finish() }
            dataHandler(self, beat.timeIntervalSinceStart, beat.precededByGap, done, nil)
        }
    }

    package override func fail(_ error: HKError) {
        execution.finish()
        dataHandler(self, 0, false, true, error)
    }
}
