import Foundation
import TestSupport
import HealthDatabase
import HealthExport
@testable import HealthServer
import Testing

/// Exports over real HTTP as background jobs, written by the library's exporter: `POST /v1/exports` starts one,
/// `GET /v1/exports/{id}` follows it (records written of the total), `GET /v1/exports/{id}/download` gives the file.
/// Apple's export.zip imports back into another store with the same samples, CSV comes zipped, FHIR as a Bundle; only
/// the person's own, never an app's or another person's.
@Suite struct ExportAPITests {
    /// Alice with three step samples (100, 200 and 300) saved over the API; her token.
    static func aliceWithSteps(_ harness: ServerHarness) async throws -> String {
        let token = try await harness.person("alice")
        let saved = try await harness.send("POST", "/v1/samples", token: token,
                                           json: SampleAPITests.batch((0..<3).map { SampleAPITests.steps(Double(100 * ($0 + 1)), minute: $0 * 10) }))
        #expect(saved.status == 200, "\(saved.text)")
        return token
    }

    /// Starts an export with `query`, follows its job to the end and downloads it: the job as it ended and the download.
    static func export(_ harness: ServerHarness, _ query: String, token: String) async throws -> (job: [String: Any], file: ServerHarness.Reply) {
        let started = try await harness.send("POST", "/v1/exports?" + query, token: token)
        #expect(started.status == 202, "\(started.text)")
        let location = try #require(started.header("Location"))
        #expect(location == "/v1/exports/" + (try #require(started.json["id"] as? String)))
        let job = try await ImportJobTests.finished(harness, location, token: token)
        #expect(job["state"] as? String == "finished", "\(job)")
        #expect(job["download"] as? String == location + "/download")
        return (job, try await harness.send("GET", location + "/download", token: token))
    }

    @Test("an Apple export job: progress counts every record; its export.zip imported into another store gives the same figures")
    func appleExportRoundTrips() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await Self.aliceWithSteps(harness)
        let carol = try await harness.person("carol")
        let (job, reply) = try await Self.export(harness, "format=apple", token: alice)
        #expect(job["records"] as? Int == 3 && job["totalRecords"] as? Int == 3 && job["percent"] as? Int == 100, "\(job)")
        #expect(reply.status == 200, "\(reply.text.prefix(300))")
        #expect(reply.header("Content-Type") == "application/zip")
        #expect(reply.header("Content-Disposition") == "attachment; filename=\"export.zip\"")
        #expect(reply.body.starts(with: [0x50, 0x4B]))
        #expect(job["bytes"] as? Int == reply.body.count)
        let file = TemporaryFiles.folder.appendingPathComponent("ohk-export-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try reply.body.write(to: file)
        let report = try ExportImporter().run(path: file.path, into: try harness.storage(of: "carol"))
        #expect(report.stored == 3)
        #expect(report.storedByType == ["HKQuantityTypeIdentifierStepCount": 3])
        // (An export has no UUIDs: samples saved over the API come back with the importer's content-derived ones.)
        for token in [alice, carol] {
            let total = try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token: token)
            #expect((total.json["statistics"] as? [[String: Any]])?.first?["sum"] as? Double == 600, "\(total.text)")
        }
        // The file stays for another download until the job expires; the list has the job.
        let again = try await harness.send("GET", (job["download"] as? String) ?? "", token: alice)
        #expect(again.status == 200 && again.body == reply.body)
        let list = try await harness.send("GET", "/v1/exports", token: alice)
        #expect((list.json["exports"] as? [[String: Any]])?.map { $0["id"] as? String } == [job["id"] as? String])
    }

    @Test("CSV comes zipped with a file per type; FHIR as a Bundle of Observations; type and dates narrow it; bad parameters are 400")
    func csvAndFHIR() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await Self.aliceWithSteps(harness)
        let csv = try await Self.export(harness, "format=csv&type=stepCount", token: alice).file
        #expect(csv.status == 200)
        #expect(csv.header("Content-Type") == "application/zip")
        #expect(csv.header("Content-Disposition") == "attachment; filename=\"export_csv.zip\"")
        #expect(csv.body.starts(with: [0x50, 0x4B]))
        #expect(csv.body.range(of: Data("HKQuantityTypeIdentifierStepCount.csv".utf8)) != nil, "the archive names the type's file")

        let fhir = try await Self.export(harness, "format=fhir", token: alice).file
        #expect(fhir.status == 200)
        #expect(fhir.header("Content-Type") == "application/fhir+json")
        #expect(fhir.json["resourceType"] as? String == "Bundle")
        #expect((fhir.json["entry"] as? [Any])?.count == 3)
        // Samples starting before 10 minutes past the first: the first only (each lasts 5 minutes).
        let (job, narrowed) = try await Self.export(harness, "format=fhir&end=2025-11-26T08:10:00Z", token: alice)
        #expect((narrowed.json["entry"] as? [Any])?.count == 1, "\(narrowed.text.prefix(400))")
        #expect(job["totalRecords"] as? Int == 1)

        for query in ["format=pdf", "type=nothing", "start=yesterday", "start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z"] {
            let refused = try await harness.send("POST", "/v1/exports?" + query, token: alice)
            #expect(refused.status == 400, "\(query): \(refused.text)")
        }
        #expect(try await harness.send("GET", "/v1/exports/not-a-job", token: alice).status == 404)
    }

    @Test("exports are the person's own: an app's token is 403, bob never sees or downloads alice's job and his export holds none of her data, a guest is refused")
    func ownerOnly() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let app = try await ImportJobTests.appToken(harness)
        let alice = try harness.server.createPersonalToken(for: "alice", label: "test")
        #expect(try await harness.send("POST", "/v1/samples", token: alice, json: SampleAPITests.batch([SampleAPITests.steps(10, minute: 0)])).status == 200)
        let refused = try await harness.send("POST", "/v1/exports?format=fhir", token: app)
        #expect(refused.status == 403)
        #expect(refused.json["error"] != nil)
        #expect(try await harness.send("GET", "/v1/exports", token: app).status == 403)
        let (job, _) = try await Self.export(harness, "format=fhir", token: alice)
        let location = "/v1/exports/" + (try #require(job["id"] as? String))

        let bob = try await harness.person("bob")
        #expect(try await harness.send("GET", location, token: bob).status == 404)
        #expect(try await harness.send("GET", location + "/download", token: bob).status == 404)
        #expect((try await harness.send("GET", "/v1/exports", token: bob).json["exports"] as? [Any])?.isEmpty == true)
        let bobs = try await Self.export(harness, "format=fhir", token: bob).file
        #expect(bobs.status == 200)
        #expect((bobs.json["entry"] as? [Any] ?? []).isEmpty)
        let cookie = try await harness.signIn("alice")
        let guest = try await GuestSessionTests.enter(harness, link: try await GuestSessionTests.guestLink(harness, cookie: cookie))
        #expect(try await harness.send("POST", "/v1/exports?format=fhir", cookie: guest).status == 403)
        #expect(try await harness.send("GET", location, cookie: guest).status == 403)
        #expect(try await harness.send("GET", location + "/download", cookie: cookie).status == 200, "alice's session downloads her export")
    }

    @Test("the dashboard's export form starts a job (CSRF checked); its page refreshes until it links the download; bob gets 404")
    func dashboardExport() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await Self.aliceWithSteps(harness)
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")
        let page = try await harness.send("GET", "/import", cookie: alice)
        #expect(page.text.contains("<form method=\"post\" action=\"/export\">"))
        #expect(page.text.contains("No exports yet."))
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        #expect(try await harness.send("POST", "/export", cookie: alice, form: [("csrf", "forged"), ("format", "csv")]).status == 403)
        let started = try await harness.send("POST", "/export", cookie: alice, form: [("csrf", csrf), ("format", "csv")])
        #expect(started.status == 303, "\(started.text)")
        let location = try #require(started.header("Location"))
        #expect(location.hasPrefix("/export/"))
        let id = String(location.dropFirst("/export/".count))
        var jobPage = try await harness.send("GET", location, cookie: alice)
        for _ in 0..<1_200 where jobPage.header("Refresh") != nil {
            #expect(jobPage.text.contains("<progress"), "a going job shows its progress")
            try await Task.sleep(for: .milliseconds(50))
            jobPage = try await harness.send("GET", location, cookie: alice)
        }
        #expect(jobPage.status == 200)
        #expect(jobPage.header("Refresh") == nil, "a finished job's page stops refreshing")
        #expect(jobPage.text.contains("Finished"))
        #expect(jobPage.text.contains("3 of 3 records written"), "\(jobPage.text)")
        #expect(jobPage.text.contains("href=\"/v1/exports/\(id)/download\""))
        let file = try await harness.send("GET", "/v1/exports/\(id)/download", cookie: alice)
        #expect(file.status == 200 && file.header("Content-Disposition") == "attachment; filename=\"export_csv.zip\"")
        #expect(try await harness.send("GET", "/import", cookie: alice).text.contains("href=\"/export/\(id)\""))

        let bob = try await harness.signIn("bob")
        #expect(try await harness.send("GET", location, cookie: bob).status == 404)
        #expect(!(try await harness.send("GET", "/import", cookie: bob).text.contains(id)))
        #expect(try await harness.send("GET", "/v1/exports/\(id)/download", cookie: bob).status == 404)
    }

    @Test("a finished export and its file are gone once its lifetime has passed (the server's clock moved, no waiting)")
    func exportsExpire() async throws {
        let clock = JobRegistryTests.Clock()
        let harness = try await ServerHarness { configuration in
            configuration.jobClock = { clock.now }
            configuration.jobLifetime = 3_600
        }
        defer { harness.stop() }
        let alice = try await Self.aliceWithSteps(harness)
        let (job, _) = try await Self.export(harness, "format=apple", token: alice)
        let id = try #require(job["id"] as? String)
        let folder = harness.folder.appendingPathComponent("exports")
        let left = { FileManager.default.enumerator(atPath: folder.path)?.allObjects.compactMap { $0 as? String } ?? [] }
        #expect(left().contains { $0.hasSuffix(id + "/export.zip") }, "\(left())")
        clock.advance(3_599)
        #expect(try await harness.send("GET", "/v1/exports/" + id, token: alice).status == 200)
        clock.advance(1)
        #expect(try await harness.send("GET", "/v1/exports/" + id, token: alice).status == 404)
        #expect(try await harness.send("GET", "/v1/exports/\(id)/download", token: alice).status == 404)
        #expect(!left().contains { $0.contains(id) }, "the job's folder is removed: \(left())")
    }
}
