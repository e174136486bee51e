import Foundation
import TestSupport
import OpenHealthKit
import Testing
import OpenHealthKitSQLite

/// Issue 17 items 3 (delete, cards) and 6 (streamed, paged query) through the real `health` binary.
@Suite("health delete, cards list/show, query paging and NDJSON")
struct DeleteAndPagingCommandTests {
    let directory: URL
    let database: String
    let start = Date(timeIntervalSince1970: 1_709_280_000)  // 2024-03-01T08:00:00Z

    init() throws {
        (directory, database) = try HealthProcess.newStore("delete-paging")
    }

    func run(_ arguments: [String]) async throws -> HealthProcess.Result {
        try await HealthProcess.run(arguments + ["--database", database])
    }

    /// `count` step samples from two apps; every group of seven shares one start date, so pages end inside ties.
    func fill(_ count: Int) async throws {
        let owner = try HKHealthStore.owner(databasePath: database)
        for app in ["com.example.a", "com.example.b"] {
            try owner.setAuthorization(forApp: app, toShare: [HKQuantityType(.stepCount)], read: [], allowed: true)
        }
        let samples = try (0..<count).map { index in
            let at = start.addingTimeInterval(Double(index / 7) * 60)
            return try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: Double(index)),
                                                start: at, end: at.addingTimeInterval(30))
        }
        let half = samples.count / 2
        try await HKHealthStore(databasePath: database, app: HKSource(name: "A", bundleIdentifier: "com.example.a")).save(Array(samples[..<half]))
        try await HKHealthStore(databasePath: database, app: HKSource(name: "B", bundleIdentifier: "com.example.b")).save(Array(samples[half...]))
    }

    @Test("query reads page after page: every row once, in order, across ties; --limit/--offset page; ndjson one object a line")
    func pagingAcrossTies() async throws {
        try await fill(4_500)
        let all = try await run(["query", "stepCount", "--format", "ndjson"])
        #expect(all.status == 0)
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 4_500)
        let rows = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let uuids = rows.compactMap { $0["uuid"] as? String }
        #expect(Set(uuids).count == 4_500)
        let starts = rows.compactMap { $0["start"] as? String }
        #expect(starts == starts.sorted(by: >))
        let page = try HealthProcess.json(await run(["query", "stepCount", "--limit", "100", "--offset", "2000", "--format", "json"]))
        #expect(page.compactMap { $0["uuid"] as? String } == Array(uuids[2000..<2100]))
        let ascending = try await run(["query", "stepCount", "--ascending", "--format", "csv"]).stdout.split(separator: "\r\n")
        #expect(ascending.count == 4_501)
    }

    @Test("delete asks on a terminal, refuses without --yes in a script, deletes only the selection with --yes")
    func deleteWithFilters() async throws {
        try await fill(70)
        let refused = try await run(["delete", "stepCount", "--source", "com.example.a"])
        #expect(refused.status == 2 && refused.stderr.contains("--yes"))
        #expect(try HealthProcess.json(await run(["query", "stepCount", "--format", "json"])).count == 70)
        let window = ["--from", "2024-03-01T08:00:00Z", "--to", "2024-03-01T08:02:00Z"]
        let deleted = try await run(["delete", "stepCount", "--source", "A", "--yes"] + window)
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted 14 stepCount objects"), "\(deleted.stdout) \(deleted.stderr)")
        let left = try HealthProcess.json(await run(["query", "stepCount", "--format", "json"]))
        #expect(left.count == 56 && !left.contains { ($0["value"] as? NSNumber)?.intValue ?? 99 < 14 })
        let changes = try await run(["changes", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(changes.stdout.utf8)) as? [String: Any])
        #expect((object["changes"] as? [[String: Any]])?.filter { $0["change"] as? String == "deleted" }.count == 14)
        let none = try await run(["delete", "bodyMass", "--yes"])
        #expect(none.status == 0 && none.stdout.contains("nothing deleted"))
    }

    @Test("an imported SMART Health Card is listed, shown and comes through the change feed",
          .enabled(if: RecordsCommandTests.corpus("spec-examples/issuer") != nil, "../shared/testdata/smart-health-cards is absent"))
    func cardsAreVisible() async throws {
        let issuer = try #require(RecordsCommandTests.corpus("spec-examples/issuer"))
        let card = try #require(RecordsCommandTests.corpus("spec-examples/example-00-e-file.smart-health-card"))
        #expect(try await run(["cards", "import", card, "--keys", issuer]).status == 0)
        let cards = try HealthProcess.json(await run(["cards", "list", "--format", "json"]))
        #expect(cards.count == 1 && cards.first?["subject"] as? String == "John B. Anyperson")
        let uuid = try #require(cards.first?["uuid"] as? String)
        let shown = try await run(["cards", "show", String(uuid.prefix(8))])
        #expect(shown.status == 0 && shown.stdout.contains("issuer: https://spec.smarthealth.cards/examples/issuer"))
        let changes = try await run(["changes", "--format", "json"])
        #expect(changes.status == 0 && changes.stdout.contains(uuid))
        let summary = try HealthProcess.json(await run(["summary", "--format", "json"]))
        #expect(summary.contains { $0["identifier"] as? String == "HKVerifiableClinicalRecordTypeIdentifier" })
    }
}
