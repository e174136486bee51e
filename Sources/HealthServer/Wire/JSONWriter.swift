import Foundation
import HealthKitModel
import NIOCore

/// A value the API answers with, written by ``JSONWriter``. Each conformance lists the value's members in the order
/// `JSONEncoder`'s `.sortedKeys` puts them (UTF-8 byte order of the keys) and leaves out the optional ones that are nil,
/// as the type's `Encodable` conformance does; `JSONWriterTests` holds every wire type to `JSONEncoder`'s bytes.
protocol JSONWritable {
    /// Appends the value's JSON to `json`.
    func write(to json: inout JSONWriter) throws
}

/// The API's JSON writer: appends a response to a byte buffer exactly as ``WireCoding/encoder()`` (`JSONEncoder` with
/// sorted keys, unescaped slashes and the API's dates) would write it, without `JSONEncoder`'s tree of boxed values, which
/// cost the server more CPU than the queries behind the answers.
///
/// Strings are escaped as `JSONEncoder` escapes them (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control characters as
/// `\u00xx`; everything else, non-ASCII included, passed through as UTF-8); numbers are Swift's shortest round-trip form
/// without a trailing `.0` (NaN and infinities are refused, as `JSONEncoder` refuses them); dates are RFC 3339 in UTC
/// with milliseconds (``date(_:)``).
struct JSONWriter {
    /// The JSON written so far.
    private(set) var buffer: ByteBuffer
    /// Whether the array or object being written has no member yet.
    private var atFirstMember = true
    #if DEBUG
    /// The last key written in the object being written, to catch a conformance that lists its members out of order.
    private var lastKey: StaticString?
    #endif

    /// A writer with room for `capacity` bytes to begin with.
    init(capacity: Int = 4096) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// `value` as JSON.
    static func bytes(_ value: some JSONWritable) throws -> ByteBuffer {
        var json = JSONWriter()
        try value.write(to: &json)
        return json.buffer
    }

    /// An object whose members `members` writes with ``field(_:_:)-(_,JSONWritable)`` in key order.
    mutating func object(_ members: (inout JSONWriter) throws -> Void) rethrows {
        buffer.writeInteger(UInt8(ascii: "{"))
        let outer = atFirstMember
        atFirstMember = true
        #if DEBUG
        let outerKey = lastKey
        lastKey = nil
        defer { lastKey = outerKey }
        #endif
        try members(&self)
        atFirstMember = outer
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// An object member.
    mutating func field(_ key: StaticString, _ value: some JSONWritable) throws {
        #if DEBUG
        if let lastKey {
            let ordered = UnsafeBufferPointer(start: lastKey.utf8Start, count: lastKey.utf8CodeUnitCount)
                .lexicographicallyPrecedes(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            assert(ordered, "JSON keys out of order: \(lastKey) before \(key)")
        }
        lastKey = key
        #endif
        separate()
        buffer.writeInteger(UInt8(ascii: "\""))
        buffer.writeStaticString(key)
        buffer.writeStaticString("\":")
        try value.write(to: &self)
    }

    /// An object member that is left out when `value` is nil.
    mutating func field(_ key: StaticString, _ value: (some JSONWritable)?) throws {
        if let value { try field(key, value) }
    }

    /// An object member whose key is not known in advance (a dictionary's); the caller writes keys in order.
    mutating func field(named key: String, _ value: some JSONWritable) throws {
        separate()
        string(key)
        buffer.writeInteger(UInt8(ascii: ":"))
        try value.write(to: &self)
    }

    /// An array of `elements`.
    mutating func array<Elements: Sequence>(_ elements: Elements) throws where Elements.Element: JSONWritable {
        buffer.writeInteger(UInt8(ascii: "["))
        let outer = atFirstMember
        atFirstMember = true
        for element in elements {
            separate()
            try element.write(to: &self)
        }
        atFirstMember = outer
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// A string, escaped.
    mutating func string(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                escape(byte)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        default:
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(Self.hexDigit(byte >> 4, lowercase: true))
            buffer.writeInteger(Self.hexDigit(byte & 0x0F, lowercase: true))
        }
    }

    /// A number: `JSONEncoder` writes a `Double`'s `description` (the shortest text that reads back as the same double)
    /// without a trailing `.0`; whole numbers below 10^15 are written as integers directly, which is the same text.
    mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        if value.magnitude < 1e15, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            integer(Int64(value))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        buffer.writeString(text)
    }

    /// An integer, in decimal.
    mutating func integer(_ value: some BinaryInteger) {
        if value < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: digits[start...])))
        }
    }

    /// `true`, `false` or `null`.
    mutating func literal(_ text: StaticString) {
        buffer.writeStaticString(text)
    }

    /// A UUID as `JSONEncoder` writes one: its `uuidString`, upper case.
    mutating func uuid(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
                var index = 0
                func put(_ byte: UInt8) {
                    text[index] = byte
                    index += 1
                }
                put(UInt8(ascii: "\""))
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 { put(UInt8(ascii: "-")) }
                    put(Self.hexDigit(byte >> 4, lowercase: false))
                    put(Self.hexDigit(byte & 0x0F, lowercase: false))
                }
                put(UInt8(ascii: "\""))
                buffer.writeBytes(UnsafeRawBufferPointer(text))
            }
        }
    }

    /// A date as ``WireCoding/text(_:)`` writes it (`2026-11-26T10:00:00.250Z`: UTC, the milliseconds truncated as
    /// Foundation truncates them). Dates from 1601 to 9999 are written here; others (Foundation counts them in the
    /// Julian calendar before 1582, and writes more or fewer year digits) go through Foundation's formatter.
    mutating func date(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        // 1601-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 2001-01-01.
        guard whole >= -12_622_780_800, whole < 252_423_993_600 else {
            string(WireCoding.text(date))
            return
        }
        let milliseconds = Int((interval - whole) * 1_000_000_000) / 1_000_000
        let seconds = Int(whole) + 978_307_200
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = CivilDays.civil(daysSince1970: days)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { text in
            var index = 0
            func put(_ byte: UInt8) {
                text[index] = byte
                index += 1
            }
            func digits(_ value: Int, _ count: Int) {
                var divisor = 1
                for _ in 1..<count { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            put(UInt8(ascii: "\""))
            digits(year, 4); put(UInt8(ascii: "-")); digits(month, 2); put(UInt8(ascii: "-")); digits(day, 2)
            put(UInt8(ascii: "T"))
            digits(second / 3600, 2); put(UInt8(ascii: ":")); digits(second / 60 % 60, 2); put(UInt8(ascii: ":")); digits(second % 60, 2)
            put(UInt8(ascii: ".")); digits(milliseconds, 3)
            put(UInt8(ascii: "Z")); put(UInt8(ascii: "\""))
            buffer.writeBytes(UnsafeRawBufferPointer(text))
        }
    }

    private static func hexDigit(_ value: UInt8, lowercase: Bool) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : (lowercase ? UInt8(ascii: "a") : UInt8(ascii: "A")) + value - 10
    }

    private mutating func separate() {
        if atFirstMember {
            atFirstMember = false
        } else {
            buffer.writeInteger(UInt8(ascii: ","))
        }
    }
}
