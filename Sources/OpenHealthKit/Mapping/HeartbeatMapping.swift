package import Foundation
package import HealthDatabase
package import HealthKitModel

/// `HKHeartbeatSeriesSample` as a stored record: kind `other`, type `HKDataTypeIdentifierHeartbeatSeries`, the beats
/// as a binary payload (``BinaryPayloadWriter``: tag `HB` 1, the beat count, each beat's time since the series' start
/// and whether a gap preceded it, then the list, for series imported from an Apple export, of the export's
/// `InstantaneousBeatsPerMinute` entries as written (`bpm`, `time`), so export gives them back unchanged). An
/// imported series is a child of its heart rate variability record.
///
/// Stores written before hold JSON: `{"beats": [{"t": 0.81}, {"t": 2.9, "gap": true}, ...], "list": [{"bpm": "58",
/// "time": "11:26:02.34 AM"}, ...]}`, or, before series became HealthKit objects, the bare list (`[{"bpm": ..,
/// "time": ..}]`), whose beats are worked out from the list on the fly (see ``HeartbeatList``). Both are still read.
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
        var writer = BinaryPayloadWriter("HB", version: 1, capacity: 8 + beats.count * 9 + (list?.count ?? 0) * 24)
        writer.count(beats.count)
        for beat in beats {
            try writer.number(beat.timeIntervalSinceStart, what: "a heartbeat")
            writer.flag(beat.precededByGap)
        }
        if let list {
            writer.count(list.count)
            for entry in list {
                writer.string(entry.bpm)
                writer.string(entry.time)
            }
        } else {
            writer.count(Int(UInt32.max))
        }
        return writer.data
    }

    private static func decode(_ record: SampleRecord) throws(HKError) -> Decoded {
        guard let data = record.payload else { throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no heartbeats") }
        if BinaryPayloadReader.isBinary(data) {
            guard var reader = BinaryPayloadReader(data, letters: "HB", version: 1), let payload = binary(&reader), reader.atEnd else {
                throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable heartbeats")
            }
            return .current(payload)
        }
        if let payload = try? JSONDecoder().decode(Payload.self, from: data) { return .current(payload) }
        if let list = try? JSONDecoder().decode([[String: String]].self, from: data) { return .legacy(list.map(entry)) }
        throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable heartbeats")
    }

    private static func binary(_ reader: inout BinaryPayloadReader) -> Payload? {
        guard let count = reader.count() else { return nil }
        var beats: [Beat] = []
        beats.reserveCapacity(min(count, 1 << 16))
        for _ in 0..<count {
            guard let time = reader.number(), let gap = reader.flag() else { return nil }
            beats.append(Beat(t: time, gap: gap ? true : nil))
        }
        guard let listCount = reader.count() else { return nil }
        guard listCount != Int(UInt32.max) else { return Payload(beats: beats, list: nil) }
        var list: [[String: String]] = []
        for _ in 0..<listCount {
            guard let bpm = reader.string(), let bpm, let time = reader.string(), let time else { return nil }
            list.append(["bpm": bpm, "time": time])
        }
        return Payload(beats: beats, list: list)
    }
}
