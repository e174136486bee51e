import Foundation
import HealthDatabase
import HealthKitModel
import HealthServer
import OpenHealthKit
import Testing

/// The dashboard keeps people apart, and its one form that changes something (revoking an app's access) is held to
/// the session's CSRF token.
@Suite struct DashboardPrivacyTests {
    typealias F = DashboardFixtures

    /// Step samples of `count` over the week to 26 Nov 2026, saved with `token` over HTTP; heart rate too.
    static func seed(_ harness: ServerHarness, token: String, count: Int, bpm: Int) async throws {
        var samples: [String] = []
        for day in 20...26 {
            samples.append(#"{"type":"stepCount","startDate":"2026-11-\#(day)T09:00:00Z","endDate":"2026-11-\#(day)T09:30:00Z","quantity":{"value":\#(count),"unit":"count"}}"#)
            samples.append(#"{"type":"heartRate","startDate":"2026-11-\#(day)T10:00:00Z","endDate":"2026-11-\#(day)T10:00:00Z","quantity":{"value":\#(bpm),"unit":"count/min"}}"#)
        }
        let reply = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch(samples))
        #expect(reply.status == 200, "\(reply.text)")
    }

    /// Records `app`'s answers in `name`'s store, as the permission sheet does: steps shared and read, heart rate read denied.
    static func grant(_ harness: ServerHarness, _ name: String, app: String) throws {
        let store = try harness.ownerStore(of: name)
        try store.setAuthorization(forApp: app, toShare: [HKQuantityType(.stepCount)], read: [HKQuantityType(.stepCount)], allowed: true)
        try store.setAuthorization(forApp: app, toShare: [], read: [HKQuantityType(.heartRate)], allowed: false)
    }

    /// The read and write decisions in the apps table's row for `type`.
    static func decisions(_ html: String, _ type: String) -> [String] {
        let row = ServerHarness.firstMatch("(<tr><th scope=\"row\">\(type)</th>.*?</tr>)", in: html).first ?? ""
        return ServerHarness.firstMatch(#"<span class="decision">([^<]*)</span>"#, in: row)
    }

    @Test("apps: a recorded decision toggles on and off with the CSRF token; an access never asked for cannot be turned on")
    func toggle() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        try harness.server.registerApp(clientID: "com.example.steps", name: "Step Counter", redirectURIs: ["https://a.example/cb"],
                                       shareUsage: "r", updateUsage: "w")
        try Self.grant(harness, "alice", app: "com.example.steps")
        let cookie = try await harness.signIn("alice")
        let csrf = try #require(ServerHarness.csrf(in: try await harness.send("GET", "/apps", cookie: cookie).text))
        let store = try harness.ownerStore(of: "alice")
        func allowed(_ type: String, _ access: AuthorizationGrant.Access) throws -> Bool? {
            try store.authorizationGrants(forApp: "com.example.steps").first { $0.type == type && $0.access == access }?.allowed
        }
        let heartOn = [("app", "com.example.steps"), ("type", "HKQuantityTypeIdentifierHeartRate"), ("access", "read"), ("allowed", "true")]
        #expect(try await harness.send("POST", "/apps/permission", cookie: cookie, form: heartOn).status == 403)
        #expect(try allowed("HKQuantityTypeIdentifierHeartRate", .read) == false)
        let on = try await harness.send("POST", "/apps/permission", cookie: cookie, form: [("csrf", csrf)] + heartOn)
        #expect(on.status == 303)
        #expect(try allowed("HKQuantityTypeIdentifierHeartRate", .read) == true)
        let page = try await harness.send("GET", try #require(on.header("Location")), cookie: cookie)
        #expect(page.text.contains("Changed what Step Counter may do."))
        #expect(Self.decisions(page.text, "Heart Rate") == ["Allowed", "Not asked"])
        let off = try await harness.send("POST", "/apps/permission", cookie: cookie, form: [
            ("csrf", csrf), ("app", "com.example.steps"), ("type", "stepCount"), ("access", "share"), ("allowed", "false")])
        #expect(off.status == 303)
        #expect(try allowed("HKQuantityTypeIdentifierStepCount", .share) == false)
        #expect(try allowed("HKQuantityTypeIdentifierStepCount", .read) == true, "the other access stays")
        // Writing heart rate was never asked: it cannot be switched on from here, nor can nonsense.
        let unasked = try await harness.send("POST", "/apps/permission", cookie: cookie, form: [
            ("csrf", csrf), ("app", "com.example.steps"), ("type", "heartRate"), ("access", "share"), ("allowed", "true")])
        #expect(unasked.status == 404)
        #expect(try allowed("HKQuantityTypeIdentifierHeartRate", .share) == nil)
        for (name, value) in [("access", "delete"), ("allowed", "maybe"), ("type", "noSuchType")] {
            let form = [("csrf", csrf), ("app", "com.example.steps"), ("type", "heartRate"), ("access", "read"), ("allowed", "true")]
                .map { $0.0 == name ? (name, value) : $0 }
            #expect(try await harness.send("POST", "/apps/permission", cookie: cookie, form: form).status == 400, "\(name)=\(value)")
        }
    }

    @Test("bob's session never shows alice's numbers or apps on any page, and alice's never shows bob's")
    func peopleIsolated() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        try await Self.seed(harness, token: try await harness.person("alice"), count: 4_321, bpm: 63)
        try await Self.seed(harness, token: try await harness.person("bob"), count: 98_765, bpm: 111)
        try harness.server.registerApp(clientID: "com.example.alicesapp", name: "Alice Only App", redirectURIs: ["https://a.example/cb"],
                                       shareUsage: "r", updateUsage: "w")
        try Self.grant(harness, "alice", app: "com.example.alicesapp")
        let people = [("alice", try await harness.signIn("alice"), ["4,321", "data-value=\"4321", "63 bpm", "Alice Only App", "alicesapp"]),
                      ("bob", try await harness.signIn("bob"), ["98,765", "data-value=\"98765", "111 bpm"])]
        var pages = ["/?" + F.query, "/types", "/apps", "/types/heartRate?" + F.query]
        pages += ["day", "week", "month", "sixMonths", "year"].map { "/types/stepCount?range=\($0)&" + F.query }
        pages += ["day", "week", "month"].map { "/heart?range=\($0)&" + F.query } + ["/workouts?" + F.query, "/sleep?" + F.query]
        for (name, cookie, own) in people {
            let others = people.filter { $0.0 != name }.flatMap(\.2)
            var seenOwn = Set<String>()
            for path in pages {
                let page = try await harness.send("GET", path, cookie: cookie)
                #expect(page.status == 200, "\(name) \(path)")
                for text in others { #expect(!page.text.contains(text), "\(name)'s \(path) shows \(text)") }
                seenOwn.formUnion(own.filter(page.text.contains))
            }
            #expect(seenOwn.contains(own[0]), "\(name)'s pages show their own steps")
        }
        // Bob cannot revoke alice's app: his store has no decision of it, and alice's stay.
        let bob = people[1].1
        let bobsApps = try await harness.send("GET", "/apps", cookie: bob)
        let refused = try await harness.send("POST", "/apps/revoke", cookie: bob, form: [
            ("csrf", try #require(ServerHarness.csrf(in: bobsApps.text))), ("app", "com.example.alicesapp")])
        #expect(refused.status == 404)
        #expect(try harness.ownerStore(of: "alice").authorizationGrants(forApp: "com.example.alicesapp").count == 3)
    }

    @Test("apps: each app's decisions listed; revoking needs the session's CSRF token, then forgets one type or all")
    func revoke() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("mallory")
        try harness.server.registerApp(clientID: "com.example.steps", name: "Step Counter", redirectURIs: ["https://a.example/cb"],
                                       shareUsage: "r", updateUsage: "w")
        try Self.grant(harness, "alice", app: "com.example.steps")
        let cookie = try await harness.signIn("alice")
        let page = try await harness.send("GET", "/apps", cookie: cookie)
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("<h2 id=\"app-0\">Step Counter</h2>"))
        #expect(Self.decisions(html, "Step Count") == ["Allowed", "Allowed"])
        #expect(Self.decisions(html, "Heart Rate") == ["Not allowed", "Not asked"])
        #expect(html.contains("aria-label=\"Turn on reading Heart Rate for Step Counter\""))
        #expect(html.contains("aria-label=\"Revoke all access for Step Counter\""))
        let csrf = try #require(ServerHarness.csrf(in: html))
        let store = try harness.ownerStore(of: "alice")

        // Without the token, with a wrong one, or with another person's: refused, nothing forgotten.
        let mallory = try await harness.signIn("mallory")
        let mallorysToken = try #require(ServerHarness.csrf(in: try await harness.send("GET", "/apps", cookie: mallory).text))
        for form in [[("app", "com.example.steps")], [("csrf", "0000"), ("app", "com.example.steps")],
                     [("csrf", mallorysToken), ("app", "com.example.steps")]] {
            let forged = try await harness.send("POST", "/apps/revoke", cookie: cookie, form: form)
            #expect(forged.status == 403)
            #expect(forged.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(forged.text.contains("CSRF"))
        }
        #expect(try store.authorizationGrants(forApp: "com.example.steps").count == 3)

        // One type, then everything.
        let one = try await harness.send("POST", "/apps/revoke", cookie: cookie,
                                         form: [("csrf", csrf), ("app", "com.example.steps"), ("type", "HKQuantityTypeIdentifierHeartRate")])
        #expect(one.status == 303)
        #expect(try store.authorizationGrants(forApp: "com.example.steps").map(\.type).allSatisfy { $0 == "HKQuantityTypeIdentifierStepCount" })
        let after = try await harness.send("GET", try #require(one.header("Location")), cookie: cookie)
        #expect(after.text.contains("Revoked access for Step Counter."))
        #expect(!after.text.contains("Heart Rate"))
        let bad = try await harness.send("POST", "/apps/revoke", cookie: cookie, form: [("csrf", csrf), ("app", "com.example.steps"), ("type", "nonsense")])
        #expect(bad.status == 400)
        let all = try await harness.send("POST", "/apps/revoke", cookie: cookie, form: [("csrf", csrf), ("app", "com.example.steps")])
        #expect(all.status == 303)
        #expect(try store.authorizationGrants(forApp: "com.example.steps").isEmpty)
        #expect(try await harness.send("GET", "/apps", cookie: cookie).text.contains("No app has asked for access to your health data."))
    }
}
