import Foundation
import HealthKitModel
@testable import HealthServer
import OpenHealthKit
import Testing

/// The source priority editor on a type's page: moving a source changes the store's order, and with it how
/// overlapping samples merge; the form needs the session's CSRF token and returns only to this server.
@Suite struct DashboardSourcePriorityTests {
    typealias F = DashboardFixtures

    @Test("moving the phone above the watch reorders the list and re-merges the totals as HealthKit's query does; reset restores the default")
    func moveAndReset() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await DashboardPageTests.seedAlice(harness)
        let store = try harness.ownerStore(of: "alice")
        let path = "/types/stepCount?range=week&" + F.query
        let before = try await harness.send("GET", path, cookie: cookie)
        #expect(before.text.contains("aria-label=\"Move up Alice&#39;s Phone\""))
        #expect(before.text.contains("aria-label=\"Move down Alice&#39;s Watch\""))
        let thursdayBefore = try #require(F.rows(before.text).last?.cells["value"])
        let csrf = try #require(ServerHarness.csrf(in: before.text))
        let move = [("action", "move"), ("source", "com.example.phone"), ("above", "com.example.watch"), ("back", "/types/stepCount?range=week&" + F.query)]

        let forged = try await harness.send("POST", "/sources/priority", cookie: cookie, form: move)
        #expect(forged.status == 403)
        #expect(try store.customSourcePriority() == ["com.example.watch", "com.example.phone"])

        let moved = try await harness.send("POST", "/sources/priority", cookie: cookie, form: [("csrf", csrf)] + move)
        #expect(moved.status == 303)
        #expect(moved.header("Location") == "/types/stepCount?range=week&" + F.query)
        #expect(try store.sourcePriority().prefix(2).map(\.bundleIdentifier) == ["com.example.phone", "com.example.watch"])
        let after = try await harness.send("GET", path, cookie: cookie)
        let sources = ServerHarness.firstMatch(#"<ol class="sources">(.*?)</ol>"#, in: after.text).first ?? ""
        let phoneAt = try #require(sources.range(of: "Alice&#39;s Phone")), watchAt = try #require(sources.range(of: "Alice&#39;s Watch"))
        #expect(phoneAt.lowerBound < watchAt.lowerBound)
        let expected = try await F.collection(store, HKQuantityType(.stepCount), options: .cumulativeSum, start: F.date("2026-11-26T00:00:00"),
                                              end: F.date("2026-11-27T00:00:00"), interval: DateComponents(day: 1))
        let thursdayAfter = try #require(F.rows(after.text).last?.cells["value"])
        #expect(thursdayAfter == expected.first?.1.sumQuantity()?.doubleValue(for: .count()))
        #expect(thursdayAfter != thursdayBefore, "the overlap now counts the phone's samples")

        let reset = try await harness.send("POST", "/sources/priority", cookie: cookie, form: [("csrf", csrf), ("action", "reset"), ("back", "//evil.example/")])
        #expect(reset.status == 303)
        #expect(reset.header("Location") == "/", "never back to another site")
        #expect(try store.customSourcePriority() == nil)

        let unknown = try await harness.send("POST", "/sources/priority", cookie: cookie,
                                             form: [("csrf", csrf), ("action", "move"), ("source", "com.example.nobody"), ("above", "com.example.watch")])
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("source: name a source of your data"))
    }
}
