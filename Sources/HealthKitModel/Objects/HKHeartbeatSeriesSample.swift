public import Foundation

/// One heartbeat of a heartbeat series (OpenHealthKit extension: HealthKit hands beats out one at a time through
/// `HKHeartbeatSeriesQuery`, or as `HKHeartbeatSeriesQueryDescriptor.Heartbeat`, which is this type).
public struct HKHeartbeat: Sendable, Hashable, Codable {
    /// When the beat happened, in seconds since the series' start date.
    public let timeIntervalSinceStart: TimeInterval
    /// Whether data collection had a gap just before this beat (one or more beats may be missing).
    public let precededByGap: Bool

    /// Creates a beat.
    public init(timeIntervalSinceStart: TimeInterval, precededByGap: Bool) {
        self.timeIntervalSinceStart = timeIntervalSinceStart
        self.precededByGap = precededByGap
    }
}

/// A series of heartbeats, each at a time since the series' start, for heart rate variability (HealthKit's
/// `HKHeartbeatSeriesSample`, iOS 13). Its type is `HKSeriesType.heartbeat()` and ``count`` is the number of beats.
///
/// Apps create series with `HKHeartbeatSeriesBuilder` and read the beats with `HKHeartbeatSeriesQuery`;
/// OpenHealthKit also keeps them on the object (``heartbeats``, an extension).
open class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
    /// Archives the series and its beats.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        ObjectCoding.encode(heartbeats, coder, forKey: "heartbeats")
    }

    /// Unarchives the series; fails when it is not a heartbeat series or its beats are missing.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKSeriesType.heartbeat(),
              let heartbeats = ObjectCoding.decode([HKHeartbeat].self, coder, forKey: "heartbeats") else { return nil }
        self.heartbeats = heartbeats
        super.init(coder: coder)
    }

    /// The beats, in time order (OpenHealthKit extension).
    public let heartbeats: [HKHeartbeat]

    /// Designated initialiser for the builder, the store and the importer (OpenHealthKit extension, package access).
    package init(heartbeats: [HKHeartbeat], start: Date, end: Date, uuid: UUID, sourceRevision: HKSourceRevision?,
                 device: HKDevice?, metadata: [String: Any]?) {
        self.heartbeats = heartbeats
        super.init(type: .heartbeat(), count: heartbeats.count, start: start, end: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }
}
