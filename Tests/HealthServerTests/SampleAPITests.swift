import Foundation
import HealthServer
import Testing

/// The JSON API over real HTTP on loopback: saving, reading, idempotency, errors, isolation between people.
@Suite struct SampleAPITests {
    /// A step-count sample as JSON: `value` steps over five minutes starting `minute` minutes after 2026-11-26 08:00 UTC.
    static func steps(_ value: Double, minute: Int, uuid: UUID = UUID(), extra: String = "") -> String {
        let start = Date(timeIntervalSince1970: 1_764_144_000 + Double(minute) * 60)
        let format = Date.ISO8601FormatStyle()
        return """
            {"uuid":"\(uuid)","type":"stepCount","startDate":"\(format.format(start))","endDate":"\(format.format(start.addingTimeInterval(300)))",\
            "quantity":{"value":\(value),"unit":"count"}\(extra)}
            """
    }

    static func batch(_ samples: [String]) -> String { "{\"samples\":[" + samples.joined(separator: ",") + "]}" }

    @Test("health check answers without credentials; the API refuses a request without a token with 401 and a JSON reason")
    func healthAndUnauthorized() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        #expect(try await harness.send("GET", "/healthz").status == 200)
        let refused = try await harness.send("GET", "/v1/samples?type=stepCount")
        #expect(refused.status == 401)
        #expect((refused.json["error"] as? [String: Any])?["message"] as? String != nil)
        #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: "ohk_p_not-a-token").status == 401)
    }

    @Test("a batch is saved, read back with its metadata and device, and saving it again changes nothing")
    func saveReadAndRetry() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let first = UUID(), second = UUID()
        let extra = #","metadata":{"HKWasUserEntered":true,"note":"walk","HKMetadataKeySyncIdentifier":"s1","HKMetadataKeySyncVersion":2},"device":{"name":"Watch","model":"Watch7,1"}"#
        let body = Self.batch([Self.steps(120, minute: 0, uuid: first, extra: extra), Self.steps(80, minute: 10, uuid: second)])
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(saved.status == 200, "\(saved.text)")
        #expect((saved.json["saved"] as? [String])?.count == 2)
        let again = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(again.status == 200)
        #expect((again.json["saved"] as? [String]) == [])
        #expect(Set(again.json["alreadyStored"] as? [String] ?? []) == [first.uuidString, second.uuidString])
        let read = try await harness.send("GET", "/v1/samples?type=HKQuantityTypeIdentifierStepCount&sort=-startDate", token: token)
        let samples = read.json["samples"] as? [[String: Any]] ?? []
        #expect(samples.count == 2)
        #expect(samples.first?["uuid"] as? String == second.uuidString)
        let walk = samples.first { $0["uuid"] as? String == first.uuidString }
        let metadata = walk?["metadata"] as? [String: Any]
        #expect(metadata?["HKWasUserEntered"] as? Bool == true)
        #expect(metadata?["note"] as? String == "walk")
        #expect((walk?["device"] as? [String: Any])?["model"] as? String == "Watch7,1")
        #expect((walk?["quantity"] as? [String: Any])?["value"] as? Double == 120)
    }

    @Test("a bad sample is refused with 400 naming it and the field, and nothing of its batch is stored")
    func badSampleRefusesTheBatch() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let cases: [(String, String)] = [
            (Self.batch([Self.steps(1, minute: 0), #"{"type":"stepCount","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T09:00:00Z","quantity":{"value":1,"unit":"count"}}"#]), "samples[1]"),
            (Self.batch([Self.steps(1, minute: 0), #"{"type":"stepCount","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T10:01:00Z","quantity":{"value":1,"unit":"kg"}}"#]), "samples[1].quantity"),
            (Self.batch([Self.steps(1, minute: 0), #"{"type":"noSuchType","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T10:01:00Z"}"#]), "samples[1].type"),
            (Self.batch([Self.steps(1, minute: 0), #"{"type":"stepCount","startDate":"yesterday","endDate":"2026-11-26T10:01:00Z"}"#]), "samples[1].startDate"),
            (Self.batch([Self.steps(1, minute: 0), #"{"type":"stepCount","startDate":"2026-11-26T10:00:00Z","endDate":"2026-11-26T10:01:00Z"}"#]), "samples[1].quantity"),
        ]
        for (body, place) in cases {
            let reply = try await harness.send("POST", "/v1/samples", token: token, json: body)
            #expect(reply.status == 400, "\(place): \(reply.text)")
            let error = reply.json["error"] as? [String: Any]
            #expect((error?["message"] as? String)?.contains(place) == true, "\(reply.text)")
            #expect(error?["code"] as? Int == 3)
        }
        let read = try await harness.send("GET", "/v1/samples?type=stepCount", token: token)
        #expect((read.json["samples"] as? [Any])?.isEmpty == true)
        for (body, type) in [("{", "application/json"), ("", "application/json"), (Self.batch([Self.steps(1, minute: 0)]), "text/plain")] {
            let reply = try await harness.send("POST", "/v1/samples", token: token, headers: ["Content-Type": type], body: Data(body.utf8))
            #expect(reply.status == 400, "\(body) as \(type): \(reply.text)")
        }
    }

    @Test("a body over the limit is refused with 413, and a batch over the sample limit with 400")
    func limits() async throws {
        let harness = try await ServerHarness { configuration in
            configuration.maxBodyBytes = 4_096
            configuration.maxBatchSamples = 3
        }
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let big = Self.batch((0..<40).map { Self.steps(1, minute: $0) })
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: big).status == 413)
        let many = Self.batch((0..<4).map { Self.steps(1, minute: $0) })
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: many).status == 400)
    }

    @Test("people are isolated: one person's token never reads, changes or deletes another's data")
    func isolation() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice"), bob = try await harness.person("bob")
        let uuid = UUID()
        #expect(try await harness.send("POST", "/v1/samples", token: alice, json: Self.batch([Self.steps(500, minute: 0, uuid: uuid)])).status == 200)
        let paths = ["/v1/samples?type=stepCount", "/v1/changes?type=stepCount",
                     "/v1/statistics?type=stepCount&options=cumulativeSum", "/v1/sources?type=stepCount"]
        for path in paths {
            let mine = try await harness.send("GET", path, token: alice)
            let theirs = try await harness.send("GET", path, token: bob)
            #expect(mine.text.contains("500") || mine.text.contains("org.openhealthkit") || mine.text.contains(uuid.uuidString), "\(path): \(mine.text)")
            #expect(!theirs.text.contains(uuid.uuidString) && !theirs.text.contains("\"sum\":500"), "\(path): \(theirs.text)")
        }
        let deleted = try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(uuid)", token: bob)
        #expect(deleted.json["deleted"] as? Int == 0)
        // Bob saving Alice's UUID stores Bob's own sample in Bob's store: stores share nothing.
        #expect(try await harness.send("POST", "/v1/samples", token: bob, json: Self.batch([Self.steps(7, minute: 0, uuid: uuid)])).status == 200)
        let still = try await harness.send("GET", "/v1/samples?type=stepCount", token: alice)
        #expect(((still.json["samples"] as? [[String: Any]])?.first?["quantity"] as? [String: Any])?["value"] as? Double == 500)
    }

    @Test("anchored changes report saves and deletions after the anchor, and the anchor moves on")
    func anchoredChanges() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let kept = UUID(), gone = UUID()
        _ = try await harness.send("POST", "/v1/samples", token: token, json: Self.batch([Self.steps(1, minute: 0, uuid: kept), Self.steps(2, minute: 5, uuid: gone)]))
        let first = try await harness.send("GET", "/v1/changes?type=stepCount", token: token)
        #expect((first.json["samples"] as? [Any])?.count == 2)
        let anchor = try #require(first.json["anchor"] as? String)
        let deleted = try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(gone)", token: token)
        #expect(deleted.json["deleted"] as? Int == 1)
        let next = try await harness.send("GET", "/v1/changes?type=stepCount&anchor=\(anchor)", token: token)
        #expect((next.json["samples"] as? [Any])?.isEmpty == true)
        #expect(((next.json["deletedObjects"] as? [[String: Any]])?.first?["uuid"] as? String) == gone.uuidString)
        #expect(next.json["anchor"] as? String != anchor)
        #expect(try await harness.send("GET", "/v1/changes?type=stepCount&anchor=-4", token: token).status == 400)
        // HKStatisticsQuery with nothing to count: HealthKit's errorNoData (11), as a 404.
        let none = try await harness.send("GET", "/v1/statistics?type=heartRate&options=discreteAverage", token: token)
        #expect(none.status == 404 && (none.json["error"] as? [String: Any])?["code"] as? Int == 11, "\(none.text)")
        #expect(try await harness.send("DELETE", "/v1/samples?type=stepCount", token: token).status == 400)
    }
}

/// Requests per credential are limited.
@Suite struct RateLimitTests {
    @Test("a credential past its burst gets 429 with a reason, while another person's credential still works")
    func burstThenRefused() async throws {
        let harness = try await ServerHarness { configuration in
            configuration.requestsPerSecond = 0.01
            configuration.requestBurst = 3
        }
        defer { harness.stop() }
        let alice = try await harness.person("alice"), bob = try await harness.person("bob")
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try await harness.send("GET", "/v1/me", token: alice).status) }
        #expect(statuses == [200, 200, 200, 429, 429])
        #expect(try await harness.send("GET", "/v1/me", token: bob).status == 200)
    }
}
