import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Server-rendered pages: escaping, the shared layout, and HTML responses.
///
/// Pages work without JavaScript, have labelled controls and visible focus, and fit a phone-sized screen.
enum HTML {
    /// `text` with `& < > " '` escaped, for element content and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A whole page: `title` (escaped here) and `body` (already HTML); `style` adds rules to the page's stylesheet and
    /// `header` (already HTML, such as a navigation) goes before the main content.
    static func page(title: String, body: String, style: String = "", header: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · OpenHealthKit</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; color: #111; background: #fff; }
        h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 1.5rem; }
        fieldset { border: 1px solid #767676; border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem; }
        label { display: block; padding: .35rem 0; }
        input[type=text], input[type=password] { font: inherit; width: 100%; max-width: 24rem; padding: .4rem; border: 1px solid #555; }
        button { font: inherit; padding: .5rem 1rem; margin: .5rem .5rem 0 0; border-radius: .4rem; border: 1px solid #0a4ea3; background: #0a4ea3; color: #fff; }
        button.secondary { background: #fff; color: #0a4ea3; }
        :focus-visible { outline: 3px solid #d35400; outline-offset: 2px; }
        .why { background: #f2f2f2; padding: .5rem 1rem; border-radius: .5rem; }
        .error { color: #a40000; font-weight: bold; }
        \(style)
        </style>
        </head>
        <body>
        \(header)
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// An HTML response.
    static func response(_ html: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers[.contentSecurityPolicy] = "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 303 redirect to `location`, with extra headers (a cookie).
    static func redirect(_ location: String, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: .seeOther, headers: headers)
    }
}

/// An `application/x-www-form-urlencoded` body: every value of every field, in order.
struct FormFields {
    private var fields: [(String, String)] = []

    /// Parses `text`.
    init(_ text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields.append((decode(parts[0]), parts.count > 1 ? decode(parts[1]) : ""))
        }
    }

    /// The form in a request's body (at most 64 KB).
    static func read(_ request: Request) async throws -> FormFields {
        let buffer = try await RequestBody.bytes(request, limit: 64 << 10)
        return FormFields(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    /// The first value of `name`.
    subscript(name: String) -> String? { fields.first { $0.0 == name }?.1 }

    /// Every value of `name`.
    func all(_ name: String) -> [String] { fields.filter { $0.0 == name }.map(\.1) }
}
