import Foundation
@testable import HealthServer
import Testing

/// The access log over real HTTP: an app's reads, writes and deletions are counted per type and minute on the
/// person's `/access` page; the person's own access is not an app's, and nobody sees another person's log.
@Suite struct AccessLogTests {
    typealias Flow = AuthorizationFlowTests
    static let steps = "HKQuantityTypeIdentifierStepCount"

    @Test("an app's saves, reads and deletions appear on the person's access log with their types and counts; only the person's")
    func appAccessesAreLogged() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let token = try await Flow.allowedAppToken(harness, cookie: cookie, share: [Self.steps], read: [Self.steps])
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        _ = try await harness.person("bob")
        let bob = try await harness.signIn("bob")

        let empty = try await harness.send("GET", "/access", cookie: cookie)
        #expect(empty.status == 200)
        #expect(empty.text.contains("No app has read or written your health data yet."))

        let sample = SampleAPITests.steps(300, minute: 0)
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([sample])).status == 200)
        for _ in 0..<2 { #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).status == 200) }
        #expect(try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token: token).status == 200)
        // The person's own reads are hers, not an app's.
        #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: owner).status == 200)
        let uuid = try #require(firstUUID(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).json))
        #expect(try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(uuid)", token: token).status == 200)

        let page = try await harness.send("GET", "/access?tz=UTC", cookie: cookie)
        #expect(page.status == 200)
        let lines = page.text.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><td>") }
        let count = { (action: String) in Self.count(action, in: lines) }
        #expect(Set(lines.compactMap { line in ["Wrote", "Read", "Deleted"].first { line.contains("<td>\($0)</td>") } }) == ["Wrote", "Read", "Deleted"],
                "\(page.text)")
        #expect(lines.allSatisfy { $0.contains("Step Counter") && $0.contains("Step Count") }, "\(lines)")
        #expect(count("Wrote") == 1)
        #expect(count("Read") == 4, "two sample reads, statistics and the read before deleting")
        #expect(count("Deleted") == 1)

        let bobs = try await harness.send("GET", "/access", cookie: bob)
        #expect(bobs.text.contains("No app has read or written your health data yet."))
        #expect(!bobs.text.contains("Step Counter"))
    }

    @Test("accesses counted in memory are written at shutdown: a server reopened on the folder lists them")
    func writtenAtShutdown() async throws {
        let harness = try await ServerHarness { $0.accessLogFlushSeconds = 3600 }
        let cookie = try await Flow.prepare(harness)
        let token = try await Flow.allowedAppToken(harness, cookie: cookie, share: [Self.steps], read: [Self.steps])
        let sample = SampleAPITests.steps(300, minute: 0)
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([sample])).status == 200)
        for _ in 0..<2 { #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).status == 200) }
        await harness.shutdown()

        let reopened = try await ServerHarness(folder: harness.folder)
        defer { reopened.stop() }
        let page = try await reopened.send("GET", "/access?tz=UTC", cookie: try await reopened.signIn("alice"))
        let lines = page.text.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><td>") }
        #expect(Self.count("Wrote", in: lines) == 1, "\(page.text)")
        #expect(Self.count("Read", in: lines) == 2)
    }

    @Test("the running server writes its counts every accessLogFlushSeconds, without anyone reading the log")
    func writtenWhileRunning() async throws {
        let harness = try await ServerHarness { $0.accessLogFlushSeconds = 0.2 }
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let token = try await Flow.allowedAppToken(harness, cookie: cookie, share: [Self.steps], read: [Self.steps])
        for _ in 0..<3 { #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).status == 200) }

        // Another connection to server.sqlite (as another process would read it) sees the counts once written.
        let elsewhere = try ServerDirectory(path: harness.folder.appendingPathComponent("server.sqlite").path)
        let alice = try #require(try elsewhere.person(named: "alice")).person
        let written = await StoreCacheTests.wait { ((try? elsewhere.accesses(personID: alice.id)) ?? []).map(\.count).reduce(0, +) == 3 }
        let lines = try elsewhere.accesses(personID: alice.id)
        #expect(written, "\(lines)")
        #expect(lines.allSatisfy { $0.clientID == "com.example.steps" && $0.action == .read })
    }

    /// The count of `action` over the log's rows: rows are per minute, so accesses that straddle a minute's end split
    /// an action over two rows.
    static func count(_ action: String, in lines: [String]) -> Int {
        lines.filter { $0.contains("<td>\(action)</td>") }.reduce(0) { total, line in
            total + (Int(line.components(separatedBy: "<td>").last?.components(separatedBy: "</td>").first ?? "") ?? 0)
        }
    }

    private func firstUUID(_ json: [String: Any]) -> String? {
        ((json["samples"] as? [[String: Any]])?.first)?["uuid"] as? String
    }
}
