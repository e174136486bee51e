package import Foundation
package import HealthDatabase
package import HealthKitModel

/// `HKHeartbeatSeriesSample` as a stored record: kind `other`, type `HKDataTypeIdentifierHeartbeatSeries`, the beats
/// as a JSON payload `{"beats": [{"t": 0.81}, {"t": 2.9, "gap": true}, ...], "list": [{"bpm": "58", "time": "11:26:02.34 AM"}, ...]}`:
/// `t` is the time since the series' start, `gap` is present when the beat was preceded by a gap, and `list` (only
/// for series imported from an Apple export) keeps the export's `InstantaneousBeatsPerMinute` entries as written,
/// so export gives them back unchanged. An imported series is a child of its heart rate variability record.
///
/// Stores written before series became HealthKit objects hold the bare list (`[{"bpm": .., "time": ..}]`); such a
/// payload is still read, its beats worked out from the list on the fly (see ``HeartbeatList``).
package enum HeartbeatMapping {
    /// One entry of an export's beat list: `bpm` and `time` as written.
    package typealias ListEntry = (bpm: String, time: String)

    private struct Payload: Codable {
        var beats: [Beat]
        var list: [[String: String]]?
    }

    private struct Beat: Codable {
        var t: TimeInterval
        var gap: Bool?
    }

    /// Puts `series`' beats into `record`'s payload.
    static func fill(_ record: inout SampleRecord, from series: HKHeartbeatSeriesSample) throws(HKError) {
        record.payload = try encode(series.heartbeats, list: nil)
    }

    /// The series `record` holds; `common` are its shared parts.
    static func series(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKHeartbeatSeriesSample {
        let beats: [HKHeartbeat]
        switch try decode(record) {
        case .current(let payload):
            beats = payload.beats.map { HKHeartbeat(timeIntervalSinceStart: $0.t, precededByGap: $0.gap ?? false) }
        case .legacy(let list):
            beats = HeartbeatList.heartbeats(list, start: record.startDate)
        }
        return HKHeartbeatSeriesSample(heartbeats: beats, start: common.start, end: common.end, uuid: common.uuid,
                                       sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    /// The record of a beat list imported with the heart rate variability record `parent`: same interval, source and
    /// device, `uuid` its identity.
    package static func record(list: [ListEntry], of parent: SampleRecord, uuid: UUID) throws(HKError) -> SampleRecord {
        let beats = HeartbeatList.heartbeats(list, start: parent.startDate)
        return SampleRecord(uuid: uuid, kind: .other, type: HKDataTypeIdentifierHeartbeatSeries, startDate: parent.startDate,
                            endDate: parent.endDate, source: parent.source, device: parent.device, parent: parent.uuid,
                            payload: try encode(beats, list: list))
    }

    /// The export's beat list a stored series came from, in either payload format; empty for a series an app saved.
    package static func list(of record: SampleRecord) -> [ListEntry] {
        guard let decoded = try? decode(record) else { return [] }
        switch decoded {
        case .current(let payload): return (payload.list ?? []).map(entry)
        case .legacy(let list): return list
        }
    }

    private enum Decoded {
        case current(Payload)
        case legacy([ListEntry])
    }

    private static func entry(_ dictionary: [String: String]) -> ListEntry { (dictionary["bpm"] ?? "", dictionary["time"] ?? "") }

    private static func encode(_ beats: [HKHeartbeat], list: [ListEntry]?) throws(HKError) -> Data {
        let payload = Payload(beats: beats.map { Beat(t: $0.timeIntervalSinceStart, gap: $0.precededByGap ? true : nil) },
                              list: list?.map { ["bpm": $0.bpm, "time": $0.time] })
        return try PayloadCoding.encode(payload)
    }

    private static func decode(_ record: SampleRecord) throws(HKError) -> Decoded {
        guard let data = record.payload else { throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no heartbeats") }
        if let payload = try? JSONDecoder().decode(Payload.self, from: data) { return .current(payload) }
        if let list = try? JSONDecoder().decode([[String: String]].self, from: data) { return .legacy(list.map(entry)) }
        throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable heartbeats")
    }
}
