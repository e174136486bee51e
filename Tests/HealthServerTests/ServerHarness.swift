import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HealthServer
import TestSupport

/// A real `HealthServer` on a loopback port in a temporary data folder, and a small HTTP client for it that does not
/// follow redirects and keeps cookies by hand (as a test of a browser's flow must see each step).
final class ServerHarness: @unchecked Sendable {
    /// The data folder.
    let folder: URL
    /// The server.
    let server: HealthServer
    /// Its port.
    let port: Int
    private let task: Task<Void, any Error>
    private let session: URLSession

    /// One response.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as a JSON object.
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        /// A header, by name in any case.
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    /// Starts a server (bcrypt cost lowered: hashing is not what these tests check), its people's stores on the
    /// engine TestEngine names.
    /// `folder` reopens an earlier harness's data folder (after its ``shutdown()``).
    init(folder: URL? = nil, change: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }) async throws {
        self.folder = folder ?? TemporaryFiles.folder.appendingPathComponent("ohk-server-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataFolder: self.folder, port: 0)
        configuration.bcryptCost = 4
        configuration.logLevel = "critical"
        if TestEngine.current == .postgres {
            // Every person an owner in the test server (TestEngine): the same API tests, on PostgreSQL.
            guard let url = TestPostgres.url else { throw TestEngine.MissingServer() }
            configuration.postgres = url
        }
        change(&configuration)
        server = try HealthServer(configuration: configuration)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let server = self.server
        task = Task { try await server.run { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw URLError(.cannotConnectToHost) }
        self.port = port
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: sessionConfiguration, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// Stops the server (cancels it) and waits until it has finished, its shutdown work included; the data folder
    /// stays, for a new harness.
    func shutdown() async {
        task.cancel()
        _ = await task.result
    }

    /// Stops the server and removes its folder.
    func stop() {
        task.cancel()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server's base URL.
    var base: String { "http://127.0.0.1:\(port)" }

    /// Sends a request and returns the reply (redirects are returned, not followed).
    func send(_ method: String, _ path: String, token: String? = nil, cookie: String? = nil, json: String? = nil,
              form: [(String, String)]? = nil, headers: [String: String] = [:], body: Data? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: path.hasPrefix("http") ? path : base + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(Self.encode(form).utf8)
        }
        if let body { request.httpBody = body }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var replyHeaders: [String: String] = [:]
        for (name, value) in http.allHeaderFields { replyHeaders["\(name)"] = "\(value)" }
        return Reply(status: http.statusCode, headers: replyHeaders, body: data)
    }

    /// `application/x-www-form-urlencoded` text.
    static func encode(_ form: [(String, String)]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return form.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
    }

    /// A person with an account and their own token.
    func person(_ name: String, password: String = "correct horse battery") async throws -> String {
        try await personWithStore(name, password: password).token
    }

    /// A person with an account, their own token, and where their store is for `HKHealthStore.owner(databasePath:)`:
    /// the path of their store file, or on PostgreSQL (TestEngine) the URL of their owner in the test server.
    func personWithStore(_ name: String, password: String = "correct horse battery") async throws -> (token: String, store: String) {
        let id = try await server.addPerson(name: name, password: password)
        let store = TestEngine.current == .postgres ? try TestEngine.postgresStoreURL(owner: id)
            : folder.appendingPathComponent("people").appendingPathComponent(id).appendingPathComponent("health.sqlite").path
        return (try server.createPersonalToken(for: name, label: "test"), store)
    }

    /// Signs `name` in through the form, as a browser does, and returns the session cookie (`ohk_session=…`).
    func signIn(_ name: String, password: String = "correct horse battery") async throws -> String {
        let reply = try await send("POST", "/signin", form: [("name", name), ("password", password), ("next", "/")])
        guard reply.status == 303, let cookie = reply.header("Set-Cookie")?.split(separator: ";").first else {
            throw URLError(.userAuthenticationRequired)
        }
        return String(cookie)
    }
}

/// Refuses to follow redirects, so tests see the 303s themselves.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
