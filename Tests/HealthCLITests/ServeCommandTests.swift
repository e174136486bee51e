import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `health serve`, `health users`, `health apps` and `health tokens` as a person runs them.
@Suite struct ServeCommandTests {
    @Test("users add reads the password from standard input; the first account administers; bad input exits 2 with a reason")
    func accountsAndApps() async throws {
        let (folder, _) = try HealthProcess.newStore("serve")
        let data = folder.appendingPathComponent("server").path
        let added = try await HealthProcess.run(["users", "add", "alice", "--data", data], input: "a long password\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await HealthProcess.run(["users", "add", "bob", "--data", data], input: "another password\n").status == 0)
        let taken = try await HealthProcess.run(["users", "add", "ALICE", "--data", data], input: "a long password\n")
        #expect(taken.status == 2 && taken.stderr.contains("already exists"), "\(taken.stderr)")
        let short = try await HealthProcess.run(["users", "add", "carol", "--data", data], input: "short\n")
        #expect(short.status == 2 && short.stderr.contains("8 characters"), "\(short.stderr)")
        let none = try await HealthProcess.run(["users", "add", "dave", "--data", data], input: "")
        #expect(none.status == 2 && none.stderr.contains("standard input"), "\(none.stderr)")
        let list = try await HealthProcess.run(["users", "list", "--data", data])
        #expect(list.stdout == "alice (administrator)\nbob\n")

        let badURI = try await HealthProcess.run(["apps", "register", "Steps", "--redirect-uri", "http://example.com/cb", "--data", data])
        #expect(badURI.status == 2 && badURI.stderr.contains("https://"), "\(badURI.stderr)")
        let registered = try await HealthProcess.run(["apps", "register", "Step Counter", "--redirect-uri", "https://steps.example/cb",
                                                "--read-reason", "To chart your steps.", "--data", data])
        #expect(registered.status == 0 && registered.stdout.contains("app.step-counter"), "\(registered.stdout)\(registered.stderr)")
        #expect(try await HealthProcess.run(["apps", "list", "--data", data]).stdout == "app.step-counter\tStep Counter\n")
        let token = try await HealthProcess.run(["tokens", "create", "alice", "--data", data])
        #expect(token.status == 0 && token.stdout.hasPrefix("ohk_p_"))
        #expect(try await HealthProcess.run(["tokens", "create", "nobody", "--data", data]).status == 2)
    }

    /// A running `health serve` on a free port with alice and her personal token: the process, its port, the token.
    static func startServer() async throws -> (process: ChildProcess, port: Int, token: String) {
        let (folder, _) = try HealthProcess.newStore("serve")
        let data = folder.appendingPathComponent("server").path
        _ = try await HealthProcess.run(["users", "add", "alice", "--data", data], input: "a long password\n")
        let token = try await HealthProcess.run(["tokens", "create", "alice", "--data", data]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let process = ChildProcess()
        process.executableURL = HealthProcess.executable
        process.arguments = ["serve", "--data", data, "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let printed = await BlockingWork.run {   // reading blocks until the server prints
            var printed = ""
            let deadline = Date().addingTimeInterval(30)
            while !printed.contains("\n"), Date() < deadline {
                printed += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
            }
            return printed
        }
        guard let port = printed.split(separator: ":").last.flatMap({ Int($0.prefix { $0.isNumber }) }) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "health serve printed no port: \(printed)"])
        }
        return (process, port, token)
    }

    /// Waits up to `seconds` for `process` to end; whether it did.
    static func ends(_ process: ChildProcess, within seconds: TimeInterval) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return !process.isRunning
    }

    @Test("serve answers on the port it prints and stops cleanly on SIGTERM")
    func serveAndStop() async throws {
        let (process, port, token) = try await Self.startServer()
        defer { if process.isRunning { process.terminate() } }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/me")!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"person\":\"alice\""))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test("SIGTERM ends open change streams: serve stops while a client is still following /v1/changes/stream")
    func stopsWithAnOpenStream() async throws {
        let (process, port, token) = try await Self.startServer()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let curl = ChildProcess()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sN", "-H", "Authorization: Bearer \(token)",
                          "http://127.0.0.1:\(port)/v1/changes/stream?type=HKQuantityTypeIdentifierStepCount"]
        let stream = Pipe()
        curl.standardOutput = stream
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        var received = ""
        let deadline = Date().addingTimeInterval(30)
        while !received.contains("event: change"), Date() < deadline {
            received += String(decoding: stream.fileHandleForReading.availableData, as: UTF8.self)
        }
        #expect(received.contains("event: change"), "the stream's first event: \(received)")
        process.terminate()
        #expect(try await Self.ends(process, within: 15), "health serve still runs 15 s after SIGTERM with a stream open")
        #expect(process.isRunning || (process.terminationReason == .exit && process.terminationStatus == 0))
        #expect(try await Self.ends(curl, within: 15), "the client's stream was not ended")
    }

    @Test("serve's TLS options: one without the other exits 2; a file that is not a certificate exits 1 naming it")
    func tlsOptions() async throws {
        let (folder, _) = try HealthProcess.newStore("serve-tls")
        let data = folder.appendingPathComponent("server").path
        let half = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--tls-certificate", "/nonexistent.pem"])
        #expect(half.status == 2 && half.stderr.contains("--tls-certificate and --tls-key go together"), "\(half.stderr)")
        let bogus = folder.appendingPathComponent("bogus.pem").path
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: bogus))
        let bad = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--tls-certificate", bogus, "--tls-key", bogus])
        #expect(bad.status == 1 && bad.stderr.contains("bogus.pem") && bad.stderr.contains("PEM"), "\(bad.stderr)")
    }

    @Test("serve's card trust options: a key file that cannot be read or is not a JWKS exits 2 naming it")
    func cardTrustOptions() async throws {
        let (folder, _) = try HealthProcess.newStore("serve-cards")
        let data = folder.appendingPathComponent("server").path
        let missing = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--card-keys", "/nonexistent/jwks.json"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/jwks.json"), "\(missing.stderr)")
        let bogus = folder.appendingPathComponent("bogus.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: bogus))
        let bad = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--card-directory", bogus])
        #expect(bad.status == 2 && bad.stderr.contains("bogus.json"), "\(bad.stderr)")
    }
}
