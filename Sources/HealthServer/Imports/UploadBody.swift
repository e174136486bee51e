import Foundation
import Hummingbird
import NIOCore

/// The bounded upload path: a request body streamed to a file as it arrives, never collected in memory, and refused
/// with 413 once it passes the limit. The body is the file itself (`Content-Type: application/zip`, `application/xml`,
/// `application/octet-stream`, ...) or a `multipart/form-data` form whose file part is the file (a browser's upload);
/// the form's text fields come back.
enum UploadBody {
    /// What was received.
    struct Received {
        /// The file's size in bytes.
        var bytes: Int64
        /// The text fields of a multipart form (empty for a raw body).
        var fields: [String: String]
    }

    /// Writes the body's file to `file` (creating it); throws ``ServerError/tooLarge(_:)`` beyond `limit` bytes of
    /// body and ``ServerError/badRequest(_:)`` for a malformed form or an empty file. The caller removes `file` when
    /// this throws.
    static func save(_ request: Request, to file: URL, limit: Int64) async throws -> Received {
        if let length = request.headers[.contentLength].flatMap(Int64.init), length > limit {
            throw ServerError.tooLarge("the upload is \(length) bytes; the limit is \(limit)")
        }
        let contentType = request.headers[.contentType] ?? "application/octet-stream"
        var form: MultipartFileReader? = nil
        if contentType.lowercased().hasPrefix("multipart/") {
            guard let reader = MultipartFileReader(contentType: contentType) else {
                throw ServerError.badRequest("a multipart upload must be multipart/form-data with a boundary of 1 to 70 characters")
            }
            form = reader
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var received: Int64 = 0, written: Int64 = 0
        let write = { (bytes: [UInt8]) throws in
            try handle.write(contentsOf: bytes)
            written += Int64(bytes.count)
        }
        for try await chunk in request.body {
            received += Int64(chunk.readableBytes)
            guard received <= limit else { throw ServerError.tooLarge("the upload is over the limit of \(limit) bytes") }
            if form != nil {
                try form!.feed(chunk.readableBytesView, sink: write)
            } else {
                try write(Array(chunk.readableBytesView))
            }
        }
        if let form {
            try form.finish()
            guard let part = form.file, !part.name.isEmpty else {
                throw ServerError.badRequest("the form has no file: choose an export.zip or export.xml to upload")
            }
        }
        guard written > 0 else { throw ServerError.badRequest("the upload is empty: send an export.zip or export.xml") }
        return Received(bytes: written, fields: form?.fields ?? [:])
    }
}
