public import Foundation
public import HealthKitModel

/// Builds a heartbeat series beat by beat and saves it as an `HKHeartbeatSeriesSample` (iOS 13).
///
/// Each beat is a time since the builder's start date and whether a gap in data collection preceded it. Beats must
/// not be negative nor earlier than the beat before (`errorInvalidArgument`), and a series holds at most
/// ``maximumCount`` beats. `finishSeries` saves the series (start: the builder's start date; end: the last beat),
/// which needs sharing authorization for `HKSeriesType.heartbeat()` and at least one beat. `discard()` drops
/// everything. Completion handlers run on a background queue.
open class HKHeartbeatSeriesBuilder: HKSeriesBuilder, @unchecked Sendable {
    private let collector: SeriesCollector<HKHeartbeat>
    private let device: HKDevice?
    private let startDate: Date

    /// The most beats one series may hold (OpenHealthKit's limit: about 28 hours at 60 beats per minute).
    public class var maximumCount: Int { 100_000 }

    /// Creates a builder for a series starting at `startDate`, recorded by `device`, saved to `healthStore`.
    public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        collector = SeriesCollector(store: healthStore, noun: "heartbeat series")
        self.device = device
        self.startDate = startDate
        super.init()
    }

    /// Adds a beat `timeIntervalSinceStart` seconds after the start date; `precededByGap` when beats may be missing before it.
    public func addHeartbeatWithTimeInterval(sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
                                             completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let beat = HKHeartbeat(timeIntervalSinceStart: timeIntervalSinceStart, precededByGap: precededByGap)
        collector.update(completion) { try Self.append(beat, to: &$0.items) }
    }

    /// Adds a beat; throws as `addHeartbeatWithTimeInterval(sinceSeriesStartDate:precededByGap:completion:)` reports.
    public func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        let beat = HKHeartbeat(timeIntervalSinceStart: timeIntervalSinceStart, precededByGap: precededByGap)
        try await collector.update { try Self.append(beat, to: &$0.items) }
    }

    /// Adds metadata to the series (values for keys already added replace them); invalid metadata fails.
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        collector.addMetadata(metadata, completion: completion)
    }

    /// Adds metadata to the series; throws as `addMetadata(_:completion:)` reports.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        try await collector.addMetadata(metadata)
    }

    /// Creates the series from the beats and metadata added and saves it; the handler gets the saved series.
    public func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        collector.finish(makeSeries, completion: completion)
    }

    /// Creates and saves the series; throws as `finishSeries(completion:)` reports.
    public func finishSeries() async throws -> HKHeartbeatSeriesSample {
        try await collector.finish(makeSeries)
    }

    /// Drops the beats and metadata added; nothing is saved, and later calls fail.
    public override func discard() {
        collector.discard()
    }

    private func makeSeries(_ contents: SeriesCollector<HKHeartbeat>.Contents) throws -> HKHeartbeatSeriesSample {
        guard let last = contents.items.last else {
            throw HKError(.errorInvalidArgument, "A heartbeat series needs at least one heartbeat")
        }
        let series = HKHeartbeatSeriesSample(
            heartbeats: contents.items, start: startDate, end: startDate.addingTimeInterval(last.timeIntervalSinceStart),
            uuid: ObjectUUID.make(), sourceRevision: collector.store.appRevision, device: device,
            metadata: contents.metadata.isEmpty ? nil : contents.metadata)
        try collector.store.store([series])
        return series
    }

    private static func append(_ beat: HKHeartbeat, to beats: inout [HKHeartbeat]) throws(HKError) {
        guard beat.timeIntervalSinceStart >= 0, beat.timeIntervalSinceStart.isFinite else {
            throw HKError(.errorInvalidArgument, "A heartbeat's time since the series start must not be negative (\(beat.timeIntervalSinceStart))")
        }
        if let previous = beats.last, beat.timeIntervalSinceStart < previous.timeIntervalSinceStart {
            throw HKError(.errorInvalidArgument,
                          "Heartbeats must be added in time order: \(beat.timeIntervalSinceStart) s comes before \(previous.timeIntervalSinceStart) s")
        }
        guard beats.count < maximumCount else {
            throw HKError(.errorInvalidArgument, "A heartbeat series holds at most \(maximumCount) heartbeats")
        }
        beats.append(beat)
    }
}
