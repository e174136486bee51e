/// Checks that a byte range holds exactly one JSON value as RFC 8259 writes it (no trailing commas, no leading zeros,
/// no bare control characters in strings, only the six escapes and `\uXXXX`), nested at most
/// ``JSONSlicer/maximumDepth`` deep, and records its structure on a ``JSONTape`` for ``JSONSliceDecoder``: every later
/// step takes the syntax as given. Iterative, so hostile nesting costs a counter, never the stack. The bytes must
/// already be UTF-8 (the slicer checks a whole input once).
enum JSONValidation {
    /// Throws `not valid JSON (problem at byte N)`, N counted in `bytes`, when `bytes[range]` is not one JSON value;
    /// else leaves its structure on `tape` (emptied first).
    static func check(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into tape: inout JSONTape) throws(FHIRDecodingError) {
        tape.reset()
        do throws(Failure) {
            try Scanner(buffer: buffer, end: range.upperBound).value(from: range.lowerBound, into: &tape)
        } catch {
            throw FHIRDecodingError(path: "", reason: "not valid JSON (\(error.problem) at byte \(error.offset))")
        }
    }

    /// Throws as ``check(_:_:into:)`` does, when `bytes[range]` is not one JSON value.
    static func check(_ bytes: [UInt8], _ range: Range<Int>) throws(FHIRDecodingError) {
        var tape = JSONTape()
        defer { tape.release() }
        let failure = bytes.withUnsafeBufferPointer { buffer -> FHIRDecodingError? in
            do throws(FHIRDecodingError) {
                try check(buffer, range, into: &tape)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private struct Failure: Error {
        let offset: Int
        let problem: String
    }

    private struct Scanner {
        let buffer: UnsafeBufferPointer<UInt8>
        let end: Int

        /// Reads the value at `start` (surrounding white space allowed) to `end`, recording it on `tape`.
        func value(from start: Int, into tape: inout JSONTape) throws(Failure) {
            // The containers entered, innermost last: its number, whether it is an object, and where its items
            // begin on the tape's pending run.
            var open: [(container: Int, object: Bool, mark: Int)] = []
            open.reserveCapacity(16)
            var index = start, name = 0..<0, plain = true
            value: while true {
                index = JSONText.skipSpace(buffer, index, end)
                guard index < end else { throw Failure(offset: index, problem: "unexpected end of data") }
                if !open.isEmpty { tape.pending.append(JSONItem(name: name, plain: plain, value: index, container: -1)) }
                switch buffer[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let object = buffer[index] == UInt8(ascii: "{")
                    guard open.count < JSONSlicer.maximumDepth else {
                        throw Failure(offset: index, problem: "arrays and objects nested deeper than \(JSONSlicer.maximumDepth) levels")
                    }
                    if !open.isEmpty { tape.pending[tape.pending.count - 1].container = tape.containers.count }
                    open.append((tape.containers.count, object, tape.pending.count))
                    tape.containers.append(0..<0)
                    index = JSONText.skipSpace(buffer, index + 1, end)
                    if index < end, buffer[index] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        Self.close(open.removeLast(), &tape)
                        index += 1
                    } else {
                        if object { (index, name, plain) = try memberName(index) } else { name = index..<index }
                        continue value
                    }
                case UInt8(ascii: "\""): index = try string(index).end
                case UInt8(ascii: "t"): index = try literal(index, "true")
                case UInt8(ascii: "f"): index = try literal(index, "false")
                case UInt8(ascii: "n"): index = try literal(index, "null")
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): index = try number(index)
                default: throw Failure(offset: index, problem: "expected a value")
                }
                // After a value: close containers, or go on to the next member or element.
                while true {
                    index = JSONText.skipSpace(buffer, index, end)
                    guard let object = open.last?.object else {
                        guard index == end else { throw Failure(offset: index, problem: "unexpected text after the JSON value") }
                        return
                    }
                    guard index < end else { throw Failure(offset: index, problem: object ? "unterminated object" : "unterminated array") }
                    switch buffer[index] {
                    case UInt8(ascii: ","):
                        if object {
                            (index, name, plain) = try memberName(JSONText.skipSpace(buffer, index + 1, end))
                        } else {
                            index += 1
                            name = index..<index
                        }
                        continue value
                    case UInt8(ascii: "}") where object, UInt8(ascii: "]") where !object:
                        Self.close(open.removeLast(), &tape)
                        index += 1
                    default:
                        throw Failure(offset: index, problem: object ? "expected ',' or '}'" : "expected ',' or ']'")
                    }
                }
            }
        }

        /// Moves a closed container's items from the pending run to a run of their own.
        private static func close(_ container: (container: Int, object: Bool, mark: Int), _ tape: inout JSONTape) {
            let first = tape.items.count
            tape.pending.move(from: container.mark, to: &tape.items)
            tape.containers[container.container] = first..<tape.items.count
        }

        /// Reads `"name" :` at `start`; returns the index after the colon, the name's range between the quotes and
        /// whether it is plain ASCII without escapes.
        private func memberName(_ start: Int) throws(Failure) -> (Int, Range<Int>, Bool) {
            guard start < end, buffer[start] == UInt8(ascii: "\"") else { throw Failure(offset: start, problem: "expected a member name") }
            let (nameEnd, escaped) = try string(start)
            let colon = JSONText.skipSpace(buffer, nameEnd, end)
            guard colon < end, buffer[colon] == UInt8(ascii: ":") else { throw Failure(offset: colon, problem: "expected ':'") }
            let name = (start + 1)..<(nameEnd - 1)
            return (colon + 1, name, !escaped && !name.contains { buffer[$0] >= 0x80 })
        }

        /// Reads the string opening at `start`; returns the index after its closing quote, and whether it has an
        /// escape. Eight bytes at a time while none of them is a quote, a backslash or a control character.
        private func string(_ start: Int) throws(Failure) -> (end: Int, escaped: Bool) {
            var index = start + 1, escaped = false
            let raw = UnsafeRawPointer(buffer.baseAddress!)
            while true {
                while index + 8 <= end, !Self.special(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { index += 8 }
                guard index < end else { throw Failure(offset: start, problem: "unterminated string") }
                switch buffer[index] {
                case UInt8(ascii: "\""):
                    return (index + 1, escaped)
                case UInt8(ascii: "\\"):
                    escaped = true
                    guard index + 1 < end else { throw Failure(offset: start, problem: "unterminated string") }
                    switch buffer[index + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 2
                    case UInt8(ascii: "u"):
                        guard index + 6 <= end, (index + 2..<index + 6).allSatisfy({ JSONText.hexValue(buffer[$0]) != nil }) else {
                            throw Failure(offset: index, problem: "\\u not followed by four hexadecimal digits")
                        }
                        index += 6
                    default:
                        throw Failure(offset: index, problem: "invalid escape")
                    }
                case 0..<0x20:
                    throw Failure(offset: index, problem: "control character in a string")
                default:
                    index += 1
                }
            }
        }

        /// Whether any of the eight bytes is `"`, `\` or below 0x20 (exact as to whether, not which).
        private static func special(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            return found & highs != 0
        }

        private func literal(_ start: Int, _ word: StaticString) throws(Failure) -> Int {
            let count = word.utf8CodeUnitCount
            guard start + count <= end, (0..<count).allSatisfy({ buffer[start + $0] == word.utf8Start[$0] }) else {
                throw Failure(offset: start, problem: "expected a value")
            }
            return start + count
        }

        /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; returns the index after it.
        private func number(_ start: Int) throws(Failure) -> Int {
            var index = start
            func digits() throws(Failure) {
                guard index < end, JSONText.isDigit(buffer[index]) else { throw Failure(offset: index, problem: "invalid number") }
                while index < end, JSONText.isDigit(buffer[index]) { index += 1 }
            }
            if buffer[index] == UInt8(ascii: "-") { index += 1 }
            if index < end, buffer[index] == UInt8(ascii: "0") { index += 1 } else { try digits() }
            if index < end, buffer[index] == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if index < end, buffer[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < end, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
            return index
        }
    }
}
