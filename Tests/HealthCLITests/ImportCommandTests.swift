import Foundation
import TestSupport
import HealthDatabase
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

@Suite("health import, demo-export (the built binary)")
struct ImportCommandTests {
    private static func temporaryFolder() throws -> URL {
        let url = TemporaryFiles.folder.appendingPathComponent("ohk-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every stored record's UUID, type and value, in a comparable form.
    static func contents(_ database: String) throws -> [String] {
        let storage = try HKHealthStore.owner(databasePath: database).storage()
        return try storage.records(matching: .all, sort: [], limit: nil, includePayload: true).map {
            // Clinical records carry HealthRecords' identity (institution + type + id), not a content UUID; they are
            // dated by the export's receivedDate, so a re-run dates them as a clean import does.
            $0.kind == .clinical ? "clinical \($0.type) \($0.payload?.count ?? 0) \($0.startDate.timeIntervalSince1970)" : "\($0.uuid) \($0.type) \($0.quantity ?? -1) \($0.categoryValue ?? -1) \($0.parent?.uuidString ?? "-") \($0.payload?.count ?? 0)"
        }.sorted()
    }

    @Test("an import killed with SIGKILL mid-way and run again ends exactly as one clean import")
    func killAndRerun() async throws {
        let folder = try Self.temporaryFolder()
        let demo = folder.appendingPathComponent("demo").path
        #expect(try await HealthProcess.run(["demo-export", "--records", "30000", "--out", demo]).status == 0)
        let killed = folder.appendingPathComponent("killed.sqlite").path
        // An existing (empty) store, so the import writes into it batch by batch: into no store at all it would build
        // the store beside the path and show nothing there until done (`NewStoreImportTests` kills that build).
        #expect(try HKHealthStore.owner(databasePath: killed).storage().count(matching: .all) == 0)
        let process = ChildProcess()
        process.executableURL = HealthProcess.executable
        process.arguments = ["import", demo, "--database", killed, "--quiet", "--batch", "500"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once some batches are committed (or as soon as possible if it is already done).
        while process.isRunning {
            if FileManager.default.fileExists(atPath: killed),
               let count = try? HKHealthStore.owner(databasePath: killed).storage().count(matching: .all), count > 3_000 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(process.isRunning, "the import ended before 3,000 records were seen in the store")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let rerun = try await HealthProcess.run(["import", demo, "--database", killed, "--format", "json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let clean = folder.appendingPathComponent("clean.sqlite").path
        #expect(try await HealthProcess.run(["import", demo, "--database", clean, "--quiet"]).status == 0)
        let cleanContents = try Self.contents(clean)
        #expect(cleanContents.count > 30_000)
        #expect(try Self.contents(killed) == cleanContents)
    }

    @Test("--format json reports counts; a second import stores nothing; an unreadable file exits 1")
    func jsonSummaryAndExitStatus() async throws {
        let folder = try Self.temporaryFolder()
        let demo = folder.appendingPathComponent("demo").path
        #expect(try await HealthProcess.run(["demo-export", "--records", "500", "--out", demo]).status == 0)
        let database = folder.appendingPathComponent("h.sqlite").path
        let first = try await HealthProcess.run(["import", demo, "--database", database, "--format", "json"])
        #expect(first.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect((summary?["stored"] as? Int ?? 0) > 500)
        let second = try await HealthProcess.run(["import", demo, "--database", database, "--format", "json"])
        let again = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        #expect(again?["stored"] as? Int == 0)
        #expect(again?["alreadyStored"] as? Int == summary?["stored"] as? Int)
        let junk = folder.appendingPathComponent("junk.xml")
        try Data("not an export".utf8).write(to: junk)
        let bad = try await HealthProcess.run(["import", junk.path, "--database", database])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("nothing usable"))
        let missing = try await HealthProcess.run(["import", folder.appendingPathComponent("nope.zip").path, "--database", database])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file"))
    }

    @Test("the import's summary counts in words that agree with the number: 1 new record, 2 new records")
    func summaryWordsAgree() async throws {
        let folder = try Self.temporaryFolder()
        func export(_ records: Int) throws -> String {
            let record = #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" value="5" "#
            let lines = (0..<records).map { #"\#(record)startDate="2024-01-01 10:0\#($0):00 +0000" endDate="2024-01-01 10:0\#($0):30 +0000"/>"# }
            let url = folder.appendingPathComponent("export-\(records).xml")
            try Data((["<?xml version=\"1.0\"?>", "<HealthData locale=\"en_US\">"] + lines + ["</HealthData>"]).joined(separator: "\n").utf8).write(to: url)
            return url.path
        }
        let one = try await HealthProcess.run(["import", try export(1), "--database", folder.appendingPathComponent("one.sqlite").path])
        #expect(one.status == 0 && one.stdout.contains("stored 1 new record; 0 already in the store"), "\(one.stdout) \(one.stderr)")
        let two = try await HealthProcess.run(["import", try export(2), "--database", folder.appendingPathComponent("two.sqlite").path])
        #expect(two.status == 0 && two.stdout.contains("stored 2 new records; 0 already in the store"), "\(two.stdout) \(two.stderr)")
    }

    @Test("health export --format apple writes an export.zip that health import reads back into the same store contents")
    func exportThenImport() async throws {
        let folder = try Self.temporaryFolder()
        let demo = folder.appendingPathComponent("demo").path
        #expect(try await HealthProcess.run(["demo-export", "--records", "800", "--out", demo]).status == 0)
        let first = folder.appendingPathComponent("first.sqlite").path
        #expect(try await HealthProcess.run(["import", demo, "--database", first, "--quiet"]).status == 0)
        let zip = folder.appendingPathComponent("export.zip").path
        let exported = try await HealthProcess.run(["export", "--format", "apple", "--out", zip, "--database", first])
        #expect(exported.status == 0, "\(exported.stderr)")
        let second = folder.appendingPathComponent("second.sqlite").path
        #expect(try await HealthProcess.run(["import", zip, "--database", second, "--quiet"]).status == 0)
        #expect(try Self.contents(second) == Self.contents(first))
    }
}

@Suite("health query shows imported audiograms and vision prescriptions (the built binary)")
struct ElementQueryCommandTests {
    @Test("an imported Audiogram and VisionPrescription come back from health query as HealthKit objects")
    func queryElements() async throws {
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-element-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("export.xml")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Hearing Test" startDate="2021-01-22 20:30:50 -0800" endDate="2021-01-22 20:30:50 -0800">
          <SensitivityPoint frequencyValue="250" frequencyUnit="Hz" leftEarValue="35" leftEarUnit="dBHL"/>
          <SensitivityPoint frequencyValue="500" frequencyUnit="Hz" rightEarValue="30" rightEarUnit="dBHL"/>
         </Audiogram>
         <VisionPrescription type="HKVisionPrescriptionTypeContacts" dateIssued="2023-03-01 09:00:00 +0100" brand="B">
          <RightEye sphere="-1" sphereUnit="D"/>
         </VisionPrescription>
        </HealthData>
        """.utf8).write(to: xml)
        let database = folder.appendingPathComponent("health.sqlite").path
        #expect(try await HealthProcess.run(["import", xml.path, "--database", database, "--quiet"]).status == 0)
        let audiograms = try HealthProcess.json(await HealthProcess.run(["query", HKDataTypeIdentifierAudiogram, "--database", database, "--format", "json"]))
        #expect((audiograms.first?["value"] as? NSNumber)?.intValue == 2 && audiograms.first?["unit"] as? String == "frequencies",
                "\(audiograms)")
        let prescriptions = try HealthProcess.json(await HealthProcess.run(["query", HKVisionPrescriptionTypeIdentifier, "--database", database, "--format", "json"]))
        #expect(prescriptions.first?["value"] as? String == "contacts", "\(prescriptions)")
    }
}
