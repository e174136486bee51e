import Foundation
import GRDB
import OpenHealthKit
import Testing
import TestSupport
import OpenHealthKitSQLite

/// Issue 17 items 1, 4, 5 and 8 through the real `health` binary, on stores the tests write.
@Suite("health as people use it: numbers, source names, errors, dates, time zones, help")
struct EverydayUseCommandTests {
    let directory: URL
    let database: String

    init() throws {
        (directory, database) = try HealthProcess.newStore("everyday")
    }

    func run(_ arguments: [String]) async throws -> HealthProcess.Result {
        try await HealthProcess.run(arguments + ["--database", database])
    }

    /// An export from "Anna’s iPhone" (a curly apostrophe, as iOS writes it) with a year-sized step total and
    /// metadata whose text a number would not print back.
    func importExport() async throws {
        let xml = directory.appendingPathComponent("export.xml")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna’s iPhone" unit="count" startDate="2024-03-01 10:00:00 +0000" endDate="2024-03-01 10:10:00 +0000" value="3914496.8">
          <MetadataEntry key="Build" value="1.10"/>
          <MetadataEntry key="Serial" value="12345678901234567890"/>
          <MetadataEntry key="Floors" value="5"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna’s Apple Watch" unit="count" startDate="2024-03-02 10:00:00 +0000" endDate="2024-03-02 10:10:00 +0000" value="10861.6"/>
        </HealthData>
        """.utf8).write(to: xml)
        let result = try await run(["import", xml.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("JSON and CSV give exact numbers, tables round them one way; metadata comes back as stored, with its types")
    func numbers() async throws {
        try await importExport()
        let rows = try HealthProcess.json(await run(["query", "stepCount", "--format", "json", "--ascending"]))
        #expect((rows.first?["value"] as? NSNumber)?.doubleValue == 3914496.8)
        let metadata = try #require(rows.first?["metadata"] as? [String: Any])
        #expect(metadata["Build"] as? String == "1.10")
        #expect(metadata["Serial"] as? String == "12345678901234567890")
        #expect((metadata["Floors"] as? NSNumber)?.intValue == 5 && !(metadata["Floors"] is String))
        let csv = try await run(["stats", "stepCount", "--by", "year", "--time-zone", "UTC", "--format", "csv"]).stdout
        #expect(csv.contains(",3925358.4,count") && !csv.contains("e+"), "\(csv)")
        let table = try await run(["stats", "stepCount", "--time-zone", "UTC"]).stdout
        #expect(table.contains("3,914,496.8") && table.contains("10,861.6"), "\(table)")
        let summary = try await run(["summary"]).stdout
        #expect(summary.contains("10,861.6"), "\(summary)")
        let big = try await run(["add", "stepCount", "12345678901234567890", "--start", "2024-03-05T10:00:00Z"])
        #expect(big.status == 0, "\(big.stderr)")
        let csvQuery = try await run(["query", "stepCount", "--limit", "1", "--format", "csv"]).stdout
        #expect(csvQuery.contains(",12345678901234567000,count,") && !csvQuery.contains("e+"), "\(csvQuery)")
    }

    @Test("sources are named as health sources shows them, with either apostrophe, by bundle id or rank; unknown names suggest")
    func sourcesByName() async throws {
        try await importExport()
        let listed = try HealthProcess.json(await run(["sources", "--format", "json"]))
        #expect(listed.contains { $0["name"] as? String == "Anna’s iPhone" })
        let set = try await run(["sources", "priority", "set", "Anna's iPhone"])
        #expect(set.status == 0, "\(set.stderr)")
        let order = try HealthProcess.json(await run(["sources", "priority", "--format", "json"]))
        #expect(order.first?["name"] as? String == "Anna’s iPhone" && order.first?["order"] as? String == "custom")
        #expect(order.filter { $0["order"] as? String == "custom" }.count == 1)
        for name in ["Anna's iPhone", "anna’s iphone", "1"] {
            let rows = try HealthProcess.json(await run(["query", "stepCount", "--source", name, "--format", "json"]))
            #expect(rows.count == 1 && rows.first?["source"] as? String == "Anna’s iPhone", "\(name)")
        }
        let unknown = try await run(["query", "stepCount", "--source", "Annas iPhone"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean Anna’s iPhone"), "\(unknown.stderr)")
    }

    @Test("errors are one sentence with a way out: bad dates, reversed ranges, wrong units, typos, existing --out")
    func errors() async throws {
        try await importExport()
        let cases: [([String], String)] = [
            (["add", "bodyMass", "70", "--start", "2024/03/01"], "is not a date"),
            (["query", "stepCount", "--from", "2024-03-02", "--to", "2024-03-01"], "is not after --from"),
            (["stats", "stepCount", "--from", "2024-03-02", "--to", "2024-03-01"], "is not after --from"),
            (["query", "heartRate", "--unit", "kg"], "does not fit heartRate; use one of count/min"),
            (["query", "stepz"], "did you mean stepCount"),
            (["query", "heartRate", "--unit", "kgg"], "did you mean kg"),
            (["query", "stepCount", "--time-zone", "Europe/Berln"], "did you mean Europe/Berlin"),
        ]
        for (arguments, text) in cases {
            let result = try await run(arguments)
            #expect(result.status == 2 && result.stderr.contains(text) && result.stderr.split(separator: "\n").count == 1,
                    "\(arguments): \(result.stderr)")
        }
        let out = directory.appendingPathComponent("bundle.json").path
        #expect(try await run(["export", "--format", "fhir", "--out", out]).status == 0)
        let again = try await run(["export", "--format", "fhir", "--out", out])
        #expect(again.status == 2 && again.stderr.contains("already exists") && !again.stderr.contains("Domain="))
        let noFolder = try await run(["export", "--format", "fhir", "--out", directory.appendingPathComponent("none/b.json").path])
        #expect(noFolder.status == 2 && noFolder.stderr.contains("does not exist"))
        for date in ["2024-03-01", "2024-03-01T10:05", "2024-03-01T10:05:00Z", "2024-03-01T11:05:00+01:00", "2024-03-01 10:05:00 +0000"] {
            let result = try await run(["query", "stepCount", "--from", date, "--to", "2024-03-03"])
            #expect(result.status == 0, "\(date): \(result.stderr)")
        }
    }

    @Test("two imports into one new store at once: the second waits its turn with a message, nothing fails or doubles")
    func twoWriters() async throws {
        let demo = directory.appendingPathComponent("demo").path
        #expect(try await HealthProcess.run(["demo-export", "--records", "3000", "--out", demo]).status == 0)
        // The test holds the writers' turn (the `flock` every write command takes) until both imports wait for it, so
        // they overlap however the machine schedules them: on a loaded machine the first could otherwise end before
        // the second starts.
        let turn = open(database, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(turn >= 0 && flock(turn, LOCK_EX) == 0)
        async let first = HealthProcess.run(["import", demo, "--database", database, "--format", "json"])
        async let second = HealthProcess.run(["import", demo, "--database", database, "--format", "json"])
        let waiting = try await Self.waiters(on: database, count: 2)
        flock(turn, LOCK_UN)
        close(turn)
        #expect(waiting, "both imports wait for the turn within 60 s")
        let both = [try? await first, try? await second].compactMap { $0 }
        #expect(both.count == 2 && both.allSatisfy { $0.status == 0 }, "\(both.map(\.stderr))")
        let stored = both.compactMap { try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any] }
            .map { $0["stored"] as? Int ?? -1 }.sorted()
        #expect(stored.first == 0 && (stored.last ?? 0) > 3000)
        #expect(both.contains { $0.stderr.contains("waiting for it to finish") })
    }

    /// Whether `count` processes come to wait for a `flock` on the file at `path` within 60 s (Linux lists the
    /// waiters in `/proc/locks`, `->` before the lock they wait for, with the file's inode).
    static func waiters(on path: String, count: Int) async throws -> Bool {
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)
        for _ in 0..<600 {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            let waiting = locks.split(separator: "\n").filter { $0.contains("-> FLOCK") && $0.contains(":\(inode.uint64Value) ") }
            if waiting.count >= count { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test("a store another program keeps writing past the 10 s wait is reported busy in one sentence, not an internal error")
    func busyStore() async throws {
        #expect(try await run(["add", "stepCount", "5"]).status == 0)
        let other = try DatabaseQueue(path: database)
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holding = Task {
            try await BlockingWork.run { try other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                held.signal()
                release.wait()   // held until the command has given up, however long it waited for a slot to start
                try db.execute(sql: "ROLLBACK")
            } }
        }
        await BlockingWork.run { held.wait() }
        let blocked: HealthProcess.Result
        do { blocked = try await run(["add", "stepCount", "7"]) } catch { release.signal(); throw error }
        release.signal()
        #expect(blocked.status == 1 && blocked.stderr.contains("is busy") && blocked.stderr.split(separator: "\n").count == 1,
                "status \(blocked.status): \(blocked.stderr)")
        try await holding.value
    }

    @Test("days follow the samples' time zone, named in the table; --time-zone overrides; --version; help fits 80 columns")
    func timeZonesVersionAndHelp() async throws {
        let owner = try HKHealthStore.owner(databasePath: database)
        let start = ISO8601DateFormatter().date(from: "2024-03-01T23:30:00Z")!   // 00:30 on 2 March in Berlin
        try await owner.save(try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 50),
                                                          start: start, end: start.addingTimeInterval(600),
                                                          metadata: [HKMetadataKeyTimeZone: "Europe/Berlin"]))
        let table = try await run(["stats", "stepCount"]).stdout
        #expect(table.hasPrefix("Days in Europe/Berlin (the samples' time zone)"), "\(table)")
        let berlin = try HealthProcess.json(await run(["stats", "stepCount", "--format", "json"]))
        #expect(berlin.first?["start"] as? String == "2024-03-02T00:00:00+01:00")
        let utc = try HealthProcess.json(await run(["stats", "stepCount", "--time-zone", "UTC", "--format", "json"]))
        #expect(utc.first?["start"] as? String == "2024-03-01T00:00:00Z")
        let version = try await HealthProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout.first?.isNumber == true)
        for command in [[], ["query"], ["stats"], ["import"], ["changes"], ["delete"], ["summary"], ["export"], ["add"], ["me", "set"],
                        ["records", "import"], ["cards", "import"], ["units", "convert"], ["authorize"], ["demo-export"]] {
            let help = try await HealthProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
            let wide = help.stdout.split(separator: "\n").filter { $0.count > 80 }
            #expect(wide.isEmpty, "\(command): \(wide)")
        }
        let completion = try await HealthProcess.run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdout.contains("health"))
    }
}
