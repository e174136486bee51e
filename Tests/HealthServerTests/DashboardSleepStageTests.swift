import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// The sleep page's stages rendered for real: each night's stages are the highest-priority source's, equal to what the
/// store holds for it; the last staged night drawn as a timeline; another person's page has none of them.
@Suite struct DashboardSleepStageTests {
    typealias F = DashboardFixtures

    @Test("the night's stages from the watch (first in priority), not the phone's in-bed time; a timeline of the night; bob sees none")
    func stages() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await DashboardPageTests.seedAlice(harness)
        let watch = try harness.ownerStore(of: "alice", app: HKSource(name: "Alice's Watch", bundleIdentifier: "com.example.watch"))
        let phone = try harness.ownerStore(of: "alice", app: HKSource(name: "Alice's Phone", bundleIdentifier: "com.example.phone"))
        let night: [(HKCategoryValueSleepAnalysis, String, String)] = [
            (.asleepCore, "2026-11-23T23:00:00", "2026-11-24T01:00:00"), (.asleepDeep, "2026-11-24T01:00:00", "2026-11-24T02:00:00"),
            (.asleepREM, "2026-11-24T02:00:00", "2026-11-24T03:00:00"), (.awake, "2026-11-24T03:00:00", "2026-11-24T03:15:00"),
            (.asleepCore, "2026-11-24T03:15:00", "2026-11-24T06:00:00")]
        try await watch.save(night.map { F.sleep($0.0, from: F.date($0.1), to: F.date($0.2)) })
        try await phone.save([F.sleep(.inBed, from: F.date("2026-11-23T22:30:00"), to: F.date("2026-11-24T06:30:00"))])

        let page = try await harness.send("GET", "/sleep?range=week&date=2026-11-24&tz=UTC", cookie: cookie)
        #expect(page.status == 200)
        #expect(page.text.contains("<h2>Stages</h2>"))
        #expect(page.text.contains("<div role=\"region\" aria-label=\"Sleep stages by night\" tabindex=\"0\" style=\"overflow-x: auto\">\n<table class=\"stages\">"))
        let row = try #require(ServerHarness.firstMatch(#"(<tr><th scope="row">Tue 24 Nov 2026</th>.*?</tr>)"#, in: page.text).first)
        #expect(row.contains("<td>Alice&#39;s Watch</td>"))
        // Each stage's time is what the store holds from the watch for the night.
        let stored = try await QueryRunnerForTests.samples(watch, HKCategoryType(.sleepAnalysis),
                                                           HKQuery.predicateForSamples(withStart: F.date("2026-11-23T12:00:00"), end: F.date("2026-11-24T12:00:00")))
            .compactMap { $0 as? HKCategorySample }.filter { $0.sourceRevision.source.bundleIdentifier == "com.example.watch" }
        for (value, name) in [(HKCategoryValueSleepAnalysis.asleepCore, "core"), (.asleepDeep, "deep"), (.asleepREM, "rem"), (.awake, "awake")] {
            let seconds = stored.filter { $0.value == value.rawValue }.reduce(0.0) { $0 + $1.endDate.timeIntervalSince($1.startDate) }
            #expect(ServerHarness.firstMatch("data-stage=\"\(name)\" data-seconds=\"([^\"]+)\"", in: row).first.flatMap(Double.init) == seconds, "\(name)")
        }
        #expect(row.contains(">4 h 45 min</td>") && !row.contains("data-stage=\"inBed\""))
        let timeline = try SVGElements(try #require(ServerHarness.firstMatch(#"(<svg [^>]*class="chart timeline".*?</svg>)"#, in: page.text).first))
        #expect(timeline.withClass("stage").count == 5)
        #expect(timeline.root["aria-label"] == "Sleep stages, night to Tue 24 Nov 2026: Awake 15 min, REM 1 h 00 min, Core 4 h 45 min, Deep 1 h 00 min")
        #expect(timeline.withClass("stage").first { $0.attributes["data-stage"] == "deep" }?.title == "Deep, 01:00–02:00")

        _ = try await harness.person("bob")
        let bob = try await harness.signIn("bob")
        let bobs = try await harness.send("GET", "/sleep?range=week&date=2026-11-24&tz=UTC", cookie: bob)
        #expect(bobs.status == 200 && !bobs.text.contains("<h2>Stages</h2>") && !bobs.text.contains("Alice"))
    }
}
