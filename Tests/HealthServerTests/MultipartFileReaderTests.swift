import Foundation
@testable import HealthServer
import Testing

/// The streaming `multipart/form-data` reader of the upload path: the file comes out byte for byte however the body
/// is cut into chunks, and malformed forms are refused naming the problem.
@Suite struct MultipartFileReaderTests {
    static let boundary = "----ohkBoundary7MA4YWxk"

    /// Reads `body` in chunks of `size` bytes; the file's bytes and the fields.
    static func read(_ body: Data, size: Int, contentType: String = "multipart/form-data; boundary=\(boundary)") throws -> (Data, [String: String]) {
        var reader = try #require(MultipartFileReader(contentType: contentType))
        var file = Data()
        var offset = 0
        while offset < body.count {
            let chunk = body[offset..<min(body.count, offset + size)]
            try reader.feed(chunk) { file.append(contentsOf: $0) }
            offset += size
        }
        try reader.finish()
        return (file, reader.fields)
    }

    @Test("the file part and the fields come out whole at every chunk size, even when the content holds near-boundaries",
          arguments: [1, 2, 3, 7, 64, 1_000, 1 << 20])
    func chunked(size: Int) throws {
        // Content made to look like the boundary's start (CR LF - -) many times, and random bytes.
        var content = Data("\r\n--\r\n------ohkBoundary7MA4YWx\r\n--".utf8)
        var generator = SystemRandomNumberGenerator()
        content.append(contentsOf: (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        content.append(Data("\r\n--".utf8))
        let body = ImportJobTests.multipart([("csrf", "abc123"), ("note", "two\r\nlines")], file: content, filename: "export.zip", boundary: Self.boundary)
        let (file, fields) = try Self.read(body, size: size)
        #expect(file == content)
        #expect(fields == ["csrf": "abc123", "note": "two\r\nlines"])
    }

    @Test("malformed forms are refused naming the problem", arguments: [
        ("--\(MultipartFileReaderTests.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nabc", "closing boundary"),
        ("--\(MultipartFileReaderTests.boundary)\r\nContent-Type: text/plain\r\n\r\nabc\r\n--\(MultipartFileReaderTests.boundary)--", "no Content-Disposition"),
        ("--\(MultipartFileReaderTests.boundary)\r\nContent-Disposition: form-data; name=\"" + String(repeating: "x", count: 9_000), "headers over"),
        ("--\(MultipartFileReaderTests.boundary)XX", "neither a line break"),
        ("--\(MultipartFileReaderTests.boundary)\r\nContent-Disposition: form-data; name=\"a\"; filename=\"1\"\r\n\r\n1\r\n--\(MultipartFileReaderTests.boundary)\r\n"
            + "Content-Disposition: form-data; name=\"b\"; filename=\"2\"\r\n\r\n2\r\n--\(MultipartFileReaderTests.boundary)--", "more than one file"),
        ("--\(MultipartFileReaderTests.boundary)\r\nContent-Disposition: form-data; name=\"big\"\r\n\r\n" + String(repeating: "y", count: 9_000) + "\r\n--\(MultipartFileReaderTests.boundary)--", "over 8192 bytes"),
    ])
    func malformed(body: String, message: String) throws {
        #expect { try Self.read(Data(body.utf8), size: 100) } throws: { "\($0)".contains(message) }
    }

    @Test("only multipart/form-data with a usable boundary is read as a form")
    func contentTypes() {
        #expect(MultipartFileReader(contentType: "multipart/form-data; boundary=\"quoted boundary\"") != nil)
        #expect(MultipartFileReader(contentType: "multipart/form-data") == nil)
        #expect(MultipartFileReader(contentType: "multipart/form-data; boundary=") == nil)
        #expect(MultipartFileReader(contentType: "multipart/form-data; boundary=" + String(repeating: "b", count: 71)) == nil)
        #expect(MultipartFileReader(contentType: "application/zip") == nil)
    }
}
