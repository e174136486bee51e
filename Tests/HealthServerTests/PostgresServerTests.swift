import Foundation
import HealthServer
import Testing
import TestSupport

/// `health serve --postgres`: the same API over the PostgreSQL engine, every person an owner in one database.
@Suite(.enabled(if: TestPostgres.url != nil, "needs OPENHEALTHKIT_TEST_POSTGRES (.ci/postgres start)"))
struct PostgresServerTests {
    @Test("saves, retries, queries, statistics and anchored deletions work on PostgreSQL, and two people stay apart")
    func apiOnPostgres() async throws {
        let harness = try await ServerHarness { $0.postgres = TestPostgres.url }
        defer { harness.stop() }
        let alice = try await harness.person("alice"), bob = try await harness.person("bob")
        let kept = UUID(), gone = UUID()
        let body = SampleAPITests.batch([SampleAPITests.steps(120, minute: 0, uuid: kept), SampleAPITests.steps(80, minute: 30, uuid: gone)])
        #expect(try await harness.send("POST", "/v1/samples", token: alice, json: body).status == 200)
        let retry = try await harness.send("POST", "/v1/samples", token: alice, json: body)
        #expect((retry.json["alreadyStored"] as? [String])?.count == 2)
        let read = try await harness.send("GET", "/v1/samples?type=stepCount", token: alice)
        #expect((read.json["samples"] as? [[String: Any]])?.count == 2)
        let total = try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token: alice)
        #expect(((total.json["statistics"] as? [[String: Any]])?.first?["sum"] as? Double) == 200, "\(total.text)")
        let first = try await harness.send("GET", "/v1/changes?type=stepCount", token: alice)
        let anchor = try #require(first.json["anchor"] as? String)
        #expect(try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(gone)", token: alice).json["deleted"] as? Int == 1)
        let next = try await harness.send("GET", "/v1/changes?type=stepCount&anchor=\(anchor)", token: alice)
        #expect(((next.json["deletedObjects"] as? [[String: Any]])?.first?["uuid"] as? String) == gone.uuidString)
        let theirs = try await harness.send("GET", "/v1/samples?type=stepCount", token: bob)
        #expect((theirs.json["samples"] as? [Any])?.isEmpty == true)
        #expect(!FileManager.default.fileExists(atPath: harness.folder.appendingPathComponent("people").path), "no SQLite store was made")
    }
}
