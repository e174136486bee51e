import Foundation
import TestSupport
import HealthDatabaseSQLite
import Testing

/// Issue 17 items 9, 7, 2 and 3 on a store that imported the demo export, through the real `health` binary.
@Suite("health on an imported demo export: change feed, clean first run, reads that never write, everything visible")
struct DemoStoreCommandTests {
    func run(_ arguments: [String], database: String? = nil) async throws -> HealthProcess.Result {
        let store = if let database { database } else { try #require(await DemoStore.made).database }
        return try await HealthProcess.run(arguments + ["--database", store])
    }

    @Test("changes --anchor 0 --format json returns every stored object, activity summaries and documents included")
    func changeFeedCarriesEveryKind() async throws {
        let result = try await run(["changes", "--anchor", "0", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        let types = Set(changes.compactMap { $0["type"] as? String })
        for kind in ["activitySummary", "cda", "labResultRecord", "electrocardiogram", "workout", "workoutRoute", "bloodPressure",
                     "heartbeatSeries", "stepCount", "sleepAnalysis"] {
            #expect(types.contains(kind), "\(kind) missing from \(types.sorted())")
        }
        let counts = try HealthProcess.json(await run(["summary", "--format", "json"]))
        let total = counts.compactMap { ($0["count"] as? NSNumber)?.intValue }.reduce(0, +)
        #expect(changes.count == total)
        #expect(object["hasMore"] as? Bool == false)
        let table = try await run(["changes", "--anchor", "0"])
        #expect(table.status == 0 && table.stdout.split(separator: "\n").count == total + 1)
    }

    @Test("the README's demo imports with no problem; CardioFitnessMedicationsUse is kept and shown by health me")
    func demoRunsClean() async throws {
        let made = try #require(await DemoStore.made)
        #expect(made.importStatus == 0)
        #expect(!made.importOutput.contains("Problems"), "\(made.importOutput)")
        let me = try HealthProcess.json(await run(["me", "--format", "json"]))
        #expect(me.contains { $0["characteristic"] as? String == "cardioFitnessMedicationsUse" && $0["value"] as? String == "None" })
    }

    @Test("read commands on a copy of the file change no byte and create no file; a missing store is an error naming it")
    func readsNeverWrite() async throws {
        let copy = try await DemoStore.copy()
        let before = try DemoStore.fingerprint(copy)
        for arguments in [["summary"], ["stats", "stepCount"], ["stats", "heartRate", "--by", "week"], ["query", "workout"],
                          ["changes"], ["sources"], ["sources", "priority"], ["me"], ["records", "list"], ["cards", "list"],
                          ["permissions"], ["export", "--format", "fhir", "--out", copy + ".fhir.json"]] {
            let result = try await run(arguments, database: copy)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        try? FileManager.default.removeItem(atPath: copy + ".fhir.json")
        let after = try DemoStore.fingerprint(copy)
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
        let typo = URL(fileURLWithPath: copy).deletingLastPathComponent().appendingPathComponent("typo/typo.sqlite").path
        let missing = try await run(["summary"], database: typo)
        #expect(missing.status == 1 && missing.stderr.contains(typo) && missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: typo).deletingLastPathComponent().path))
    }

    @Test("import --dry-run writes nothing, neither into a new path nor into the store; it says what it would store")
    func dryRunWritesNothing() async throws {
        let made = try #require(await DemoStore.made)
        let export = made.folder.appendingPathComponent("demo").path
        let fresh = made.folder.appendingPathComponent("dry/none.sqlite").path
        let first = try await HealthProcess.run(["import", export, "--dry-run", "--database", fresh])
        #expect(first.status == 0 && first.stdout.contains("would store") && first.stdout.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: made.folder.appendingPathComponent("dry").path))
        let copy = try await DemoStore.copy()
        let before = try DemoStore.fingerprint(copy)
        let again = try await HealthProcess.run(["import", export, "--dry-run", "--database", copy, "--format", "json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(summary["stored"] as? Int == 0 && (summary["alreadyStored"] as? Int ?? 0) > 3000)
        #expect(try DemoStore.fingerprint(copy) == before)
    }

    @Test("summary counts every kind; query and CSV show activity summaries, workouts, routes, ECGs, blood pressure")
    func everythingStoredIsVisible() async throws {
        let counts = try HealthProcess.json(await run(["summary", "--format", "json"]))
        let names = Set(counts.compactMap { $0["type"] as? String })
        #expect(names.isSuperset(of: ["electrocardiogram", "activitySummary", "workoutRoute", "heartbeatSeries", "cda", "allergyRecord"]))
        let summaries = try HealthProcess.json(await run(["query", "activitySummary", "--format", "json"]))
        #expect(!summaries.isEmpty && summaries.allSatisfy { $0["value"] is NSNumber && ($0["details"] as? String)?.contains("move") == true })
        let workouts = try HealthProcess.json(await run(["query", "workout", "--limit", "1", "--format", "json"]))
        #expect((workouts.first?["details"] as? String)?.contains("1 route") == true, "\(workouts)")
        #expect(workouts.first?["unit"] as? String == "s" && workouts.first?["value"] is NSNumber)
        let folder = try #require(await DemoStore.made).folder.appendingPathComponent("csv-\(UUID().uuidString)").path
        #expect(try await run(["export", "--format", "csv", "--out", folder]).status == 0)
        for (file, unit) in [("HKWorkoutTypeIdentifier", "s"), ("HKActivitySummaryTypeIdentifier", "kcal"), ("HKWorkoutRouteTypeIdentifier", "locations"),
                             ("HKDataTypeIdentifierElectrocardiogram", "measurements"), ("HKCorrelationTypeIdentifierBloodPressure", "mmHg")] {
            let text = try String(contentsOfFile: folder + "/\(file).csv", encoding: .utf8)
            let row = Self.csvFields(String(try #require(text.split(separator: "\n").dropFirst().first)))
            #expect(row.count >= 8 && !row[6].isEmpty && row[7] == unit, "\(file): \(row)")
            if file.contains("BloodPressure") { #expect(row[6].contains("/"), "\(row)") }
        }
    }

    /// The fields of one RFC 4180 line.
    static func csvFields(_ line: String) -> [String] {
        let characters = Array(line.trimmingCharacters(in: .newlines))
        var fields: [String] = [], field = "", quoted = false, index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted, character == "\"", index + 1 < characters.count, characters[index + 1] == "\"" {
                field.append("\"")
                index += 1
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        return fields + [field]
    }

    @Test("the import leaves statistics ready: summaries installed, so the first stats reads them and writes nothing")
    func importLeavesStatisticsReady() async throws {
        let copy = try await DemoStore.copy()
        let storage = try SQLiteHealthStorage(readingAt: copy)
        #expect(try !storage.slotSums(type: "HKQuantityTypeIdentifierStepCount", slots: nil).isEmpty)
        let before = try DemoStore.fingerprint(copy)
        #expect(try await run(["stats", "stepCount", "--separate-by-source", "--format", "csv"], database: copy).status == 0)
        #expect(try DemoStore.fingerprint(copy) == before)
    }
}
