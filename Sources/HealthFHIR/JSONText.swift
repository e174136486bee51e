/// Reads single JSON values from bytes ``JSONValidation`` has checked: where a value ends, a string with its escapes
/// resolved, and a number as an integer or a floating-point value within range.
enum JSONText {
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The first index from `start` (before `end`) that is not JSON white space; runs of spaces (pretty-printed
    /// JSON is mostly indentation) are skipped eight bytes at a time.
    static func skipSpace(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while index < end {
            switch buffer[index] {
            case 0x20:
                index += 1
                while index + 8 <= end, UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self) == spaces { index += 8 }
            case 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// The index after the (valid) value starting at `start`.
    static func valueEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        switch buffer[start] {
        case UInt8(ascii: "\""): return JSONSlicer.stringEnd(buffer, start) ?? buffer.count
        case UInt8(ascii: "{"), UInt8(ascii: "["): return JSONSlicer.containerEnd(buffer, start).flatMap { $0 > start ? $0 : nil } ?? buffer.count
        default:
            var index = start
            while index < buffer.count, !JSONSlicer.isDelimiter(buffer[index]) { index += 1 }
            return index
        }
    }

    /// How JSONDecoder names the kind of value starting with `byte` in its type-mismatch errors (which
    /// ``FHIRDecodingError`` turns into `found a number`, `found an object`...).
    static func kind(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "a dictionary"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "bool"
        case UInt8(ascii: "n"): "null"
        default: "number"
        }
    }

    /// The (valid) string opening at `start`, its escapes resolved; the problem when an escape names half a
    /// UTF-16 surrogate pair.
    static func string(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONScalarProblem) -> String {
        let end = (JSONSlicer.stringEnd(buffer, start) ?? buffer.count) - 1
        let inner = UnsafeBufferPointer(rebasing: buffer[(start + 1)..<max(end, start + 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var index = 0
        while index < inner.count {
            let byte = inner[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < inner.count else {
                bytes.append(byte)
                index += 1
                continue
            }
            let escaped = inner[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var unit = hex4(inner, index)
                index += 4
                if (0xD800..<0xDC00).contains(unit), index + 6 <= inner.count, inner[index] == UInt8(ascii: "\\"),
                   inner[index + 1] == UInt8(ascii: "u"), case let low = hex4(inner, index + 2), (0xDC00..<0xE000).contains(low) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                guard let scalar = Unicode.Scalar(unit) else {
                    throw .unreadable("not valid JSON (unpaired UTF-16 surrogate \\u\(String(unit, radix: 16)) in a string at byte \(start + 1 + index - 6))")
                }
                UTF8.encode(scalar) { bytes.append($0) }
            default: bytes.append(escaped)   // `"`, `\` and `/` stand for themselves
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        (start..<start + 4).reduce(0) { $0 << 4 | (hexValue(bytes[$1]) ?? 0) }
    }

    /// The (valid) number text at `range` as `T`, or the problem when `T` cannot hold it: an integer type takes
    /// a number written with a fraction or an exponent only when its value is whole; a floating-point type refuses
    /// a number that rounds to infinity, or to zero when its digits are not all zero (as JSONDecoder does).
    static func number<T: JSONNumber>(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, as type: T.Type) throws(JSONScalarProblem) -> T {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        guard let value = T.exactly(text) else { throw .unreadable("Parsed JSON number <\(text)> does not fit in \(T.self).") }
        return value
    }
}

/// A number type ``JSONText/number(_:_:as:)`` reads.
protocol JSONNumber: JSONScalar {
    /// The value of the JSON number `text`, nil when this type cannot hold it.
    static func exactly(_ text: String) -> Self?
}

extension JSONNumber where Self: FixedWidthInteger {
    static func exactly(_ text: String) -> Self? {
        if let value = Self(text) { return value }
        guard let double = Double(text), double.isFinite else { return nil }
        return Self(exactly: double)
    }
}

extension JSONNumber where Self: BinaryFloatingPoint & LosslessStringConvertible {
    static func exactly(_ text: String) -> Self? {
        guard let value = Self(text), value.isFinite else { return nil }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        return value != 0 || mantissa.allSatisfy({ $0 == "0" || $0 == "." || $0 == "-" }) ? value : nil
    }
}

extension Int: JSONNumber {}
extension Int8: JSONNumber {}
extension Int16: JSONNumber {}
extension Int32: JSONNumber {}
extension Int64: JSONNumber {}
extension UInt: JSONNumber {}
extension UInt8: JSONNumber {}
extension UInt16: JSONNumber {}
extension UInt32: JSONNumber {}
extension UInt64: JSONNumber {}
extension Double: JSONNumber {}
extension Float: JSONNumber {}
