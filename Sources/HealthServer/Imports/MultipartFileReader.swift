import Foundation

/// Reads a `multipart/form-data` body as it streams in: the one file part's bytes go to a sink as they arrive (never
/// collected), the small text fields (such as the form's CSRF token) are kept. A browser's file upload form is this.
///
/// Fed chunk by chunk (``feed(_:sink:)``), then ``finish()``; malformed input (no closing boundary, oversized part
/// headers, a second file, too many or too large fields) throws ``ServerError/badRequest(_:)`` naming the problem.
struct MultipartFileReader {
    /// The text fields read, by name.
    private(set) var fields: [String: String] = [:]
    /// The file part's field name and file name, once its headers were read.
    private(set) var file: (field: String, name: String)?

    private enum State {
        /// Before the first boundary.
        case preamble
        /// Just after a boundary: `--` ends the form, CRLF starts a part.
        case boundaryEnd
        /// A part's headers, up to the empty line.
        case headers
        /// A part's content, up to the next boundary.
        case content(isFile: Bool, field: String)
        /// After the closing boundary: ignored.
        case done
    }

    private let delimiter: [UInt8]
    private var state = State.preamble
    private var pending: [UInt8] = []
    private var fieldValue: [UInt8] = []

    /// The most bytes of one part's headers, of one text field, and the most text fields.
    static let headerLimit = 8 << 10, fieldLimit = 8 << 10, fieldCountLimit = 32

    /// A reader for the form whose `Content-Type` is `contentType`; nil when it is not `multipart/form-data` with a
    /// boundary.
    init?(contentType: String) {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data",
              let parameter = parts.dropFirst().first(where: { $0.lowercased().hasPrefix("boundary=") }) else { return nil }
        var boundary = String(parameter.dropFirst("boundary=".count))
        if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 { boundary = String(boundary.dropFirst().dropLast()) }
        guard (1...70).contains(boundary.utf8.count) else { return nil }
        // The first boundary may start the body; reading as if a line break came before it treats it like the others.
        delimiter = Array("\r\n--\(boundary)".utf8)
        pending = [13, 10]
    }

    /// Reads `chunk`; the file part's bytes in it go to `sink`.
    mutating func feed(_ chunk: some Collection<UInt8>, sink: ([UInt8]) throws -> Void) throws {
        pending.append(contentsOf: chunk)
        while try step(sink: sink) {}
    }

    /// Checks the form ended with its closing boundary.
    func finish() throws {
        guard case .done = state else {
            throw ServerError.badRequest("the multipart form ends before its closing boundary (was the upload cut short?)")
        }
    }

    /// Makes what progress the pending bytes allow; false when more bytes are needed.
    private mutating func step(sink: ([UInt8]) throws -> Void) throws -> Bool {
        switch state {
        case .done:
            pending.removeAll()
            return false
        case .preamble:
            guard let at = Self.find(delimiter, in: pending) else {
                pending.removeFirst(max(0, pending.count - delimiter.count + 1))
                return false
            }
            pending.removeFirst(at + delimiter.count)
            state = .boundaryEnd
            return true
        case .boundaryEnd:
            guard pending.count >= 2 else { return false }
            let two = Array(pending.prefix(2))
            pending.removeFirst(2)
            if two == [45, 45] { state = .done } else if two == [13, 10] { state = .headers } else {
                throw ServerError.badRequest("the multipart form has a boundary followed by neither a line break nor --")
            }
            return true
        case .headers:
            guard let end = Self.find([13, 10, 13, 10], in: pending) else {
                if pending.count > Self.headerLimit { throw ServerError.badRequest("a part of the multipart form has headers over \(Self.headerLimit) bytes") }
                return false
            }
            let text = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end + 4)
            state = try startPart(headers: text)
            return true
        case .content(let isFile, let field):
            if let at = Self.find(delimiter, in: pending) {
                try take(Array(pending[..<at]), isFile: isFile, sink: sink)
                pending.removeFirst(at + delimiter.count)
                if !isFile {
                    fields[field] = String(decoding: fieldValue, as: UTF8.self)
                    fieldValue = []
                }
                state = .boundaryEnd
                return true
            }
            // Everything but a tail that could be the start of the boundary is content.
            let safe = max(0, pending.count - delimiter.count + 1)
            try take(Array(pending[..<safe]), isFile: isFile, sink: sink)
            pending.removeFirst(safe)
            return false
        }
    }

    /// Content of the current part: to the sink for the file, kept (within limits) for a text field.
    private mutating func take(_ bytes: [UInt8], isFile: Bool, sink: ([UInt8]) throws -> Void) throws {
        guard !bytes.isEmpty else { return }
        if isFile { return try sink(bytes) }
        guard fieldValue.count + bytes.count <= Self.fieldLimit else {
            throw ServerError.badRequest("a text field of the multipart form is over \(Self.fieldLimit) bytes")
        }
        fieldValue += bytes
    }

    /// The state a part with `headers` starts: its `Content-Disposition` names the field, and a file name makes it the
    /// file (only one is read).
    private mutating func startPart(headers: String) throws -> State {
        let disposition = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-disposition:") }
        guard let disposition, let name = Self.parameter("name", in: disposition) else {
            throw ServerError.badRequest("a part of the multipart form has no Content-Disposition with a name")
        }
        if let filename = Self.parameter("filename", in: disposition) {
            guard file == nil else { throw ServerError.badRequest("the multipart form has more than one file; send one export") }
            file = (name, filename)
            return .content(isFile: true, field: name)
        }
        guard fields.count < Self.fieldCountLimit else { throw ServerError.badRequest("the multipart form has over \(Self.fieldCountLimit) fields") }
        return .content(isFile: false, field: name)
    }

    /// The value of `name="…"` in a `Content-Disposition` header.
    private static func parameter(_ name: String, in header: Substring) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            let value = pair[1]
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// Where `needle` first occurs in `bytes`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var from = 0
        while let at = bytes[from...].firstIndex(of: first) {
            guard at + needle.count <= bytes.count else { return nil }
            if bytes[at..<at + needle.count].elementsEqual(needle) { return at }
            from = at + 1
        }
        return nil
    }
}
