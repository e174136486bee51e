public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends HTTP requests with URLSession, never following redirects (a redirect is returned as the answer, so the
/// authorization redirect can be read and a token never follows a redirect to another origin), retrying 429 and 503
/// after `Retry-After` and other server failures with exponential backoff and jitter. Requests for the built-in sample
/// institutions (`*.sample.openhealthkit.invalid`) are answered inside the process by their ``SampleServer``.
public final class HTTPTransport: Sendable {
    /// An HTTP answer.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers (names as sent).
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// The header `name`, case-insensitive.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// How many times a request is sent at most when the server answers 429, 5xx or the connection fails.
    public let attempts: Int
    /// The first backoff delay; each retry doubles it, with jitter.
    public let baseDelay: Double
    /// The longest `Retry-After` honoured; longer waits fail the request instead of hanging.
    public let maximumWait: Double
    private let session: URLSession
    /// The built-in sample institutions, answered without the network.
    let samples: SampleServer

    /// A transport; `attempts`, `baseDelay` (seconds) and `maximumWait` (seconds) tune retries.
    public convenience init(attempts: Int = 4, baseDelay: Double = 0.5, maximumWait: Double = 120, timeout: Double = 60) {
        self.init(attempts: attempts, baseDelay: baseDelay, maximumWait: maximumWait, timeout: timeout, samples: SampleServer())
    }

    /// A transport whose sample institutions run on `samples`' clock.
    init(attempts: Int, baseDelay: Double, maximumWait: Double, timeout: Double, samples: SampleServer) {
        self.samples = samples
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maximumWait = maximumWait
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// Sends `request`, retrying as described; `step` names failures. Throws only when no answer came.
    public func send(_ request: URLRequest, step: ProviderError.Step) async throws -> Response {
        if let url = request.url, SampleServer.serves(url) { return samples.respond(to: request) }
        var attempt = 0
        while true {
            attempt += 1
            let response: Response
            do {
                let (data, answer) = try await session.data(for: request)
                guard let http = answer as? HTTPURLResponse else { throw ProviderError(step, "not an HTTP answer") }
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields {
                    if let key = key as? String, let value = value as? String { headers[key] = value }
                }
                response = Response(status: http.statusCode, headers: headers, body: data)
            } catch let error as ProviderError {
                throw error
            } catch {
                guard attempt < attempts else {
                    throw ProviderError(step, "\(Self.describe(request)): \(error.localizedDescription)")
                }
                try await Task.sleep(nanoseconds: UInt64(backoff(attempt) * 1e9))
                continue
            }
            guard [429, 500, 502, 503, 504].contains(response.status), attempt < attempts else { return response }
            let wait = Self.retryAfter(response) ?? backoff(attempt)
            guard wait <= maximumWait else { return response }
            try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
        }
    }

    func backoff(_ attempt: Int) -> Double {
        let delay = baseDelay * pow(2, Double(attempt - 1))
        return delay * Double.random(in: 0.5...1.5)
    }

    /// `Retry-After` in seconds (a number or an HTTP date), or `X-RateLimit-Reset` seconds.
    static func retryAfter(_ response: Response) -> Double? {
        if let text = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(text) { return max(0, seconds) }
            if let date = httpDate(text) { return max(0, date.timeIntervalSinceNow) }
        }
        if let text = response.header("X-RateLimit-Reset"), let seconds = Double(text), seconds < 100_000 { return seconds }
        return nil
    }

    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 IMF-fixdate), or nil.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// `GET https://host/path` without the query (queries may carry codes).
    static func describe(_ request: URLRequest) -> String {
        var parts = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        parts?.query = nil
        return "\(request.httpMethod ?? "GET") \(parts?.string ?? "?")"
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
