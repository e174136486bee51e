import Foundation
import HealthKitModel

/// An Apple export's beat list (`InstantaneousBeatsPerMinute` entries under a heart rate variability record) as
/// HealthKit heartbeats.
///
/// Each entry has a `bpm` and a `time`, the local wall-clock time of the beat (`11:26:02.34 AM`, or a 24-hour
/// `23:26:02.34`) on the day of the record. A beat's time since the series' start is its wall-clock time less the
/// start's wall-clock time, in the time zone of the record's dates (`utcOffset`). When the offset is not known
/// (lists stored before series were objects), the first beat is placed within ±7.5 minutes of the start: every
/// time zone's offset is a whole number of quarter hours, so the start's wall-clock time is known up to quarter
/// hours. Later beats follow the previous one by the difference of their clock times, so a list running past
/// midnight keeps counting up. An unreadable time places the beat one beat interval (60 / bpm) after the previous.
/// The list does not say where data collection had gaps: a beat is taken as preceded by a gap when it follows the
/// previous by more than 1.5 times its own beat interval.
package enum HeartbeatList {
    private static let day: TimeInterval = 86_400
    private static let quarterHour: TimeInterval = 900

    /// The heartbeats of `list`, for a series starting at `start`.
    package static func heartbeats(_ list: [HeartbeatMapping.ListEntry], start: Date, utcOffset: Int?) -> [HKHeartbeat] {
        var beats: [HKHeartbeat] = []
        beats.reserveCapacity(list.count)
        var last: (clock: TimeInterval?, since: TimeInterval)?
        for entry in list {
            let clock = secondsOfDay(entry.time)
            let interval = Double(entry.bpm).flatMap { $0 > 0 ? 60 / $0 : nil }
            let since: TimeInterval
            switch (last, clock) {
            case (let last?, let clock?) where last.clock != nil:
                since = last.since + centered(clock - last.clock!, period: day)
            case (let last?, nil):
                since = last.since + (interval ?? 0)
            case (_, let clock?):
                since = firstBeat(clock: clock, start: start, utcOffset: utcOffset)
            case (nil, nil):
                since = 0
            }
            let gap = last.map { last in interval.map { since - last.since > 1.5 * $0 } ?? false } ?? false
            beats.append(HKHeartbeat(timeIntervalSinceStart: since, precededByGap: gap))
            last = (clock ?? last.flatMap { last in last.clock.map { $0 + since - last.since } }, since)
        }
        return beats
    }

    /// Seconds since midnight of a wall-clock time `h:mm:ss[.ff][ AM|PM]` (`,` accepted as the decimal mark).
    package static func secondsOfDay(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let clockPart = trimmed.prefix { $0.isNumber || $0 == ":" || $0 == "." || $0 == "," }
        let marker = trimmed.dropFirst(clockPart.count).trimmingCharacters(in: .whitespaces).lowercased()
        let fields = clockPart.replacingOccurrences(of: ",", with: ".").split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, var hour = Int(fields[0]), let minute = Int(fields[1]), let second = Double(fields[2]),
              minute < 60, second < 61 else { return nil }
        if marker.hasPrefix("p") {
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        } else if marker.hasPrefix("a") {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        } else if !marker.isEmpty || hour > 23 {
            return nil
        }
        return TimeInterval(hour * 3600 + minute * 60) + second
    }

    /// The first beat's time since `start`, from its clock time.
    private static func firstBeat(clock: TimeInterval, start: Date, utcOffset: Int?) -> TimeInterval {
        let utc = start.timeIntervalSince1970
        guard let utcOffset else { return centered(clock - utc, period: quarterHour) }
        return centered(clock - (utc + TimeInterval(utcOffset)), period: day)
    }

    /// `value` reduced modulo `period` into (-period/2, period/2].
    private static func centered(_ value: TimeInterval, period: TimeInterval) -> TimeInterval {
        var reduced = value.truncatingRemainder(dividingBy: period)
        if reduced > period / 2 { reduced -= period }
        if reduced <= -period / 2 { reduced += period }
        return reduced
    }
}
