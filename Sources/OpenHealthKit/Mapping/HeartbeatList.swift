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
            let interval = number(entry.bpm).flatMap { $0 > 0 ? 60 / $0 : nil }
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

    /// `secondsOfDay` for ASCII text without a decimal comma: nil when the text is not such, else the answer. Read from
    /// the bytes, without splitting the text (a million beats per import).
    private static func asciiSecondsOfDay(_ text: String) -> TimeInterval?? {
        var text = text
        return text.withUTF8 { bytes -> TimeInterval?? in
            for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: ",") { return nil }
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var index = 0
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .some(nil) }
            // The clock part: digits, colons and points; exactly two colons make the three fields.
            let first = index
            var colons = 0, firstColon = 0, secondColon = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 || bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ".") {
                if bytes[index] == UInt8(ascii: ":") {
                    colons += 1
                    if colons == 1 { firstColon = index } else { secondColon = index }
                }
                index += 1
            }
            let clockEnd = index
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            let marker: UInt8? = index < bytes.count ? bytes[index] | 0x20 : nil
            guard colons == 2, var hour = integer(bytes, first..<firstColon), let minute = integer(bytes, (firstColon + 1)..<secondColon),
                  let second = decimal(bytes, (secondColon + 1)..<clockEnd), minute < 60, second < 61 else { return .some(nil) }
            switch marker {
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
    }

    /// `Int(_:)` of the digits and points in `range`: nil when empty, when a point is among them, or on overflow.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// `Double(_:)` of the digits and points in `range`.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        let field = UnsafeBufferPointer(rebasing: bytes[range])
        return PlainDecimal.double(field) ?? Double(String(decoding: field, as: UTF8.self))
    }

    /// `Double(_:)` of a beat's `bpm`.
    private static func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { PlainDecimal.double($0) } ?? Double(text)
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
