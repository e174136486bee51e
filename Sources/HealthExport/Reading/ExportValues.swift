import Foundation
import HealthKitModel
import OpenHealthKit

/// Dates and numbers read straight from attribute bytes, without building strings.
enum ExportValues {
    /// The instant of `2019-03-02 10:51:22 -0800` (export.xml), `2019-06-11T22:00:42Z` or
    /// `2019-06-11T22:00:42.5+02:00` (GPX), or nil when the bytes are not such a date.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 19 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < bytes.count, let digit = digits(index, 1) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard let offset = offsetSeconds(bytes, from: index) else { return nil }
        let seconds = CivilDays.since1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The UTC offset in seconds written at `index` (`-0800`, `+05:30`, `Z`, or nothing for UTC).
    static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        let rest = bytes.count - index
        if rest == 0 { return 0 }
        if rest == 1, bytes[index] == UInt8(ascii: "Z") { return 0 }
        let sign: Int
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        // Exactly four digits, colons anywhere between them; counted without an array (two dates per record).
        var digits = 0, value = 0
        for position in (index + 1)..<bytes.count where bytes[position] != UInt8(ascii: ":") {
            let digit = Int(bytes[position]) - 48
            guard digit >= 0, digit <= 9, digits < 4 else { return nil }
            value = value * 10 + digit
            digits += 1
        }
        guard digits == 4 else { return nil }
        let hours = value / 100, minutes = value % 100
        guard hours <= 18, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// A finite decimal number (`72`, `-0.5`, `1.2e-05`), or nil. Hexadecimal, `nan` and `inf` are refused.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let plain = PlainDecimal.double(bytes) { return plain }
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        var sawDigit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer -> Double? in
            for index in bytes.indices { buffer[index] = CChar(bitPattern: bytes[index]) }
            buffer[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            guard let end, end == buffer.baseAddress! + bytes.count, value.isFinite else { return nil }
            return value
        }
    }

    /// `number(_:)` for a string.
    static func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { number($0) }
    }

    /// `date(_:)` for a string.
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { date($0) }
    }
}
