import Foundation
import HealthLocking

/// Dates as every command reads and writes them: one grammar for all options.
///
/// Accepted: an ISO 8601 date (`2024-03-01`, midnight), an ISO 8601 date-time with or without seconds and
/// fractions (`2024-03-01T08:30`, `2024-03-01T08:30:00.250`), with `Z` or an offset (`+01:00`, `+0100`) or none
/// (then in the time zone given), a space instead of the `T`, and Apple's export format
/// (`2024-03-01 08:30:00 +0100`). Nothing else: `2024/03/01`, `03/01/2024` and impossible days are rejected.
enum DateText {
    /// What `--help` and errors say about dates.
    static let grammar = "2024-03-01, 2024-03-01T08:30, 2024-03-01T08:30:00Z or 2024-03-01 08:30:00 +0100"

    /// The date `text` names, reading times without an offset in `timeZone`; nil when it does not follow the grammar.
    static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"),
              let day = scanner.number(2) else { return nil }
        var hour = 0, minute = 0, second = 0, fraction = 0.0
        var zone = timeZone
        if !scanner.atEnd {
            guard scanner.take("T") || scanner.take(" "), let h = scanner.number(2), scanner.take(":"), let m = scanner.number(2) else {
                return nil
            }
            (hour, minute) = (h, m)
            if scanner.take(":") {
                guard let s = scanner.number(2) else { return nil }
                second = s
                if scanner.take(".") {
                    guard let digits = scanner.digits(), let value = Double("0." + digits) else { return nil }
                    fraction = value
                }
            }
            _ = scanner.take(" ")
            if scanner.take("Z") {
                zone = TimeZone(secondsFromGMT: 0)!
            } else if let sign = scanner.sign() {
                guard let offsetHours = scanner.number(2) else { return nil }
                _ = scanner.take(":")
                guard let offsetMinutes = scanner.number(2), offsetHours < 24, offsetMinutes < 60,
                      let offset = TimeZone(secondsFromGMT: sign * (offsetHours * 3600 + offsetMinutes * 60)) else { return nil }
                zone = offset
            }
        }
        guard scanner.atEnd, hour < 24, minute < 60, second < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
        else { return nil }
        return date.addingTimeInterval(fraction)
    }

    /// `date` as ISO 8601 with the offset of `timeZone`, e.g. `2024-03-01T08:30:00+01:00`; fractions of a second
    /// are written when there are any.
    static func format(_ date: Date, timeZone: TimeZone = .current) -> String {
        let fractional = date.timeIntervalSince1970 != date.timeIntervalSince1970.rounded(.down)
        return formatters.withLock { formatters in
            let key = "\(timeZone.identifier) \(timeZone.secondsFromGMT()) \(fractional)"
            if let formatter = formatters[key] { return formatter.string(from: date) }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = timeZone
            if fractional { formatter.formatOptions.insert(.withFractionalSeconds) }
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }

    /// Formatters by time zone and precision: making one costs more than formatting many dates.
    private static let formatters = Locked<[String: ISO8601DateFormatter]>([:])

    /// `yyyy-MM-dd` of `date` in `timeZone`.
    static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    /// A byte scanner for the grammar above.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index ..< index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        mutating func digits() -> String? {
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start ..< index], as: UTF8.self) : nil
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
