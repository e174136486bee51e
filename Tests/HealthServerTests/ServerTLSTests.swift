import Foundation
import TestSupport
import HealthServer
import Testing

/// The server's own HTTPS, with a certificate made by openssl for the test: curl trusting only that certificate
/// reaches it, plain HTTP does not, and session cookies are `Secure`. Unreadable files stop the server with a message
/// naming them.
@Suite struct ServerTLSTests {
    /// Runs a program to its end; returns its status and standard output.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcesses.run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        return (run.status, run.stdout)
    }

    /// A self-signed certificate for 127.0.0.1 and its key, in a fresh folder.
    static func certificate() async throws -> (certificate: String, key: String) {
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("server.pem").path, key = folder.appendingPathComponent("server.key").path
        let made = try await run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                            "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
                            "-addext", "subjectAltName=IP:127.0.0.1"])
        try #require(made.status == 0, "openssl could not make a certificate")
        return (certificate, key)
    }

    @Test("curl trusting the server's certificate gets HTTPS answers; plain HTTP gets none; sign-in cookies are Secure")
    func httpsServes() async throws {
        let files = try await Self.certificate()
        let harness = try await ServerHarness { $0.tls = (files.certificate, files.key) }
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let url = "https://127.0.0.1:\(harness.port)"
        let health = try await Self.run(["curl", "-s", "--cacert", files.certificate, url + "/healthz"])
        #expect(health.status == 0)
        #expect(health.output.contains("ok"), "\(health.output)")
        // Without trusting the certificate curl refuses; plain HTTP to the TLS port gets no HTTP answer.
        #expect(try await Self.run(["curl", "-s", url + "/healthz"]).status != 0)
        #expect(try await Self.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5",
                              "http://127.0.0.1:\(harness.port)/healthz"]).output != "200")
        let signIn = try await Self.run(["curl", "-s", "-D", "-", "-o", "/dev/null", "--cacert", files.certificate,
                                   "--data", "name=alice&password=correct+horse+battery&next=/", url + "/signin"])
        let cookie = signIn.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
        #expect(cookie?.contains("; Secure") == true, "\(signIn.output)")
    }

    @Test("a certificate file that is not PEM stops the server with a message naming it")
    func badFilesAreNamed() async throws {
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bogus = folder.appendingPathComponent("not-a-certificate.pem").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: bogus))
        var configuration = ServerConfiguration(dataFolder: folder, port: 0)
        configuration.tls = (bogus, bogus)
        configuration.logLevel = "critical"
        let server = try HealthServer(configuration: configuration)
        do {
            try await server.run()
            Issue.record("the server ran with a certificate file that is not PEM")
        } catch {
            #expect("\(error)".contains("not-a-certificate.pem"), "\(error)")
        }
    }
}
