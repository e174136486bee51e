import Foundation
import TestSupport
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// The store commands against a real SQLite file that the test fills through HKHealthStore.
@Suite("health query, sources, changes, permissions, me")
struct StoreCommandTests {
    let directory: URL
    let database: String
    let start = Date(timeIntervalSince1970: 1_709_280_000)  // 2024-03-01T08:00:00Z

    init() throws {
        directory = TemporaryFiles.folder.appendingPathComponent("health-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("health.sqlite").path
    }

    /// Saves steps from the person's own access and heart rates from a phone app the person authorised.
    func fill() async throws -> (steps: [HKSample], heart: [HKSample]) {
        let owner = try HKHealthStore.owner(databasePath: database)
        var steps: [HKSample] = []
        for index in 0..<3 {
            let offset = TimeInterval(index) * 3600
            let count = HKQuantity(unit: .count(), doubleValue: Double(100 * (index + 1)))
            steps.append(try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: count,
                                                      start: start + offset, end: start + offset + 600))
        }
        try await owner.save(steps)
        let phone = HKSource(name: "Phone", bundleIdentifier: "com.example.phone")
        try owner.setAuthorization(forApp: phone.bundleIdentifier, toShare: [HKQuantityType(.heartRate)], read: [], allowed: true)
        let app = try HKHealthStore(databasePath: database, app: phone)
        let bpm = HKUnit.count().unitDivided(by: .minute())
        var heart: [HKSample] = []
        for (index, value) in [61.0, 72.0].enumerated() {
            let at = start + TimeInterval(index) * 60
            heart.append(try HKQuantitySample.checked(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: value),
                                                      start: at, end: at))
        }
        try await app.save(heart)
        return (steps, heart)
    }

    func run(_ arguments: [String]) async throws -> HealthProcess.Result {
        try await HealthProcess.run(arguments + ["--database", database])
    }

    @Test func queryListsNewestFirstWithLimitAndDates() async throws {
        let (steps, _) = try await fill()
        let rows = try HealthProcess.json(await run(["query", "stepCount", "--format", "json"]))
        #expect(rows.map { $0["uuid"] as? String } == steps.reversed().map(\.uuid.uuidString))
        #expect(rows.map { $0["value"] as? Double } == [300, 200, 100])
        #expect(rows.first?["bundleIdentifier"] as? String == HKSource.healthApp.bundleIdentifier)
        #expect(rows.first?["source"] as? String == HKSource.healthApp.name)
        let limited = try HealthProcess.json(await run(["query", "stepCount", "--limit", "1", "--ascending", "--format", "json"]))
        #expect(limited.map { $0["value"] as? Double } == [100])
        let window = try HealthProcess.json(await run(["query", "stepCount", "--from", "2024-03-01T08:30:00Z", "--to", "2024-03-01T09:30:00Z",
                                                 "--format", "json"]))
        #expect(window.map { $0["value"] as? Double } == [200])
    }

    @Test func queryConvertsUnitsAndFiltersBySource() async throws {
        _ = try await fill()
        let rows = try HealthProcess.json(await run(["query", "heartRate", "--unit", "count/s", "--source", "com.example.phone", "--format", "json"]))
        #expect(rows.count == 2)
        #expect(rows.map { $0["unit"] as? String } == ["count/s", "count/s"])
        #expect(rows.first?["value"] as? Double == 1.2)
        let unknown = try await run(["query", "heartRate", "--source", "com.example.other", "--format", "json"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no source is named"))
    }

    @Test func queryRejectsBadInputWithStatus2() async throws {
        let badType = try await run(["query", "stepz"])
        #expect(badType.status == 2 && badType.stderr.hasPrefix("health: unknown type \"stepz\"; did you mean stepCount"))
        let badDate = try await run(["query", "stepCount", "--from", "yesterday"])
        #expect(badDate.status == 2 && badDate.stderr.contains("--from"))
        let characteristic = try await run(["query", "dateOfBirth"])
        #expect(characteristic.status == 2)
    }

    @Test func sourcesListsEveryWriter() async throws {
        _ = try await fill()
        let all = try HealthProcess.json(await run(["sources", "--format", "json"]))
        #expect(Set(all.compactMap { $0["bundleIdentifier"] as? String }) == ["com.example.phone", HKSource.healthApp.bundleIdentifier])
        let heart = try HealthProcess.json(await run(["sources", "heartRate", "--format", "json"]))
        #expect(heart.compactMap { $0["bundleIdentifier"] as? String } == ["com.example.phone"])
    }

    @Test func changesContinueFromTheAnchorAndReportDeletions() async throws {
        let (steps, heart) = try await fill()
        let first = try await run(["changes", "--limit", "3"])
        let anchorLine = try #require(first.stderr.split(separator: "\n").first)
        #expect(anchorLine.hasSuffix("(more waiting)"))
        let anchor = try #require(Int(anchorLine.split(separator: " ")[1]))
        #expect(first.stdout.split(separator: "\n").count == 4)
        let owner = try HKHealthStore.owner(databasePath: database)
        try await owner.delete(steps[0])
        let restData = try await run(["changes", "--anchor", String(anchor), "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(restData.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["change"] as? String } == ["added", "added", "deleted"])
        #expect(changes.map { $0["uuid"] as? String } == [heart[0].uuid.uuidString, heart[1].uuid.uuidString, steps[0].uuid.uuidString])
        #expect(object["hasMore"] as? Bool == false)
        #expect((object["anchor"] as? Int ?? 0) > anchor)
    }

    @Test func permissionsAuthorizeAndRevoke() async throws {
        #expect(try await run(["authorize", "com.example.steps", "--read", "stepCount,heartRate", "--share", "stepCount"]).status == 0)
        #expect(try await run(["authorize", "com.example.steps", "--deny", "--read", "bodyMass"]).status == 0)
        var rows = try HealthProcess.json(await run(["permissions", "com.example.steps", "--format", "json"]))
        #expect(rows.count == 4)
        #expect(rows.contains { $0["type"] as? String == "bodyMass" && $0["decision"] as? String == "denied" })
        #expect(try await run(["revoke", "com.example.steps", "--types", "heartRate"]).status == 0)
        rows = try HealthProcess.json(await run(["permissions", "--format", "json"]))
        #expect(!rows.contains { $0["type"] as? String == "heartRate" })
        let app = try HKHealthStore(databasePath: database, app: HKSource(name: "Steps", bundleIdentifier: "com.example.steps"))
        #expect(app.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingAuthorized)
        let readOnly = try await run(["authorize", "com.example.steps", "--share", "dateOfBirth"])
        #expect(readOnly.status == 2)
    }

    @Test func meSetAndShow() async throws {
        #expect(try await run(["me", "set", "--date-of-birth", "1990-04-02", "--biological-sex", "female", "--blood-type", "O-"]).status == 0)
        let rows = try HealthProcess.json(await run(["me", "--format", "json"]))
        let values = Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            (row["characteristic"] as? String).map { ($0, row["value"] as? String) }
        })
        #expect(values["dateOfBirth"] == "1990-04-02")
        #expect(values["biologicalSex"] == "Female")
        #expect(values["bloodType"] == "ONegative")
        let bad = try await run(["me", "set", "--blood-type", "Z+"])
        #expect(bad.status == 2 && bad.stderr.contains("--blood-type"))
        let badDate = try await run(["me", "set", "--date-of-birth", "1990-02-31"])
        #expect(badDate.status == 2)
    }
}
