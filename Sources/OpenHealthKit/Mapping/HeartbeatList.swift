package import Foundation
package import HealthKitModel

/// An Apple export's beat list (`InstantaneousBeatsPerMinute` entries under a heart rate variability record) as
/// HealthKit heartbeats.
///
/// Each entry has a `bpm` and a `time`: the local wall-clock time of the beat (`11:26:02.34 AM`, or a 24-hour
/// `23:26:02.34`) on the day of the record, in a time zone the list does not name. Every time zone is a whole number of
/// quarter hours from UTC, so the start's wall-clock time is known up to quarter hours whatever the zone: the first beat
/// is placed within ±7.5 minutes of the series' start (beats of an HRV reading come within its first seconds). This
/// reads the same beats from the export Apple wrote, from an export OpenHealthKit wrote in another time zone, and from
/// lists stored before series were objects. Later beats follow the previous one by the difference of their clock times,
/// so a list running past midnight keeps counting up. An unreadable time places the beat one beat interval (60 / bpm)
/// after the previous one. The list does not say where data collection had gaps: a beat is taken as preceded by a gap
/// when it follows the previous one by more than 1.5 times its own beat interval. Times are kept to the microsecond.
package enum HeartbeatList {
    private static let day: TimeInterval = 86_400
    private static let quarterHour: TimeInterval = 900

    /// The heartbeats of `list`, for a series starting at `start`.
    package static func heartbeats(_ list: [HeartbeatMapping.ListEntry], start: Date) -> [HKHeartbeat] {
        let startInQuarter = start.timeIntervalSince1970.truncatingRemainder(dividingBy: quarterHour)
        var beats: [HKHeartbeat] = []
        beats.reserveCapacity(list.count)
        var last: (clock: TimeInterval?, since: TimeInterval)?
        for entry in list {
            let clock = secondsOfDay(entry.time)
            let interval = Double(entry.bpm).flatMap { $0 > 0 ? 60 / $0 : nil }
            let since: TimeInterval
            switch (last, clock) {
            case (let last?, let clock?) where last.clock != nil:
                since = microseconds(last.since + centered(clock - last.clock!, period: day))
            case (let last?, nil):
                since = microseconds(last.since + (interval ?? 0))
            case (_, let clock?):
                since = microseconds(centered(clock - startInQuarter, period: quarterHour))
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
        // Plain ASCII (every list Apple writes) is read from the UTF-8 bytes; anything else goes the general way below,
        // which gives the same answer for ASCII text, only slower (an import reads a million beats).
        if let plain = asciiSecondsOfDay(text) { return plain }
        return generalSecondsOfDay(text)
    }

    /// `secondsOfDay` for ASCII text without a decimal comma: nil when the text is not such, else the answer.
    private static func asciiSecondsOfDay(_ text: String) -> TimeInterval?? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ",") }) else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isClock(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }) else { return .some(nil) }
        let clockEnd = bytes[first...].firstIndex(where: { !isClock($0) }) ?? bytes.endIndex
        let marker = bytes[clockEnd...].drop(while: isBlank)
        let fields = text[first..<clockEnd].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, var hour = Int(fields[0]), let minute = Int(fields[1]), let second = Double(fields[2]),
              minute < 60, second < 61 else { return .some(nil) }
        switch marker.first.map({ $0 | 0x20 }) {
        case UInt8(ascii: "p")?:
            guard (1...12).contains(hour) else { return .some(nil) }
            if hour < 12 { hour += 12 }
        case UInt8(ascii: "a")?:
            guard (1...12).contains(hour) else { return .some(nil) }
            if hour == 12 { hour = 0 }
        case nil:
            guard hour <= 23 else { return .some(nil) }
        default:
            return .some(nil)
        }
        return .some(TimeInterval(hour * 3600 + minute * 60) + second)
    }

    /// `secondsOfDay` for any text.
    static func generalSecondsOfDay(_ text: String) -> TimeInterval? {
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

    /// `value` rounded to the microsecond.
    private static func microseconds(_ value: TimeInterval) -> TimeInterval {
        (value * 1_000_000).rounded() / 1_000_000
    }

    /// `value` reduced modulo `period` into (-period/2, period/2].
    private static func centered(_ value: TimeInterval, period: TimeInterval) -> TimeInterval {
        var reduced = value.truncatingRemainder(dividingBy: period)
        if reduced > period / 2 { reduced -= period }
        if reduced <= -period / 2 { reduced += period }
        return reduced
    }
}
