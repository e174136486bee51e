import Foundation

/// What the tokenizer reports; every method is called while the bytes are valid, in document order.
protocol XMLTokenSink {
    /// A start tag (for `<a/>` also followed by ``end(_:line:)``).
    mutating func start(_ tag: RawTag) throws
    /// An end tag, or the implicit end of a self-closing tag.
    mutating func end(_ name: UnsafeBufferPointer<UInt8>, line: Int) throws
    /// Character data between tags that is not only whitespace (GPX values), entity-encoded.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int)
    /// A piece of the document that is not well-formed; the tokenizer skipped it and goes on.
    mutating func malformed(_ message: String, line: Int)
}

/// A byte-level pull tokenizer for the XML Apple Health writes, fed in chunks (from a file or a zip entry).
///
/// It knows start and end tags with quoted attributes, comments, processing instructions, CDATA and a
/// DOCTYPE with an internal subset (skipped as a whole, so iOS 16's malformed subset does no harm). It keeps
/// at most one incomplete tag between chunks, so memory does not grow with the file.
struct XMLTokenizer {
    /// The bytes of an incomplete tag (or text run) left from earlier chunks; empty between tags.
    private var pending: [UInt8] = []
    /// The attribute ranges of the tag being read (reused, so a tag allocates nothing).
    private var attributes: [RawTag.Attribute] = []
    /// The current line (1-based) at the start of the pending bytes.
    private(set) var line = 1
    /// Bytes handed to the sink so far.
    private(set) var consumed: Int64 = 0
    /// The longest tag (or text run) the tokenizer will hold while waiting for more bytes.
    static let maximumPendingBytes = 64 << 20

    /// Scans `chunk` (after whatever was left from the previous chunk) and reports its tokens to `sink`.
    ///
    /// The chunk is scanned where it lies; only a tag cut by the chunk's end is copied, to be completed by the next
    /// chunk. Completing it copies the next chunk's bytes up to a `>` (at least as many bytes as are pending, so a
    /// long comment full of `>` is copied in doubling steps, not rescanned once per `>`).
    mutating func feed<Sink: XMLTokenSink>(_ chunk: UnsafeRawBufferPointer, into sink: inout Sink) throws {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var offset = 0
        while !pending.isEmpty, offset < bytes.count {
            let searchFrom = min(offset + pending.count, bytes.count)
            let stop = bytes[searchFrom...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<stop]))
            offset = stop
            try scanPending(final: false, into: &sink)
            try checkPendingSize()
        }
        guard offset < bytes.count, let start = bytes.baseAddress else { return }
        let used = try scan(start + offset, count: bytes.count - offset, final: false, into: &sink)
        pending.append(contentsOf: UnsafeBufferPointer(start: start + offset + used, count: bytes.count - offset - used))
        try checkPendingSize()
    }

    /// Reports what is left at the end of the input.
    mutating func finish<Sink: XMLTokenSink>(into sink: inout Sink) throws {
        try scanPending(final: true, into: &sink)
    }

    private func checkPendingSize() throws {
        if pending.count > Self.maximumPendingBytes {
            throw ExportReadError.malformed("a tag or text run longer than \(Self.maximumPendingBytes >> 20) MB", line: line)
        }
    }

    private mutating func scanPending<Sink: XMLTokenSink>(final: Bool, into sink: inout Sink) throws {
        var bytes = pending
        pending = []
        defer { pending = bytes }
        let used = try bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return try scan(base, count: buffer.count, final: final, into: &sink)
        }
        bytes.removeFirst(used)
    }

    /// Scans `count` bytes at `base`, advancing `line` and `consumed`; returns how many bytes were fully handled.
    private mutating func scan<Sink: XMLTokenSink>(_ base: UnsafePointer<UInt8>, count: Int, final: Bool, into sink: inout Sink) throws -> Int {
        var attributes = self.attributes
        self.attributes = []
        defer { self.attributes = attributes }
        var scanner = Scanner(base: base, end: count, line: line, final: final)
        let used = try scanner.run(into: &sink, attributes: &attributes)
        line = scanner.line
        consumed += Int64(used)
        return used
    }
}

/// One pass over a buffer: returns how many bytes were fully handled.
private struct Scanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var line: Int
    let final: Bool

    private enum Step { case done(Int), incomplete }

    mutating func run<Sink: XMLTokenSink>(into sink: inout Sink, attributes: inout [RawTag.Attribute]) throws -> Int {
        var position = 0
        while position < end {
            guard let open = find(UInt8(ascii: "<"), from: position) else {
                if !final { return position }
                emitText(position..<end, into: &sink)
                return end
            }
            emitText(position..<open, into: &sink)
            let lineAtOpen = line
            let step: Step
            if open + 1 >= end {
                step = .incomplete
            } else {
                switch base[open + 1] {
                case UInt8(ascii: "?"): step = skip(past: "?>", from: open + 2)
                case UInt8(ascii: "!"): step = markup(at: open, into: &sink)
                case UInt8(ascii: "/"): step = try endTag(at: open, into: &sink)
                default: step = try startTag(at: open, into: &sink, attributes: &attributes)
                }
            }
            switch step {
            case .done(let next):
                position = next
            case .incomplete:
                line = lineAtOpen
                guard final else { return open }
                sink.malformed("the file ends inside a tag", line: lineAtOpen)
                return end
            }
        }
        return position
    }

    // MARK: tags

    private mutating func startTag<Sink: XMLTokenSink>(
        at open: Int, into sink: inout Sink, attributes: inout [RawTag.Attribute]
    ) throws -> Step {
        let tagLine = line
        var index = open + 1
        while index < end, !isNameEnd(base[index]) { index += 1 }
        let name = (open + 1)..<index
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        while true {
            index = skipSpace(from: index)
            guard index < end else { return .incomplete }
            switch base[index] {
            case UInt8(ascii: ">"):
                try deliver(name, attributes, selfClosing: false, line: tagLine, into: &sink)
                return .done(index + 1)
            case UInt8(ascii: "/"):
                guard index + 1 < end else { return .incomplete }
                guard base[index + 1] == UInt8(ascii: ">") else { return recover(from: index, "a stray \"/\" in a tag", tagLine, &sink) }
                try deliver(name, attributes, selfClosing: true, line: tagLine, into: &sink)
                return .done(index + 2)
            default:
                let nameStart = index
                while index < end, base[index] != UInt8(ascii: "="), base[index] != UInt8(ascii: ">"),
                      base[index] != UInt8(ascii: "\""), base[index] != UInt8(ascii: "'") { index += 1 }
                guard index < end else { return .incomplete }
                guard base[index] == UInt8(ascii: "=") else {
                    return recover(from: index, "an attribute without a value in <\(text(name))>", tagLine, &sink)
                }
                var nameEnd = index
                while nameEnd > nameStart, isSpace(base[nameEnd - 1]) { nameEnd -= 1 }
                index = skipSpace(from: index + 1)
                guard index < end else { return .incomplete }
                let quote = base[index]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    return recover(from: index, "an unquoted attribute value in <\(text(name))>", tagLine, &sink)
                }
                guard let close = find(quote, from: index + 1) else { return .incomplete }
                countLines(index + 1, close)
                attributes.append(RawTag.Attribute(name: nameStart..<nameEnd, value: (index + 1)..<close))
                index = close + 1
            }
        }
    }

    private func deliver<Sink: XMLTokenSink>(
        _ name: Range<Int>, _ attributes: [RawTag.Attribute], selfClosing: Bool, line: Int, into sink: inout Sink
    ) throws {
        try attributes.withUnsafeBufferPointer { attributes in
            try sink.start(RawTag(base: base, name: name, attributes: attributes, selfClosing: selfClosing, line: line))
        }
        if selfClosing { try sink.end(UnsafeBufferPointer(start: base + name.lowerBound, count: name.count), line: line) }
    }

    private mutating func endTag<Sink: XMLTokenSink>(at open: Int, into sink: inout Sink) throws -> Step {
        guard let close = find(UInt8(ascii: ">"), from: open + 2) else { return .incomplete }
        var nameEnd = close
        while nameEnd > open + 2, isSpace(base[nameEnd - 1]) { nameEnd -= 1 }
        try sink.end(UnsafeBufferPointer(start: base + open + 2, count: nameEnd - open - 2), line: line)
        countLines(open, close)
        return .done(close + 1)
    }

    /// `<!--`, `<![CDATA[`, `<!DOCTYPE` (with its internal subset) or another declaration.
    private mutating func markup<Sink: XMLTokenSink>(at open: Int, into sink: inout Sink) -> Step {
        if has("<!--", at: open) { return skip(past: "-->", from: open + 4) }
        if has("<![CDATA[", at: open) {
            guard let close = find("]]>", from: open + 9) else { return .incomplete }
            sink.text(UnsafeBufferPointer(start: base + open + 9, count: close - open - 9), line: line)
            countLines(open, close)
            return .done(close + 3)
        }
        guard open + 9 <= end || final else { return .incomplete }
        var index = open + 2
        while index < end, base[index] != UInt8(ascii: ">"), base[index] != UInt8(ascii: "[") { index += 1 }
        guard index < end else { return .incomplete }
        guard base[index] == UInt8(ascii: "[") else { countLines(open, index); return .done(index + 1) }
        // The internal subset ends at "]" followed by optional space and ">"; its own content is skipped unread.
        var search = index + 1
        while true {
            guard let bracket = find(UInt8(ascii: "]"), from: search) else { return .incomplete }
            let after = skipSpaceNoCount(from: bracket + 1)
            guard after < end else { return .incomplete }
            if base[after] == UInt8(ascii: ">") { countLines(open, after); return .done(after + 1) }
            search = bracket + 1
        }
    }

    private mutating func recover<Sink: XMLTokenSink>(from index: Int, _ message: String, _ tagLine: Int, _ sink: inout Sink) -> Step {
        guard let close = find(UInt8(ascii: ">"), from: index) else { return .incomplete }
        countLines(index, close)
        sink.malformed(message + "; the tag was skipped", line: tagLine)
        return .done(close + 1)
    }

    // MARK: bytes

    private mutating func emitText<Sink: XMLTokenSink>(_ range: Range<Int>, into sink: inout Sink) {
        guard !range.isEmpty else { return }
        let textLine = line
        countLines(range.lowerBound, range.upperBound)
        for index in range where !isSpace(base[index]) {
            sink.text(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), line: textLine)
            return
        }
    }

    private mutating func skip(past terminator: StaticString, from start: Int) -> Step {
        guard let found = find(terminator, from: start) else { return .incomplete }
        countLines(start, found)
        return .done(found + terminator.utf8CodeUnitCount)
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < end, let hit = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        let first = needle.utf8Start.pointee
        var from = start
        while let hit = find(first, from: from) {
            guard hit + needle.utf8CodeUnitCount <= end else { return nil }
            if memcmp(base + hit, needle.utf8Start, needle.utf8CodeUnitCount) == 0 { return hit }
            from = hit + 1
        }
        return nil
    }

    private func has(_ literal: StaticString, at index: Int) -> Bool {
        index + literal.utf8CodeUnitCount <= end && memcmp(base + index, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    private mutating func countLines(_ start: Int, _ stop: Int) {
        var from = start
        while from < stop, let hit = memchr(base + from, 0x0A, stop - from) {
            line += 1
            from = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
    }

    private mutating func skipSpace(from start: Int) -> Int {
        var index = start
        while index < end, isSpace(base[index]) {
            if base[index] == 0x0A { line += 1 }
            index += 1
        }
        return index
    }

    private func skipSpaceNoCount(from start: Int) -> Int {
        var index = start
        while index < end, isSpace(base[index]) { index += 1 }
        return index
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    @inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0B
    }

    @inline(__always) private func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}

/// Errors that stop reading an export.
enum ExportReadError: Error, CustomStringConvertible {
    /// The document cannot be read on; the message says what and the line where.
    case malformed(String, line: Int)
    /// The file or archive cannot be opened or read.
    case unreadable(String)

    var description: String {
        switch self {
        case .malformed(let message, let line): "line \(line): \(message)"
        case .unreadable(let message): message
        }
    }
}
