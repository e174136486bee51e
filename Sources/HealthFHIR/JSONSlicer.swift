import Foundation
import HealthKitModel

/// Finds the byte ranges of members and elements in JSON without building values, so that a bundle's
/// entries can be cut out as their original bytes and decoded (and stored) one by one.
///
/// ``document(path:)`` checks the whole text first: UTF-8, and arrays and objects nested at most ``maximumDepth``
/// deep, so that no later step (the bundle walk, which recurses into nested bundles, or a decoder) meets hostile nesting.
struct JSONSlicer {
    /// The deepest nesting of arrays and objects accepted (real FHIR resources stay well below 40).
    static let maximumDepth = 100

    /// The JSON text (a leading UTF-8 byte-order mark dropped).
    let bytes: [UInt8]

    /// A slicer over `data`.
    init(_ data: Data) {
        bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? [UInt8](data.dropFirst(3)) : [UInt8](data)
    }

    /// Calls `body` with each member's key and value start of the object at `start`; `body` returns the value's
    /// end when it read the value itself, nil to have it skipped. Returns the index after the closing brace, so
    /// a caller that reads the values it wants never scans the object twice.
    func forEachMember(at start: Int, path: String,
                       _ body: (String, Int) throws(FHIRDecodingError) -> Int?) throws(FHIRDecodingError) -> Int {
        var index = skipSpace(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw FHIRDecodingError(path: path, reason: "expected an object") }
        index = skipSpace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntax(index, path, "expected a member name") }
            let keyEnd = try skipString(index, path)
            let key = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self)
            index = skipSpace(keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw syntax(index, path, "expected ':'") }
            let valueStart = skipSpace(index + 1)
            let valueEnd: Int
            if let read = try body(key, valueStart) { valueEnd = read } else { valueEnd = try skipValue(valueStart, path) }
            index = skipSpace(valueEnd)
            guard index < bytes.count else { throw syntax(index, path, "unterminated object") }
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { throw syntax(index, path, "expected ',' or '}'") }
            index = skipSpace(index + 1)
        }
    }

    /// Calls `body` with each element's position and start in the array at `start`; `body` returns the element's
    /// end. Returns the index after the closing bracket.
    func forEachElement(at start: Int, path: String,
                        _ body: (Int, Int) throws(FHIRDecodingError) -> Int) throws(FHIRDecodingError) -> Int {
        var index = skipSpace(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw FHIRDecodingError(path: path, reason: "expected an array") }
        index = skipSpace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
        var position = 0
        while true {
            index = skipSpace(try body(position, index))
            position += 1
            guard index < bytes.count else { throw syntax(index, path, "unterminated array") }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { throw syntax(index, path, "expected ',' or ']'") }
            index = skipSpace(index + 1)
        }
    }

    /// The end of the value starting at `start`.
    func valueEnd(at start: Int, path: String) throws(FHIRDecodingError) -> Int { try skipValue(start, path) }

    /// The whole text's value range, checking that it is UTF-8, that nothing but white space follows the value and
    /// that the value nests no deeper than ``maximumDepth``.
    func document(path: String = "") throws(FHIRDecodingError) -> Range<Int> {
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) { throw syntax(bad, path, "invalid UTF-8") }
        let start = skipSpace(0)
        let end = try skipValue(start, path)
        guard skipSpace(end) == bytes.count else { throw syntax(skipSpace(end), path, "unexpected text after the JSON value") }
        return start..<end
    }

    /// The string value at `range`, or nil when it is not a plain string.
    func string(_ range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        guard (try? JSONValidation.check(bytes, range)) != nil else { return nil }
        return bytes.withUnsafeBufferPointer { try? JSONText.string($0, range.lowerBound) }
    }

    /// The bytes at `range`.
    func data(_ range: Range<Int>) -> Data { Data(bytes[range]) }

    private func skipSpace(_ start: Int) -> Int {
        bytes.withUnsafeBufferPointer { JSONText.skipSpace($0, start, $0.count) }
    }

    private func skipString(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        let end = bytes.withUnsafeBufferPointer { Self.stringEnd($0, start) }
        guard let end else { throw syntax(start, path, "unterminated string") }
        return end
    }

    private func skipValue(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        guard start < bytes.count else { throw syntax(start, path, "unexpected end of data") }
        switch bytes[start] {
        case UInt8(ascii: "\""): return try skipString(start, path)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return try skipContainer(start, path)
        default:
            var index = start
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            guard index > start else { throw syntax(start, path, "expected a value") }
            return index
        }
    }

    private func skipContainer(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        let end = bytes.withUnsafeBufferPointer { Self.containerEnd($0, start) }
        guard let end else {
            throw syntax(start, path, "unterminated \(bytes[start] == UInt8(ascii: "{") ? "object" : "array")")
        }
        guard end >= 0 else {
            throw FHIRDecodingError(path: path, reason: "refused: arrays and objects nested deeper than \(Self.maximumDepth) levels (at byte \(-end - 1))")
        }
        return end
    }

    /// The index after the closing quote of the string opening at `start`, or nil when it is not closed.
    /// Finds quotes with `memchr`, then counts the backslashes before one to tell an escaped quote.
    static func stringEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var index = start + 1
        while index < buffer.count {
            guard let found = memchr(base + index, 0x22, buffer.count - index) else { return nil }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 > start, buffer[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return nil
    }

    /// The index after the bracket closing the object or array opening at `start`, or nil when it is not closed, or
    /// `-(offset + 1)` of the bracket that nests deeper than ``maximumDepth``. Runs of spaces (pretty-printed JSON is mostly indentation) are skipped eight bytes at a time.
    static func containerEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var depth = 0, index = start
        let count = buffer.count
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while index < count {
            switch buffer[index] {
            case 0x22:
                guard let end = stringEnd(buffer, index) else { return nil }
                index = end
                continue
            case 0x7B, 0x5B:
                depth += 1
                if depth > maximumDepth { return -(index + 1) }
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return index + 1 }
            case 0x20:
                index += 1
                while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == spaces { index += 8 }
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x2C || byte == 0x7D || byte == 0x5D
    }

    private func syntax(_ offset: Int, _ path: String, _ problem: String) -> FHIRDecodingError {
        FHIRDecodingError(path: path, reason: "not valid JSON (\(problem) at byte \(offset))")
    }
}
