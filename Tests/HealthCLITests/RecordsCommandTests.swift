import Foundation
import TestSupport
import OpenHealthKit
import Testing

/// `health records`, `health documents` and `health cards`, run as a person would run them.
@Suite("health records, documents, cards")
struct RecordsCommandTests {
    let directory: URL
    let database: String

    init() throws {
        directory = TemporaryFiles.folder.appendingPathComponent("health-records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("health.sqlite").path
    }

    /// `smart-health-cards/<path>` in the shared corpora, or nil when they are absent (as TestSupport finds them).
    static func corpus(_ path: String) -> String? {
        let root = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TESTDATA"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/testdata")
        let url = root.appendingPathComponent("smart-health-cards").appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let bundle = #"""
        {"resourceType":"Bundle","type":"collection","entry":[
         {"fullUrl":"urn:uuid:p1","resource":{"resourceType":"Patient","id":"p1"}},
         {"resource":{"resourceType":"Observation","id":"bp","status":"final","category":[{"coding":[{"code":"vital-signs"}]}],"code":{"text":"Blood pressure"}}},
         {"resource":{"resourceType":"Observation","id":"a1c","status":"final","code":{"coding":[{"display":"Hemoglobin A1c"}]}}},
         {"resource":{"resourceType":"Condition","id":"c1","code":{"coding":[{"system":7}]}}}]}
        """#

    @Test func importListAndShow() async throws {
        let file = try write("bundle.json", Self.bundle)
        let imported = try await HealthProcess.run(["records", "import", file, "--institution", "General Hospital", "--database", database])
        #expect(imported.status == 2)
        #expect(imported.stdout.contains("2 clinical records: 2 added, 0 replaced, 0 unchanged"))
        #expect(imported.stdout.contains("not clinical records (not stored): Patient 1"))
        #expect(imported.stderr == "health: bundle.json: entry[3].resource.code.coding[0].system: expected a string, found a number\n")
        let list = try await HealthProcess.run(["records", "list", "--type", "labResultRecord", "--format", "json", "--database", database])
        #expect(list.status == 0)
        let rows = try HealthProcess.json(list)
        #expect(rows.map { $0["id"] as? String } == ["Observation/a1c"])
        #expect(rows.first?["name"] as? String == "Hemoglobin A1c")
        #expect(rows.first?["institution"] as? String == "General Hospital")
        let csv = try await HealthProcess.run(["records", "list", "--format", "csv", "--database", database])
        #expect(csv.stdout.split(separator: "\r\n").count == 3)
        let show = try await HealthProcess.run(["records", "show", "Observation/bp", "--database", database])
        #expect(show.status == 0)
        #expect(show.stdout.contains("type: vitalSignRecord"))
        #expect(show.stdout.contains("\"text\" : \"Blood pressure\""))
        // By UUID (upper or lower case) and by bare FHIR id, through the store's indexes.
        let uuid = try #require(rows.first?["uuid"] as? String)
        #expect(try await HealthProcess.run(["records", "show", uuid.lowercased(), "--database", database]).stdout.contains("resource: Observation/a1c"))
        #expect(try await HealthProcess.run(["records", "show", "bp", "--database", database]).stdout.contains("type: vitalSignRecord"))
        let missing = try await HealthProcess.run(["records", "show", "Observation/none", "--database", database])
        #expect(missing.status == 2)
        #expect(missing.stderr == "health: no clinical record \"Observation/none\"\n")
        let again = try await HealthProcess.run(["records", "import", file, "--institution", "General Hospital", "--database", database])
        #expect(again.stdout.contains("0 added, 0 replaced, 2 unchanged"))
    }

    @Test func badArgumentsExitTwo() async throws {
        let unknownType = try await HealthProcess.run(["records", "list", "--type", "stepCount", "--database", database])
        #expect(unknownType.status == 2)
        #expect(unknownType.stderr.contains("is not a clinical type"))
        let noFile = try await HealthProcess.run(["records", "import", directory.appendingPathComponent("none.json").path,
                                            "--institution", "X", "--database", database])
        #expect(noFile.status == 2)
        #expect(noFile.stderr.contains("no such file or folder"))
    }

    @Test func documentsImportSplitsSeveralRoots() async throws {
        let document = { (title: String) in
            "<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>\(title)</title><recordTarget><patientRole><patient><name><given>Jo</given></name></patient></patientRole></recordTarget></ClinicalDocument>"
        }
        let file = try write("export_cda.xml", "<?xml version=\"1.0\"?>\n" + document("One") + "\n" + document("Two"))
        let result = try await HealthProcess.run(["documents", "import", file, "--database", database])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("2 documents: 2 imported, 0 already in the store\n"))
        let again = try await HealthProcess.run(["documents", "import", file, "--database", database])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("2 documents: 0 imported, 2 already in the store\n"))
        let bad = try await HealthProcess.run(["documents", "import", try write("x.xml", "<html/>"), "--database", database])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("the root element <html> is not a ClinicalDocument"))
    }

    @Test func cardsVerifyAndImport() async throws {
        guard let issuer = Self.corpus("spec-examples/issuer"), let card = Self.corpus("spec-examples/example-00-e-file.smart-health-card"),
              let revoked = Self.corpus("spec-examples/example-03-d-jws.txt") else { return }
        let verified = try await HealthProcess.run(["cards", "verify", card, "--keys", issuer])
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("verified: SMART Health Card from https://spec.smarthealth.cards/examples/issuer"))
        #expect(verified.stdout.contains("subject: John B. Anyperson, born 1951-01-20"))
        let chunks = (0...2).compactMap { Self.corpus("spec-examples/example-02-f-qr-code-numeric-value-\($0).txt") }
        #expect(try await HealthProcess.run(["cards", "verify"] + chunks + ["--keys", issuer]).status == 0)
        let untrusted = try await HealthProcess.run(["cards", "verify", card])
        #expect(untrusted.status == 2)
        #expect(untrusted.stderr.contains("issuerTrust check failed"))
        let revokedRun = try await HealthProcess.run(["cards", "verify", revoked, "--keys", issuer])
        #expect(revokedRun.status == 2)
        #expect(revokedRun.stdout.contains("not verified: revocation check failed"))
        let imported = try await HealthProcess.run(["cards", "import", card, "--keys", issuer, "--database", database])
        #expect(imported.stdout.hasSuffix("1 cards: 1 added, 0 already stored\n"))
        let twice = try await HealthProcess.run(["cards", "import", card, "--keys", issuer, "--database", database])
        #expect(twice.stdout.hasSuffix("1 cards: 0 added, 1 already stored\n"))
    }
}
