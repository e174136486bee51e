/// One piece of a document, as ``XMLScanner`` reports it.
package enum XMLEvent: Equatable, Sendable {
    /// A start tag: its qualified name and its attributes (values with references decoded), in document order.
    /// An empty-element tag (`<a/>`) is reported as a start followed by an end.
    case start(name: String, attributes: [XMLAttribute])
    /// An end tag.
    case end(name: String)
    /// Character data or a CDATA section, with references decoded.
    case text(String)
}

/// An attribute of a start tag.
package struct XMLAttribute: Equatable, Sendable {
    /// The qualified name (`xmlns:cda`, `value`).
    package var name: String
    /// The value, references decoded and white space normalised as XML 1.0 says.
    package var value: String
}

/// A strict, non-validating XML 1.0 reader of checked UTF-8 text (see ``XMLEncoding``), pulled one event at a time.
///
/// It checks well-formedness for real: names, quoted and unique attributes, tags closed in order, one root element
/// (or, with `severalRoots`, any number of them in sequence, as Apple's `export_cda.xml` has), comments without `--`,
/// nothing but white space, comments and processing instructions outside the root. It never expands an entity:
/// only the five predefined ones and character references are read; any other `&name;` is an error, and a DOCTYPE
/// with an internal subset (where entities would be declared) is refused. An external DTD is never fetched.
/// Time is linear in the input; nesting is limited to ``maximumDepth``.
package struct XMLScanner {
    /// The deepest element nesting accepted.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    private let severalRoots: Bool
    private var index = 0
    private var open: [(name: Range<Int>, offset: Int)] = []
    private var pendingEnd: String?
    private var sawRoot = false
    private var sawDoctype = false
    /// The byte offset where the markup of the last reported event starts.
    package private(set) var eventStart = 0

    /// A scanner over `bytes`, which must be what ``XMLEncoding/utf8(_:)`` returned.
    package init(utf8 bytes: [UInt8], severalRoots: Bool = false) {
        self.bytes = bytes
        self.severalRoots = severalRoots
    }

    /// The byte offset just after the last reported event.
    package var eventEnd: Int { index }

    /// How many elements are open after the last reported event.
    package var depth: Int { open.count + (pendingEnd == nil ? 0 : 1) }

    /// The next event, or nil at the end of a well-formed document. Throws the first well-formedness error,
    /// with its line and column.
    package mutating func next() throws(XMLSyntaxError) -> XMLEvent? {
        do {
            return try step()
        } catch {
            throw error.located(in: bytes)
        }
    }

    /// An error at the start of the last reported event, with its line and column.
    package func problem(_ message: String) -> XMLSyntaxError {
        XMLSyntaxError(message, at: eventStart).located(in: bytes)
    }

    private mutating func step() throws(XMLSyntaxError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        while index < bytes.count {
            eventStart = index
            guard bytes[index] == lt else {
                let stop = find(lt, from: index) ?? bytes.count
                let range = index..<stop
                index = stop
                guard !open.isEmpty else {
                    if let bad = range.first(where: { !isSpace(bytes[$0]) }) {
                        throw XMLSyntaxError(sawRoot ? "text after the root element" : "text before the root element", at: bad)
                    }
                    continue
                }
                if let bad = find("]]>", from: range.lowerBound, before: range.upperBound) { throw XMLSyntaxError("\"]]>\" in character data", at: bad) }
                return .text(try decode(range, inAttribute: nil))
            }
            guard index + 1 < bytes.count else { throw XMLSyntaxError("the document ends inside a tag", at: index) }
            switch bytes[index + 1] {
            case UInt8(ascii: "?"): try processingInstruction()
            case UInt8(ascii: "!"):
                if has("<!--") {
                    try comment()
                } else if has("<![CDATA[") {
                    return .text(try cdata())
                } else if has("<!DOCTYPE") {
                    try doctype()
                } else {
                    throw XMLSyntaxError("\"<!\" starts no comment, CDATA section or DOCTYPE", at: index)
                }
            case UInt8(ascii: "/"): return try endTag()
            default: return try startTag()
            }
        }
        if let last = open.last {
            let opened = XMLSyntaxError("", at: last.offset).located(in: bytes)
            throw XMLSyntaxError("the document ends before <\(text(last.name))> (line \(opened.line)) is closed", at: bytes.count)
        }
        guard sawRoot else { throw XMLSyntaxError("the document has no root element", at: bytes.count) }
        return nil
    }

    // MARK: tags

    private mutating func startTag() throws(XMLSyntaxError) -> XMLEvent {
        let nameRange = try name(at: index + 1)
        let name = text(nameRange)
        if open.isEmpty, sawRoot, !severalRoots {
            throw XMLSyntaxError("a second root element <\(name)>: a document has exactly one", at: index)
        }
        guard open.count < Self.maximumDepth else {
            throw XMLSyntaxError("elements nested deeper than \(Self.maximumDepth) levels", at: index)
        }
        var attributes: [XMLAttribute] = [], seen: Set<String> = []
        var position = nameRange.upperBound
        while true {
            let next = skipSpace(position)
            guard next < bytes.count else { throw XMLSyntaxError("the document ends inside <\(name)>", at: index) }
            if bytes[next] == gt {
                index = next + 1
                break
            }
            if bytes[next] == slash {
                guard next + 1 < bytes.count, bytes[next + 1] == gt else {
                    throw XMLSyntaxError("expected \">\" after \"/\" in <\(name)>", at: next)
                }
                index = next + 2
                pendingEnd = name
                break
            }
            guard next > position else { throw XMLSyntaxError("expected white space, \">\" or \"/>\" in <\(name)>", at: next) }
            let attribute = try self.attribute(at: next, in: name)
            guard seen.insert(attribute.name).inserted else {
                throw XMLSyntaxError("the attribute \(attribute.name) appears twice in <\(name)>", at: next)
            }
            attributes.append(attribute.attribute)
            position = attribute.end
        }
        sawRoot = true
        if pendingEnd == nil { open.append((nameRange, eventStart)) }
        return .start(name: name, attributes: attributes)
    }

    private func attribute(at start: Int, in element: String) throws(XMLSyntaxError) -> (name: String, attribute: XMLAttribute, end: Int) {
        let nameRange = try name(at: start)
        let name = text(nameRange)
        var position = skipSpace(nameRange.upperBound)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw XMLSyntaxError("the attribute \(name) in <\(element)> has no value", at: position)
        }
        position = skipSpace(position + 1)
        guard position < bytes.count, bytes[position] == quote || bytes[position] == apostrophe else {
            throw XMLSyntaxError("the value of the attribute \(name) in <\(element)> is not quoted", at: position)
        }
        guard let close = find(bytes[position], from: position + 1) else {
            throw XMLSyntaxError("the value of the attribute \(name) in <\(element)> is never closed", at: position)
        }
        let value = try decode((position + 1)..<close, inAttribute: name)
        return (name, XMLAttribute(name: name, value: value), close + 1)
    }

    private mutating func endTag() throws(XMLSyntaxError) -> XMLEvent {
        let nameRange = try name(at: index + 2)
        let close = skipSpace(nameRange.upperBound)
        guard close < bytes.count, bytes[close] == gt else {
            throw XMLSyntaxError("expected \">\" to end </\(text(nameRange))>", at: close)
        }
        guard let top = open.last else { throw XMLSyntaxError("</\(text(nameRange))> closes no open element", at: index) }
        guard bytes[top.name].elementsEqual(bytes[nameRange]) else {
            let opened = XMLSyntaxError("", at: top.offset).located(in: bytes)
            throw XMLSyntaxError("<\(text(top.name))> (line \(opened.line)) is closed by </\(text(nameRange))>", at: index)
        }
        open.removeLast()
        index = close + 1
        return .end(name: text(nameRange))
    }

    /// The range of the XML name starting at `start`.
    private func name(at start: Int) throws(XMLSyntaxError) -> Range<Int> {
        guard start < bytes.count, isNameStart(bytes[start]) else {
            throw XMLSyntaxError(start < bytes.count ? "expected a name" : "the document ends where a name was expected", at: start)
        }
        var end = start + 1
        while end < bytes.count, isNameStart(bytes[end]) || isDigitDotOrHyphen(bytes[end]) { end += 1 }
        return start..<end
    }

    // MARK: other markup

    private mutating func comment() throws(XMLSyntaxError) {
        guard let dashes = find("--", from: index + 4) else { throw XMLSyntaxError("a comment is never closed (no \"-->\")", at: index) }
        guard dashes + 2 < bytes.count, bytes[dashes + 2] == gt else { throw XMLSyntaxError("\"--\" inside a comment", at: dashes) }
        index = dashes + 3
    }

    private mutating func cdata() throws(XMLSyntaxError) -> String {
        guard !open.isEmpty else { throw XMLSyntaxError("a CDATA section outside the root element", at: index) }
        guard let close = find("]]>", from: index + 9) else { throw XMLSyntaxError("a CDATA section is never closed (no \"]]>\")", at: index) }
        let content = text((index + 9)..<close)
        index = close + 3
        return content
    }

    private mutating func processingInstruction() throws(XMLSyntaxError) {
        let target = try name(at: index + 2)
        guard let close = find("?>", from: target.upperBound) else {
            throw XMLSyntaxError("a processing instruction is never closed (no \"?>\")", at: index)
        }
        if text(target).lowercased() == "xml" {
            guard text(target) == "xml", index == 0 || (severalRoots && open.isEmpty) else {
                throw XMLSyntaxError("an XML declaration is allowed only at the very start of the document", at: index)
            }
        }
        index = close + 2
    }

    private mutating func doctype() throws(XMLSyntaxError) {
        guard open.isEmpty, !sawRoot || severalRoots, !sawDoctype || severalRoots else {
            throw XMLSyntaxError("a DOCTYPE is allowed only once, before the root element", at: index)
        }
        var position = index + 9
        while position < bytes.count, bytes[position] != gt {
            if bytes[position] == quote || bytes[position] == apostrophe {
                guard let close = find(bytes[position], from: position + 1) else {
                    throw XMLSyntaxError("the DOCTYPE is never closed", at: index)
                }
                position = close
            } else if bytes[position] == UInt8(ascii: "[") {
                throw XMLSyntaxError("the DOCTYPE has an internal subset, which is refused: entities are never declared or expanded", at: position)
            }
            position += 1
        }
        guard position < bytes.count else { throw XMLSyntaxError("the DOCTYPE is never closed", at: index) }
        sawDoctype = true
        index = position + 1
    }

    // MARK: text

    /// The text of `range` with references decoded; in an attribute value (named `attribute`), literal tabs and line
    /// breaks become spaces and `<` is refused.
    private func decode(_ range: Range<Int>, inAttribute attribute: String?) throws(XMLSyntaxError) -> String {
        if let attribute, let bad = find(lt, from: range.lowerBound, before: range.upperBound) {
            throw XMLSyntaxError("\"<\" in the value of the attribute \(attribute)", at: bad)
        }
        let hasReference = find(UInt8(ascii: "&"), from: range.lowerBound, before: range.upperBound) != nil
        guard hasReference || attribute != nil else { return text(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                let (scalar, end) = try reference(at: position, before: range.upperBound)
                out.append(contentsOf: Array(String(scalar).utf8))
                position = end
                continue
            }
            out.append(attribute != nil && (byte == 0x09 || byte == 0x0A || byte == 0x0D) ? 0x20 : byte)
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character the reference at `start` stands for, and the index after its `;`.
    private func reference(at start: Int, before limit: Int) throws(XMLSyntaxError) -> (Unicode.Scalar, Int) {
        var end = start + 1
        while end < limit, end - start <= 40, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, bytes[end] == UInt8(ascii: ";"), end > start + 1 else {
            throw XMLSyntaxError("\"&\" starts no reference (write &amp; for an ampersand)", at: start)
        }
        let name = text((start + 1)..<end)
        switch name {
        case "amp": return ("&", end + 1)
        case "lt": return ("<", end + 1)
        case "gt": return (">", end + 1)
        case "quot": return ("\"", end + 1)
        case "apos": return ("'", end + 1)
        default: break
        }
        guard name.hasPrefix("#") else {
            throw XMLSyntaxError("the entity &\(name); is not declared (only the five predefined entities are read; none is ever expanded)", at: start)
        }
        let digits = name.dropFirst()
        let hex = digits.hasPrefix("x")
        let code = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let code, !digits.hasPrefix("+"), !digits.hasPrefix("-"), XMLEncoding.isChar(code), let scalar = Unicode.Scalar(code) else {
            throw XMLSyntaxError("&\(name); is not a character XML allows", at: start)
        }
        return (scalar, end + 1)
    }

    // MARK: bytes

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
    }

    private func find(_ byte: UInt8, from start: Int, before limit: Int? = nil) -> Int? {
        let end = limit ?? bytes.count
        guard start < end else { return nil }
        return bytes[start..<end].firstIndex(of: byte)
    }

    /// The first occurrence of `literal` starting at or after `start` and ending at or before `limit`.
    private func find(_ literal: StaticString, from start: Int, before limit: Int? = nil) -> Int? {
        let count = literal.utf8CodeUnitCount, end = limit ?? bytes.count
        var from = start
        while let hit = find(literal.utf8Start[0], from: from, before: end) {
            guard hit + count <= end else { return nil }
            if (1..<count).allSatisfy({ bytes[hit + $0] == literal.utf8Start[$0] }) { return hit }
            from = hit + 1
        }
        return nil
    }

    private func skipSpace(_ start: Int) -> Int {
        var position = start
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        return position
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private func isDigitDotOrHyphen(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D }
}

private let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
