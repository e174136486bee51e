import Foundation

/// One start tag as the tokenizer saw it: byte ranges into the tokenizer's buffer, valid only while the
/// sink handles it (no copies, no allocation per tag). Plain data, so passing it on costs no reference counting.
struct RawTag {
    /// An attribute's name and (still entity-encoded) value, as byte ranges of ``base``.
    struct Attribute {
        /// The attribute name.
        var name: Range<Int>
        /// The value between the quotes.
        var value: Range<Int>
    }

    /// The buffer the ranges point into.
    let base: UnsafePointer<UInt8>
    /// The element name.
    var name: Range<Int>
    /// The attributes, in document order (the tokenizer's storage, valid while the sink handles the tag).
    var attributes: UnsafeBufferPointer<Attribute>
    /// Whether the tag ended with `/>`.
    var selfClosing = false
    /// The line the tag starts on (1-based).
    var line = 1

    /// Whether the element name equals `literal` (ASCII).
    func nameIs(_ literal: StaticString) -> Bool { Bytes.equal(base, name, literal) }

    /// The raw bytes of the first attribute named `literal`, or nil.
    func raw(_ literal: StaticString) -> UnsafeBufferPointer<UInt8>? {
        for attribute in attributes where Bytes.equal(base, attribute.name, literal) { return slice(attribute.value) }
        return nil
    }

    /// The decoded value of attribute `literal`, or nil.
    func string(_ literal: StaticString) -> String? {
        raw(literal).map(Bytes.decodedString)
    }

    /// Every attribute, decoded.
    func allAttributes() -> [(name: String, value: String)] {
        attributes.map { (Bytes.decodedString(slice($0.name)), Bytes.decodedString(slice($0.value))) }
    }

    /// The element name as a string.
    var nameString: String { Bytes.decodedString(slice(name)) }

    /// The bytes of `range`.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}

/// Byte helpers shared by the tokenizer and the converters.
enum Bytes {
    /// Whether `range` of `base` holds exactly the ASCII `literal`.
    @inline(__always)
    static func equal(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        return memcmp(base + range.lowerBound, literal.utf8Start, range.count) == 0
    }

    /// Whether `bytes` are exactly the ASCII `literal`.
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        return bytes.isEmpty || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
    }

    /// The text of XML attribute bytes: entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#..;` `&#x..;`)
    /// decoded, control characters other than tab, newline and return (e.g. the stray `\u{0b}` of some
    /// exports) dropped, invalid UTF-8 repaired.
    static func decodedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "&") || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
            needsWork = true
            break
        }
        guard needsWork else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, length) = entity(bytes, at: index) {
                out.append(contentsOf: Array(String(scalar).utf8))
                index += length
                continue
            }
            if byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { out.append(byte) }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity reference at `start` stands for, and the reference's length.
    private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Character, Int)? {
        var end = start + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        let length = end - start + 1
        switch name {
        case "amp": return ("&", length)
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let code = digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let code, let scalar = Unicode.Scalar(code) else { return nil }
            return (Character(scalar), length)
        }
    }
}
