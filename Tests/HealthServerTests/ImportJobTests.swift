import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HealthDatabase
import HealthExport
import HealthServer
import Testing
import TestSupport

/// Apple Health exports uploaded over real HTTP and imported as background jobs: public exports the project did not
/// write (../shared/testdata/apple-health-export) give the importer's own report, jobs are each person's own, bad
/// uploads fail in the job naming the problem and lose nothing, and the upload path is bounded.
@Suite struct ImportJobTests {
    /// A public export, or nil (the test then skips with TestData's message).
    static func export(_ path: String) -> URL? {
        TestData.directory("apple-health-export")?.appendingPathComponent(path)
    }

    /// Polls the job at `location` until it has ended; its JSON.
    static func finished(_ harness: ServerHarness, _ location: String, token: String) async throws -> [String: Any] {
        for _ in 0..<1_200 {
            let reply = try await harness.send("GET", location, token: token)
            #expect(reply.status == 200, "\(reply.text)")
            if let state = reply.json["state"] as? String, state == "finished" || state == "failed" { return reply.json }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the job at \(location) did not end within a minute")
        return [:]
    }

    /// The token of an app alice allowed to read and write steps.
    static func appToken(_ harness: ServerHarness) async throws -> String {
        let cookie = try await AuthorizationFlowTests.prepare(harness)
        let steps = "HKQuantityTypeIdentifierStepCount"
        return try await AuthorizationFlowTests.allowedAppToken(harness, cookie: cookie, share: [steps], read: [steps])
    }

    /// A `multipart/form-data` body: `fields`, then `file` as the field `file`.
    static func multipart(_ fields: [(String, String)], file: Data, filename: String, boundary: String) -> Data {
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += file
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    @Test("an export.zip uploaded is imported by a job whose report is the importer's own; bob never sees or reaches it; apps cannot import")
    func zipImportedAsAJob() async throws {
        guard let zip = Self.export("apple-health-parser/export.zip") else { print(TestData.missingMessage); return }
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice")
        let bob = try await harness.person("bob")
        _ = try await harness.person("carol")

        let started = try await harness.send("POST", "/v1/imports", token: alice, headers: ["Content-Type": "application/zip"],
                                             body: try Data(contentsOf: zip))
        #expect(started.status == 202, "\(started.text)")
        let location = try #require(started.header("Location"))
        let id = try #require(started.json["id"] as? String)
        #expect(location == "/v1/imports/" + id)
        let job = try await Self.finished(harness, location, token: alice)
        #expect(job["state"] as? String == "finished", "\(job)")
        #expect(job["percent"] as? Int == 100)
        #expect(job["upload"] as? String == "zip")
        let report = try #require(job["report"] as? [String: Any])
        #expect(report["source"] as? String == "export.zip")

        // The same export imported directly by the library into carol's store gives the same report.
        let direct = try ExportImporter().run(path: zip.path, into: try harness.storage(of: "carol"))
        #expect(direct.stored > 0)
        #expect(report["stored"] as? Int == direct.stored)
        #expect(report["storedByType"] as? [String: Int] == direct.storedByType)
        #expect(try harness.storage(of: "alice").count(matching: .all) == harness.storage(of: "carol").count(matching: .all))

        // Bob: not his job, not in his list, nothing in his store.
        #expect(try await harness.send("GET", location, token: bob).status == 404)
        #expect((try await harness.send("GET", "/v1/imports", token: bob).json["imports"] as? [Any])?.isEmpty == true)
        #expect((try await harness.send("GET", "/v1/imports", token: alice).json["imports"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(try harness.storage(of: "bob").count(matching: .all) == 0)
        let uploads = harness.folder.appendingPathComponent("imports")
        let left = FileManager.default.enumerator(atPath: uploads.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!left.contains { $0.hasSuffix("export.zip") }, "the upload is removed once imported: \(left)")

        // Importing it again stores nothing new.
        let again = try await harness.send("POST", "/v1/imports", token: alice, headers: ["Content-Type": "application/zip"], body: try Data(contentsOf: zip))
        let second = try await Self.finished(harness, try #require(again.header("Location")), token: alice)
        #expect((second["report"] as? [String: Any])?["stored"] as? Int == 0)
        #expect((second["report"] as? [String: Any])?["alreadyStored"] as? Int == direct.stored)
    }

    @Test("an app's token cannot import or list imports")
    func appsCannotImport() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let app = try await Self.appToken(harness)
        let refused = try await harness.send("POST", "/v1/imports", token: app, headers: ["Content-Type": "application/xml"], body: Data("<HealthData/>".utf8))
        #expect(refused.status == 403, "\(refused.text)")
        #expect(try await harness.send("GET", "/v1/imports", token: app).status == 403)
    }

    @Test("a malformed upload fails in its job, naming the problem; what was stored stays; never a 5xx", arguments: [
        ("PK\u{3}\u{4} not really a zip archive", "zip"),
        ("<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\" unit=\"count\" value=\"oops\"", "nothing usable"),
        ("hello, not an export", "nothing usable"),
    ])
    func malformedUpload(bytes: String, message: String) async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice")
        let saved = try await harness.send("POST", "/v1/samples", token: alice, json: SampleAPITests.batch([
            #"{"type":"stepCount","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T10:05:00Z","quantity":{"value":120,"unit":"count"}}"#,
        ]))
        #expect(saved.status == 200)
        let started = try await harness.send("POST", "/v1/imports", token: alice, headers: ["Content-Type": "application/octet-stream"], body: Data(bytes.utf8))
        #expect(started.status == 202, "\(started.text)")
        let job = try await Self.finished(harness, try #require(started.header("Location")), token: alice)
        #expect(job["state"] as? String == "failed")
        let error = try #require(job["error"] as? String)
        #expect(error.contains(message), "\(error)")
        #expect(!error.contains(harness.folder.path), "the server's paths stay its own: \(error)")
        #expect(try harness.storage(of: "alice").count(matching: .all) == 1)
    }

    @Test("the upload path is bounded: over the limit is 413 (declared or streamed), an empty upload 400; no job or file is left")
    func bounded() async throws {
        let harness = try await ServerHarness { $0.maxUploadBytes = 4_096 }
        defer { harness.stop() }
        let alice = try await harness.person("alice")
        let big = Data(repeating: 0x41, count: 10_000)
        let declared = try await harness.send("POST", "/v1/imports", token: alice, headers: ["Content-Type": "application/xml"], body: big)
        #expect(declared.status == 413, "\(declared.text)")
        // Without a Content-Length (chunked), the limit is found while streaming.
        var request = URLRequest(url: URL(string: harness.base + "/v1/imports")!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(alice)", forHTTPHeaderField: "Authorization")
        request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(data: big)
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 413, "\(String(decoding: data, as: UTF8.self))")
        #expect(try await harness.send("POST", "/v1/imports", token: alice, headers: ["Content-Type": "application/xml"], body: Data()).status == 400)
        #expect((try await harness.send("GET", "/v1/imports", token: alice).json["imports"] as? [Any])?.isEmpty == true)
        let left = FileManager.default.enumerator(atPath: harness.folder.appendingPathComponent("imports").path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!left.contains { $0.hasPrefix("upload") || $0.contains("export.") }, "\(left)")
    }

    @Test("the dashboard's import form: multipart upload with its CSRF token, the job's page with a progress bar; bob gets 404")
    func dashboardImport() async throws {
        guard let xml = Self.export("opendroid-hk/sampleexport.xml") else { print(TestData.missingMessage); return }
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice")
        _ = try await harness.person("bob")
        let session = try await harness.signIn("alice")
        let page = try await harness.send("GET", "/import", cookie: session)
        #expect(page.status == 200)
        #expect(page.text.contains("enctype=\"multipart/form-data\""))
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        let boundary = "----ohk\(UUID().uuidString)"
        let type = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]

        let forged = try await harness.send("POST", "/import", cookie: session, headers: type,
                                            body: Self.multipart([("csrf", "nope")], file: try Data(contentsOf: xml), filename: "export.xml", boundary: boundary))
        #expect(forged.status == 403)
        #expect((try await harness.send("GET", "/v1/imports", token: alice).json["imports"] as? [Any])?.isEmpty == true)

        let posted = try await harness.send("POST", "/import", cookie: session, headers: type,
                                            body: Self.multipart([("csrf", csrf)], file: try Data(contentsOf: xml), filename: "export.xml", boundary: boundary))
        #expect(posted.status == 303, "\(posted.text)")
        let location = try #require(posted.header("Location"))
        #expect(location.hasPrefix("/import/"))
        let id = String(location.dropFirst("/import/".count))
        let job = try await Self.finished(harness, "/v1/imports/" + id, token: alice)
        #expect(job["state"] as? String == "finished", "\(job)")
        let direct = try ExportImporter(dryRun: true).run(path: xml.path, into: try harness.storage(of: "bob"))
        #expect((job["report"] as? [String: Any])?["stored"] as? Int == direct.stored)

        let jobPage = try await harness.send("GET", location, cookie: session)
        #expect(jobPage.status == 200)
        #expect(jobPage.text.contains("<progress max=\"100\" value=\"100\""))
        #expect(jobPage.text.contains("Finished"))
        #expect(jobPage.header("Refresh") == nil, "a finished job's page stops refreshing")
        let list = try await harness.send("GET", "/import", cookie: session)
        #expect(list.text.contains("href=\"/import/\(id)\""))

        let bob = try await harness.signIn("bob")
        #expect(try await harness.send("GET", location, cookie: bob).status == 404)
        #expect(!(try await harness.send("GET", "/import", cookie: bob).text.contains(id)))
        #expect(try harness.storage(of: "bob").count(matching: .all) == 0)
    }
}

private extension ExportImporter {
    /// An importer that only reads (what the export holds, without storing it).
    init(dryRun: Bool) {
        self.init()
        self.dryRun = dryRun
    }
}
