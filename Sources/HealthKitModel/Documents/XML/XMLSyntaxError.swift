/// Why XML text is not well-formed (or not acceptable), and where: `line 12, column 7: <title> is closed by </titl>`.
package struct XMLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// The byte offset of the problem in the text it was found in.
    package var offset: Int
    /// The 1-based line of the problem, once located (0 before).
    package var line = 0
    /// The 1-based column (in characters) of the problem, once located (0 before).
    package var column = 0

    /// An error at byte `offset`.
    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The same error with its line and column counted in `bytes` (the text `offset` refers to).
    package func located(in bytes: [UInt8]) -> XMLSyntaxError {
        var copy = self
        copy.line = 1
        copy.column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                copy.line += 1
                copy.column = 1
            } else if byte & 0xC0 != 0x80 {
                copy.column += 1
            }
        }
        return copy
    }

    /// `line L, column C: message`, or the message alone when not located.
    package var description: String { line > 0 ? "line \(line), column \(column): \(message)" : message }
}
