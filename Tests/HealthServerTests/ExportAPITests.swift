import Foundation
import TestSupport
import HealthDatabase
import HealthExport
import HealthServer
import Testing

/// Exports over real HTTP, written by the library's exporter: Apple's export.zip imports back into another store with
/// the same samples and UUIDs, CSV comes zipped, FHIR as a Bundle; only the person's own, never an app's or another
/// person's.
@Suite struct ExportAPITests {
    /// Alice with three step samples (100, 200 and 300) saved over the API; her token.
    static func aliceWithSteps(_ harness: ServerHarness) async throws -> String {
        let token = try await harness.person("alice")
        let saved = try await harness.send("POST", "/v1/samples", token: token,
                                           json: SampleAPITests.batch((0..<3).map { SampleAPITests.steps(Double(100 * ($0 + 1)), minute: $0 * 10) }))
        #expect(saved.status == 200, "\(saved.text)")
        return token
    }

    @Test("GET /v1/exports?format=apple is Apple's export.zip: imported into another store, the same samples and figures")
    func appleExportRoundTrips() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await Self.aliceWithSteps(harness)
        let carol = try await harness.person("carol")
        let reply = try await harness.send("GET", "/v1/exports?format=apple", token: alice)
        #expect(reply.status == 200, "\(reply.text.prefix(300))")
        #expect(reply.header("Content-Type") == "application/zip")
        #expect(reply.header("Content-Disposition") == "attachment; filename=\"export.zip\"")
        #expect(reply.body.starts(with: [0x50, 0x4B]))
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
        let left = (try? FileManager.default.contentsOfDirectory(atPath: harness.folder.appendingPathComponent("exports").path)) ?? []
        #expect(left.isEmpty, "the export's folder is removed once sent: \(left)")
    }

    @Test("CSV comes zipped with a file per type; FHIR as a Bundle of Observations; type and dates narrow it; bad parameters are 400")
    func csvAndFHIR() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await Self.aliceWithSteps(harness)
        let csv = try await harness.send("GET", "/v1/exports?format=csv&type=stepCount", token: alice)
        #expect(csv.status == 200)
        #expect(csv.header("Content-Type") == "application/zip")
        #expect(csv.body.starts(with: [0x50, 0x4B]))
        #expect(csv.body.range(of: Data("HKQuantityTypeIdentifierStepCount.csv".utf8)) != nil, "the archive names the type's file")

        let fhir = try await harness.send("GET", "/v1/exports?format=fhir", token: alice)
        #expect(fhir.status == 200)
        #expect(fhir.header("Content-Type") == "application/fhir+json")
        #expect(fhir.json["resourceType"] as? String == "Bundle")
        #expect((fhir.json["entry"] as? [Any])?.count == 3)
        // Samples starting before 10 minutes past the first: the first only (each lasts 5 minutes).
        let narrowed = try await harness.send("GET", "/v1/exports?format=fhir&end=2025-11-26T08:10:00Z", token: alice)
        #expect((narrowed.json["entry"] as? [Any])?.count == 1, "\(narrowed.text.prefix(400))")

        #expect(try await harness.send("GET", "/v1/exports?format=pdf", token: alice).status == 400)
        #expect(try await harness.send("GET", "/v1/exports?type=nothing", token: alice).status == 400)
        #expect(try await harness.send("GET", "/v1/exports?start=yesterday", token: alice).status == 400)
    }

    @Test("exports are the person's own: an app's token is 403, bob's export holds none of alice's data, a guest is refused")
    func ownerOnly() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let app = try await ImportJobTests.appToken(harness)
        let alice = try harness.server.createPersonalToken(for: "alice", label: "test")
        #expect(try await harness.send("POST", "/v1/samples", token: alice, json: SampleAPITests.batch([SampleAPITests.steps(10, minute: 0)])).status == 200)
        let refused = try await harness.send("GET", "/v1/exports?format=fhir", token: app)
        #expect(refused.status == 403)
        #expect(refused.json["error"] != nil)
        let bob = try await harness.person("bob")
        let bobs = try await harness.send("GET", "/v1/exports?format=fhir", token: bob)
        #expect(bobs.status == 200)
        #expect((bobs.json["entry"] as? [Any] ?? []).isEmpty)
        let cookie = try await harness.signIn("alice")
        let guest = try await GuestSessionTests.enter(harness, link: try await GuestSessionTests.guestLink(harness, cookie: cookie))
        #expect(try await harness.send("GET", "/v1/exports?format=fhir", cookie: guest).status == 403)
        // The dashboard's export form downloads with the session.
        let page = try await harness.send("GET", "/import", cookie: cookie)
        #expect(page.text.contains("action=\"/v1/exports\""))
        #expect(try await harness.send("GET", "/v1/exports?format=fhir", cookie: cookie).status == 200)
    }
}
