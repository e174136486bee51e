import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `health providers`, run as a person would run it, against the loopback provider rig: connect (browser redirect to
/// the loopback listener, and the pasted redirect), list, sync, remove.
@Suite("health providers", .serialized, .enabled(if: ProviderRig.current != nil, Comment(rawValue: ProviderRig.missingMessage)),
       .providerRigExclusive)
struct ProvidersCommandTests {
    let rig = ProviderRig.current!
    let directory: URL
    let database: String

    init() throws {
        directory = TemporaryFiles.folder.appendingPathComponent("health-providers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("health.sqlite").path
    }

    /// Runs `health providers connect` and plays the browser: reads the printed URL, opens it (the test AS approves
    /// at once) and either follows the redirect to the CLI's loopback listener (on a port the system chooses) or pastes
    /// the redirect on stdin.
    func connect(paste: Bool, base: URL? = nil, client: String? = nil) async throws -> HealthProcess.Result {
        let base = base ?? rig.fhirBase
        let overrides = directory.appendingPathComponent("overrides.json")
        try Data(#"{"endpoints":[{"address":"\#(base.absoluteString)","discoveryURL":"\#(rig.discovery.absoluteString)"}]}"#.utf8)
            .write(to: overrides)
        let process = ChildProcess()
        process.executableURL = HealthProcess.executable
        process.arguments = ["providers", "connect", base.absoluteString, "--client-id", client ?? rig.publicClient, "--redirect-port", paste ? "18099" : "0",
                             "--overrides", overrides.path, "--institution", "Rig General Hospital", "--database", database]
            + (paste ? ["--no-browser"] : [])
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let (printed, authorizeURL) = await BlockingWork.run {   // reading blocks until the CLI prints
            var printed = Data()
            var authorizeURL: URL?
            while authorizeURL == nil {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed.append(chunk)
                let text = String(decoding: printed, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Open this URL to sign in: ") }), text.contains("\(line)\n") {
                    authorizeURL = URL(string: String(line.dropFirst("Open this URL to sign in: ".count)))
                }
            }
            return (printed, authorizeURL)
        }
        let url = try #require(authorizeURL, """
            no sign-in URL printed: \(String(decoding: printed, as: UTF8.self)) \
            \(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            """)   // (only read when it has exited)
        if paste {
            let redirect = try await Self.redirectLocation(url)
            input.fileHandleForWriting.write(Data((redirect + "\n").utf8))
        } else {
            // A browser: follows the 302 to http://127.0.0.1:PORT/callback, where the CLI listens on a free port (a fixed
            // one can be taken by another program; the AS allows any loopback port, as RFC 8252 asks).
            let (body, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: body, as: UTF8.self).contains("Signed in"))
        }
        let (rest, errors) = await BlockingWork.run {   // the CLI syncs before it exits
            let rest = out.fileHandleForReading.readDataToEndOfFile()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (rest, errors)
        }
        return HealthProcess.Result(status: process.terminationStatus, stdout: String(decoding: printed + rest, as: UTF8.self),
                                    stderr: String(decoding: errors, as: UTF8.self))
    }

    /// Where the AS redirects after approving (without following it).
    static func redirectLocation(_ url: URL) async throws -> String {
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirect(), delegateQueue: nil)
        let (_, response) = try await session.data(from: url)
        return try #require((response as? HTTPURLResponse)?.allHeaderFields["Location"] as? String)
    }

    @Test func connectListSyncRemove() async throws {
        let connected = try await connect(paste: false)
        #expect(connected.status == 0, "\(connected.stderr)")
        #expect(connected.stdout.contains("Observation: "))
        #expect(connected.stdout.contains("complete\n"))
        let id = try #require(connected.stdout.split(separator: "\n").last.map(String.init))
        #expect(UUID(uuidString: id) != nil)

        let list = try await HealthProcess.run(["providers", "list", "--format", "json", "--database", database])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = try HealthProcess.json(list)
        #expect(rows.count == 1)
        #expect(rows.first?["id"] as? String == id && rows.first?["status"] as? String == "active")
        #expect(rows.first?["patient"] as? String == rig.patientID)
        #expect(rows.first?["fhirUser"] as? String == "Patient/\(rig.patientID)", "the verified ID token's fhirUser")
        #expect((rows.first?["records"] as? String)?.contains("labResultRecord") == true)
        #expect((rows.first?["grantedTypes"] as? String)?.contains("Observation") == true)
        let nextDue = try #require((rows.first?["nextDue"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(nextDue.timeIntervalSinceNow > 20 * 3600 && nextDue.timeIntervalSinceNow < 27 * 3600, "24 hours, with jitter")

        let sync = try await HealthProcess.run(["providers", "sync", id, "--database", database])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("changes since last sync"))

        let again = try await connect(paste: true)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.split(separator: "\n").last.map(String.init) == id, "the same institution and patient reuse the connection")
        #expect(try HealthProcess.json(await HealthProcess.run(["providers", "list", "--format", "json", "--database", database])).count == 1)

        // Access tokens from the test AS are JWTs ("eyJ…"): none in any output or stored file. The stored files hold
        // sealed tokens in base64, where "eyJ" can occur by chance; a JWT's header, a dot and its payload ("eyJ….eyJ")
        // cannot, as base64 has no dot.
        let providers = URL(fileURLWithPath: database + ".providers")
        let stored = try FileManager.default.contentsOfDirectory(at: providers, includingPropertiesForKeys: nil).map {
            String(decoding: try Data(contentsOf: $0), as: UTF8.self)
        }
        for text in [connected.stdout, connected.stderr, list.stdout, sync.stdout, again.stdout, again.stderr] {
            #expect(!text.contains("eyJ"))
        }
        #expect(stored.allSatisfy { $0.firstMatch(of: /eyJ[A-Za-z0-9_-]+\.eyJ/) == nil })

        // Background refresh: nothing is due right after a sync; a connection whose time has come is synced by --due.
        let notDue = try await HealthProcess.run(["providers", "sync", "--due", "--database", database])
        #expect(notDue.status == 0 && notDue.stdout == "nothing due\n")
        let file = providers.appendingPathComponent(id + ".json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object["nextDue"] = "2000-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let due = try await HealthProcess.run(["providers", "sync", "--due", "--database", database])
        #expect(due.status == 0 && due.stdout.hasPrefix("\(id): "), "\(due.stdout)\(due.stderr)")
        #expect(try await HealthProcess.run(["providers", "sync", "--due", "--database", database]).stdout == "nothing due\n")

        let removed = try await HealthProcess.run(["providers", "remove", id, "--database", database])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("tokens revoked"))
        #expect(removed.stdout.range(of: #"[1-9][0-9]* records deleted"#, options: .regularExpression) != nil)
        #expect(try HealthProcess.json(await HealthProcess.run(["providers", "list", "--format", "json", "--database", database])).isEmpty)
        let records = try await HealthProcess.run(["records", "list", "--format", "json", "--database", database])
        #expect(try HealthProcess.json(records).isEmpty)
    }
}

/// `health providers` refusing bad input, with no rig needed.
@Suite("health providers input")
struct ProvidersInputTests {
    let directory = TemporaryFiles.folder.appendingPathComponent("health-providers-\(UUID().uuidString)")
    var database: String { directory.appendingPathComponent("health.sqlite").path }

    @Test func badInputIsNamed() async throws {
        let unknown = try await HealthProcess.run(["providers", "sync", "no-such-id", "--database", database])
        #expect(unknown.status == 1 && unknown.stderr.contains("no connection no-such-id"))
        let notURL = try await HealthProcess.run(["providers", "connect", "Somewhere", "--client-id", "x", "--database", database])
        #expect(notURL.status == 2 && notURL.stderr.contains("give --directory"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bundle = directory.appendingPathComponent("dir.json")
        try Data(#"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Endpoint","name":"Lakeside","address":"https://fhir.lakeside.example/r4"}},{"resource":{"resourceType":"Endpoint","name":"Broken"}}]}"#.utf8).write(to: bundle)
        let listed = try await HealthProcess.run(["providers", "directory", "--file", bundle.path, "--search", "lake", "--format", "json"])
        #expect(listed.status == 2 && listed.stderr.contains("dir.json: entry[1].resource.address"))
        #expect(try HealthProcess.json(listed).map { $0["institution"] as? String } == ["Lakeside"])

        // No --file: the shipped list of public sandboxes, searched the same way.
        let shipped = try await HealthProcess.run(["providers", "directory", "--format", "json"])
        #expect(shipped.status == 0 && shipped.stderr.isEmpty, "\(shipped.stderr)")
        #expect(try HealthProcess.json(shipped).count >= 3)
        let epic = try HealthProcess.json(await HealthProcess.run(["providers", "directory", "--search", "epic sandbox", "--format", "json"]))
        #expect(epic.map { $0["endpoints"] as? String } == ["https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4/"])
    }
}

private final class NoRedirect: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
