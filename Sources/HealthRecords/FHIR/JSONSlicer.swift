import Foundation

/// Finds the byte ranges of members and elements in JSON without building values, so that a bundle's
/// entries can be cut out as their original bytes and decoded (and stored) one by one.
struct JSONSlicer {
    /// The JSON text.
    let bytes: [UInt8]

    /// A slicer over `data`.
    init(_ data: Data) { bytes = [UInt8](data) }

    /// The members of the object at `range`, in order: unescaped key and value range.
    func members(of range: Range<Int>, path: String) throws(FHIRDecodingError) -> [(key: String, value: Range<Int>)] {
        var index = skipSpace(range.lowerBound)
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "{") else {
            throw FHIRDecodingError(path: path, reason: "expected an object")
        }
        var result: [(String, Range<Int>)] = []
        index = skipSpace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return result }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntax(index, path, "expected a member name") }
            let keyEnd = try skipString(index, path)
            let key = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self)
            index = skipSpace(keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw syntax(index, path, "expected ':'") }
            let valueStart = skipSpace(index + 1)
            let valueEnd = try skipValue(valueStart, path)
            result.append((key, valueStart..<valueEnd))
            index = skipSpace(valueEnd)
            guard index < bytes.count else { throw syntax(index, path, "unterminated object") }
            if bytes[index] == UInt8(ascii: "}") { return result }
            guard bytes[index] == UInt8(ascii: ",") else { throw syntax(index, path, "expected ',' or '}'") }
            index = skipSpace(index + 1)
        }
    }

    /// The element ranges of the array at `range`.
    func elements(of range: Range<Int>, path: String) throws(FHIRDecodingError) -> [Range<Int>] {
        var index = skipSpace(range.lowerBound)
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else {
            throw FHIRDecodingError(path: path, reason: "expected an array")
        }
        var result: [Range<Int>] = []
        index = skipSpace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return result }
        while true {
            let end = try skipValue(index, path + "[\(result.count)]")
            result.append(index..<end)
            index = skipSpace(end)
            guard index < bytes.count else { throw syntax(index, path, "unterminated array") }
            if bytes[index] == UInt8(ascii: "]") { return result }
            guard bytes[index] == UInt8(ascii: ",") else { throw syntax(index, path, "expected ',' or ']'") }
            index = skipSpace(index + 1)
        }
    }

    /// The whole text's value range, checking nothing but white space follows it.
    func document(path: String = "") throws(FHIRDecodingError) -> Range<Int> {
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
        return try? JSONDecoder().decode(String.self, from: Data(bytes[range]))
    }

    /// The bytes at `range`.
    func data(_ range: Range<Int>) -> Data { Data(bytes[range]) }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
        return index
    }

    private func skipString(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        throw syntax(start, path, "unterminated string")
    }

    private func skipValue(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        guard start < bytes.count else { throw syntax(start, path, "unexpected end of data") }
        switch bytes[start] {
        case UInt8(ascii: "\""): return try skipString(start, path)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return try skipContainer(start, path)
        default:
            var index = start
            while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
            guard index > start else { throw syntax(start, path, "expected a value") }
            return index
        }
    }

    private func skipContainer(_ start: Int, _ path: String) throws(FHIRDecodingError) -> Int {
        var depth = 0, index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): index = try skipString(index, path); continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        throw syntax(start, path, "unterminated \(bytes[start] == UInt8(ascii: "{") ? "object" : "array")")
    }

    private static let delimiters: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")]

    private func syntax(_ offset: Int, _ path: String, _ problem: String) -> FHIRDecodingError {
        FHIRDecodingError(path: path, reason: "not valid JSON (\(problem) at byte \(offset))")
    }
}
