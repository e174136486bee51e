import Foundation
import Hummingbird
import NIOCore

/// Request bodies read with a size limit: a body over the limit is refused with 413 before it is all read.
enum RequestBody {
    /// The body's bytes, at most `limit`; throws ``ServerError/tooLarge(_:)`` beyond it.
    static func bytes(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServerError.tooLarge("the request body is \(length) bytes; the limit is \(limit)")
        }
        var collected = ByteBuffer()
        for try await var chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw ServerError.tooLarge("the request body is over the limit of \(limit) bytes")
            }
            collected.writeBuffer(&chunk)
        }
        return collected
    }

    /// The body decoded from JSON as `Value`; an empty or malformed body is a 400 naming what is wrong.
    static func json<Value: Decodable>(_ type: Value.Type, from request: Request, limit: Int) async throws -> Value {
        let buffer = try await bytes(request, limit: limit)
        guard buffer.readableBytes > 0 else { throw ServerError.badRequest("the request needs a JSON body") }
        if let contentType = request.headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw ServerError.badRequest("the body must be application/json, not \(contentType)")
        }
        do {
            return try WireCoding.decoder().decode(Value.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw ServerError.badRequest("the body is not JSON: \(error.localizedDescription)")
        }
    }
}
