package import Foundation

/// Turns the bytes of an XML document into checked UTF-8, whatever encoding it declares.
///
/// The encoding comes from a byte-order mark (UTF-8, UTF-16 LE or BE), else from the XML declaration's
/// `encoding` (UTF-8, UTF-16, ISO-8859-1/Latin-1, US-ASCII), else UTF-8. The result holds only characters XML 1.0
/// allows (`Char`: no C0 control other than tab, line feed and carriage return; no U+FFFE or U+FFFF), so no later
/// step ever sees an invalid byte: an invalid sequence is an error naming its byte offset in the input.
package enum XMLEncoding {
    /// The encodings a document may be in.
    package enum Kind: Equatable, Sendable {
        case utf8, utf16LittleEndian, utf16BigEndian, latin1
    }

    /// The document's text as UTF-8 (without a byte-order mark), and whether it was transcoded from another encoding.
    package static func utf8(_ data: Data) throws(XMLSyntaxError) -> (bytes: [UInt8], transcoded: Bool) {
        let input = [UInt8](data)
        let (kind, skip) = try detect(input)
        switch kind {
        case .utf8:
            try checkUTF8(input, from: skip)
            return (Array(input[skip...]), false)
        case .latin1:
            return (try latin1(input), true)
        case .utf16LittleEndian, .utf16BigEndian:
            return (try utf16(input, from: skip, bigEndian: kind == .utf16BigEndian), true)
        }
    }

    /// The encoding and the length of its byte-order mark.
    static func detect(_ bytes: [UInt8]) throws(XMLSyntaxError) -> (Kind, Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return (.utf16LittleEndian, 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return (.utf16BigEndian, 0) }
        guard let declared = declaredEncoding(bytes) else { return (.utf8, 0) }
        switch declared.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "UTF-8", "UTF8", "US-ASCII", "ASCII": return (.utf8, 0)
        case "ISO-8859-1", "LATIN1", "LATIN-1", "ISO8859-1", "L1": return (.latin1, 0)
        case "UTF-16", "UTF-16LE", "UTF-16BE":
            throw XMLSyntaxError("the document declares encoding \"\(declared)\" but its bytes are not UTF-16 (no byte-order mark)", at: 0)
        default:
            throw XMLSyntaxError("the encoding \"\(declared)\" is not supported (UTF-8, UTF-16 and ISO-8859-1 are)", at: 0)
        }
    }

    /// The `encoding` pseudo-attribute of an ASCII-compatible XML declaration, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(256)
        guard let close = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[..<close], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// Checks that `bytes[start...]` is UTF-8 made of XML characters.
    static func checkUTF8(_ bytes: [UInt8], from start: Int) throws(XMLSyntaxError) {
        if let bad = UTF8Validation.firstInvalidByte(in: bytes, from: start) { throw invalidUTF8(at: bad, in: bytes) }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { throw forbidden(UInt32(byte), at: index, in: bytes) }
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                throw forbidden(bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF, at: index, in: bytes)
            }
            index += 1
        }
    }

    private static func latin1(_ bytes: [UInt8]) throws(XMLSyntaxError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for (offset, byte) in bytes.enumerated() {
            if byte < 0x80 {
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { throw forbidden(UInt32(byte), at: offset, in: bytes) }
                out.append(byte)
            } else {
                out.append(0xC0 | byte >> 6)
                out.append(0x80 | byte & 0x3F)
            }
        }
        return out
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(XMLSyntaxError) -> [UInt8] {
        guard (bytes.count - start) % 2 == 0 else { throw XMLSyntaxError("the UTF-16 text has an odd number of bytes", at: bytes.count - 1) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = start
        func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while index < bytes.count {
            var scalar = unit(index)
            let offset = index
            index += 2
            if (0xD800...0xDBFF).contains(scalar) {
                guard index < bytes.count, (0xDC00...0xDFFF).contains(unit(index)) else { throw invalidUTF16(at: offset, in: bytes) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(index) - 0xDC00)
                index += 2
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw invalidUTF16(at: offset, in: bytes)
            }
            guard let character = Unicode.Scalar(scalar), isChar(scalar) else { throw forbidden(scalar, at: offset, in: bytes) }
            out.append(contentsOf: Array(String(character).utf8))
        }
        return out
    }

    /// Whether `scalar` is an XML 1.0 `Char`.
    static func isChar(_ scalar: UInt32) -> Bool {
        scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || (0x20...0xD7FF).contains(scalar)
            || (0xE000...0xFFFD).contains(scalar) || (0x10000...0x10FFFF).contains(scalar)
    }

    private static func invalidUTF8(at offset: Int, in bytes: [UInt8]) -> XMLSyntaxError {
        XMLSyntaxError("invalid UTF-8 (byte \(offset) is 0x\(String(bytes[offset], radix: 16, uppercase: true)))", at: offset)
            .located(in: bytes)
    }

    private static func invalidUTF16(at offset: Int, in bytes: [UInt8]) -> XMLSyntaxError {
        XMLSyntaxError("an unpaired UTF-16 surrogate at byte \(offset)", at: offset)
    }

    private static func forbidden(_ scalar: UInt32, at offset: Int, in bytes: [UInt8]) -> XMLSyntaxError {
        let error = XMLSyntaxError("the character U+\(String(scalar, radix: 16, uppercase: true)) (byte \(offset)) is not allowed in XML", at: offset)
        return bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? error : error.located(in: bytes)
    }
}
