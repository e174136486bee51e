import Foundation
import TestSupport
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// `health stats` and `health sources priority` against a real SQLite file that the test fills through HKHealthStore.
@Suite("health stats, sources priority")
struct StatsCommandTests {
    let directory: URL
    let database: String

    init() throws {
        directory = TemporaryFiles.folder.appendingPathComponent("health-cli-stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("health.sqlite").path
    }

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func steps(_ value: Double, _ start: String, minutes: Double, device: String? = nil) throws -> HKQuantitySample {
        let device = device.map {
            HKDevice(name: $0, manufacturer: "Apple Inc.", model: $0, hardwareVersion: nil, firmwareVersion: nil,
                     softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        }
        return try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: value),
                                            start: utc(start), end: utc(start).addingTimeInterval(minutes * 60), device: device, metadata: nil)
    }

    /// A phone app and a watch app counting overlapping steps on 1 March (UTC), and the phone alone on 3 March.
    func fill() async throws {
        let owner = try HKHealthStore.owner(databasePath: database)
        for (id, samples) in [("com.a.phone", [try Self.steps(600, "2024-03-01T10:00:00Z", minutes: 30, device: "iPhone"),
                                               try Self.steps(300, "2024-03-03T23:50:00Z", minutes: 20, device: "iPhone")]),
                              ("com.z.watch", [try Self.steps(300, "2024-03-01T10:10:00Z", minutes: 10, device: "Watch")])] {
            try owner.setAuthorization(forApp: id, toShare: [HKQuantityType(.stepCount)], read: [], allowed: true)
            try await HKHealthStore(databasePath: database, app: HKSource(name: id, bundleIdentifier: id)).save(samples)
        }
    }

    func run(_ arguments: [String]) async throws -> HealthProcess.Result {
        try await HealthProcess.run(arguments + ["--database", database])
    }

    @Test func dailySumsMergedWithEmptyDaysAndAChart() async throws {
        try await fill()
        let json = try HealthProcess.json(await run(["stats", "stepCount", "--time-zone", "UTC", "--format", "json"]))
        #expect(json.map { $0["sum"] as? Double } == [700, nil, 150, 150])
        #expect(json.first?["start"] as? String == "2024-03-01T00:00:00Z")
        let table = try await run(["stats", "stepCount", "--time-zone", "UTC"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first == "Days in UTC (--time-zone); stepCount in count")
        #expect(lines[1].hasSuffix("chart"))
        #expect(lines[2].hasSuffix(String(repeating: "█", count: 30)))
        #expect(!table.stdout.contains("\u{1B}"))   // no colour codes off a terminal
    }

    @Test func timeZoneMovesTheDayBoundary() async throws {
        try await fill()
        // In Berlin (UTC+1) the 23:50Z sample lies wholly on 4 March.
        let rows = try HealthProcess.json(await run(["stats", "stepCount", "--time-zone", "Europe/Berlin", "--from", "2024-03-03",
                                               "--to", "2024-03-05", "--format", "json"]))
        #expect(rows.map { $0["sum"] as? Double } == [nil, 300])
        #expect(rows.first?["start"] as? String == "2024-03-03T00:00:00+01:00")
    }

    @Test func separateBySourceAndMonthlyCSV() async throws {
        try await fill()
        let result = try await run(["stats", "stepCount", "--by", "month", "--separate-by-source", "--time-zone", "UTC", "--format", "csv"])
        #expect(result.stdout == """
            start,end,source,sum,unit\r
            2024-03-01T00:00:00Z,2024-04-01T00:00:00Z,merged,1000,count\r
            2024-03-01T00:00:00Z,2024-04-01T00:00:00Z,com.a.phone,900,count\r
            2024-03-01T00:00:00Z,2024-04-01T00:00:00Z,com.z.watch,300,count\r

            """)
    }

    @Test func priorityShowSetResetChangesTheMerge() async throws {
        try await fill()
        let shown = try HealthProcess.json(await run(["sources", "priority", "--format", "json"]))
        #expect(shown.map { $0["bundleIdentifier"] as? String } == ["com.z.watch", "com.a.phone"])
        #expect(try await run(["sources", "priority", "set", "com.a.phone"]).status == 0)
        let custom = try HealthProcess.json(await run(["sources", "priority", "show", "--format", "json"]))
        #expect(custom.map { $0["order"] as? String } == ["custom", "default"])
        let merged = try HealthProcess.json(await run(["stats", "stepCount", "--time-zone", "UTC", "--format", "json"]))
        #expect(merged.first?["sum"] as? Double == 600)
        #expect(try await run(["sources", "priority", "reset"]).status == 0)
        let again = try HealthProcess.json(await run(["stats", "stepCount", "--time-zone", "UTC", "--format", "json"]))
        #expect(again.first?["sum"] as? Double == 700)
        #expect(try await run(["sources", "stepCount"]).stdout.contains("com.z.watch"))
    }

    @Test func discreteFiguresAndBadInput() async throws {
        try await fill()
        let wrongOption = try await run(["stats", "stepCount", "--avg"])
        #expect(wrongOption.status == 2)
        #expect(wrongOption.stderr.split(separator: "\n").count == 1)
        #expect(try await run(["stats", "sleepAnalysis"]).status == 2)
        #expect(try await run(["stats", "stepCount", "--time-zone", "Mars/Olympus"]).status == 2)
        #expect(try await run(["stats", "stepCount", "--from", "yesterday"]).status == 2)
        #expect(try await run(["stats", "stepCount", "--unit", "kg"]).status == 2)
        #expect(try await run(["sources", "priority", "set", "a", "a"]).status == 2)
        let empty = try await run(["stats", "heartRate", "--min", "--max", "--format", "json"])
        let emptyRows = try HealthProcess.json(empty)
        #expect(empty.status == 0 && emptyRows.isEmpty)
    }

    @Test func heartRateIsShownInThePreferredUnitUnlessAsked() async throws {
        let owner = try HKHealthStore.owner(databasePath: database)
        let type = HKQuantityType(.heartRate)
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let samples = try [60.0, 90.0].enumerated().map { index, value in
            try HKQuantitySample.checked(type: type, quantity: HKQuantity(unit: perMinute, doubleValue: value),
                                         start: Self.utc("2024-03-01T10:00:00Z").addingTimeInterval(Double(index) * 60),
                                         end: Self.utc("2024-03-01T10:00:00Z").addingTimeInterval(Double(index) * 60))
        }
        try await owner.save(samples)
        let shown = try HealthProcess.json(await run(["stats", "heartRate", "--max", "--time-zone", "UTC", "--format", "json"]))
        #expect(shown.count == 1)
        #expect(shown.first?["unit"] as? String == "count/min")
        #expect((shown.first?["max"] as? NSNumber)?.doubleValue == 90)
        let asked = try HealthProcess.json(await run(["stats", "heartRate", "--max", "--unit", "count/s", "--time-zone", "UTC", "--format", "json"]))
        #expect(asked.first?["unit"] as? String == "count/s")
        #expect((asked.first?["max"] as? NSNumber)?.doubleValue == 1.5)
    }
}
