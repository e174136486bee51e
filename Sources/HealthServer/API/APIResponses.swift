import Foundation
import HealthKitModel
import Logging
import OpenHealthKit
import Hummingbird
import NIOCore

/// JSON responses and the API's error bodies.
///
/// Every error is `{"error": {"code": 3, "name": "errorInvalidArgument", "message": "…"}}`: HealthKit's
/// `HKError.Code` (its raw value and name) where HealthKit has one, and a sentence naming what is wrong and where.
enum APIResponses {
    /// `value` as JSON with `status`, written by ``JSONWriter``.
    static func json(_ value: some JSONWritable, status: HTTPResponse.Status = .ok) throws -> Response {
        body(try JSONWriter.bytes(value), status: status)
    }

    /// `value` as JSON through `JSONEncoder`, for the few answers that are also a file format read back with `Decodable`
    /// (import jobs, kept in `job.json`) and are never on a hot path.
    static func encoded(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        body(ByteBuffer(bytes: try WireCoding.encoder().encode(value)), status: status)
    }

    private static func body(_ bytes: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: bytes))
    }

    /// The error body and status for `error`.
    static func problem(_ error: any Error) -> Response {
        let (status, code, message) = describe(error)
        let body = ErrorBody(error: .init(code: code?.rawValue, name: code.map(name), message: message))
        var response = Self.body((try? JSONWriter.bytes(body)) ?? ByteBuffer(string: "{\"error\":{\"message\":\"error\"}}"), status: status)
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer realm=\"OpenHealthKit\"" }
        return response
    }

    /// An error's body.
    struct ErrorBody: Encodable, JSONWritable {
        /// The error.
        struct Detail: Encodable, JSONWritable {
            var code: Int?
            var name: String?
            var message: String

            func write(to json: inout JSONWriter) throws {
                try json.object { json in
                    try json.field("code", code)
                    try json.field("message", message)
                    try json.field("name", name)
                }
            }
        }
        var error: Detail

        func write(to json: inout JSONWriter) throws {
            try json.object { json in try json.field("error", error) }
        }
    }

    /// The status, HealthKit code and message for an error.
    static func describe(_ error: any Error) -> (HTTPResponse.Status, HKError.Code?, String) {
        switch error {
        case let error as HKError:
            return (status(for: error.code), error.code, error.localizedDescription)
        case let error as ServerError:
            switch error {
            case .badRequest(let text): return (.badRequest, .errorInvalidArgument, text)
            case .unauthorized(let text): return (.unauthorized, nil, text)
            case .forbidden(let text): return (.forbidden, .errorAuthorizationDenied, text)
            case .notFound(let text): return (.notFound, nil, text)
            case .methodNotAllowed(let text): return (.methodNotAllowed, nil, text)
            case .conflict(let text): return (.conflict, nil, text)
            case .tooLarge(let text): return (.contentTooLarge, .errorDataSizeExceeded, text)
            case .tooManyRequests(let text): return (.tooManyRequests, nil, text)
            }
        case let error as DecodingError:
            return (.badRequest, .errorInvalidArgument, "the body is not valid: " + decodingMessage(error))
        case let error as HTTPError:
            if error.status == .contentTooLarge { return (.contentTooLarge, .errorDataSizeExceeded, "the request body is too large") }
            return (error.status, nil, error.body ?? error.status.reasonPhrase)
        default:
            let converted = HKError.from(error)
            return (status(for: converted.code), converted.code, converted.localizedDescription)
        }
    }

    private static func status(for code: HKError.Code) -> HTTPResponse.Status {
        switch code {
        case .errorInvalidArgument, .errorDataSizeExceeded: .badRequest
        case .errorAuthorizationDenied, .errorAuthorizationNotDetermined, .errorRequiredAuthorizationDenied,
             .errorNotPermissibleForGuestUserMode, .errorHealthDataRestricted: .forbidden
        case .errorNoData: .notFound
        case .errorUserCanceled: .conflict
        case .errorDatabaseInaccessible, .errorHealthDataUnavailable: .serviceUnavailable
        default: .internalServerError
        }
    }

    /// HealthKit's name for a code (`errorInvalidArgument`).
    static func name(_ code: HKError.Code) -> String {
        let text = String(describing: code)
        return text.hasPrefix("Code(") ? "unknownError" : text
    }

    /// Where a JSON body went wrong, as a path (`samples[2].startDate`) and a reason.
    static func decodingMessage(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the body" : text)
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
            return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default: return String(describing: error)
        }
    }
}

/// Turns every error a route throws into the API's JSON error body with a 4xx status (a 5xx only for the server's own
/// failures, such as a database it cannot open), and logs it without health data.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return RouteTable.methodNotAllowed(request) ?? APIResponses.problem(error)
        } catch {
            let response = APIResponses.problem(error)
            if response.status.code >= 500 {
                context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "status": "\(response.status.code)"])
            }
            return response
        }
    }
}
