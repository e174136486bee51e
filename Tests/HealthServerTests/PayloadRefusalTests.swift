import Foundation
import HealthServer
import Testing
import TestSupport

/// Bad ECG, route, heartbeat and document payloads over real HTTP: each a 400 naming the sample and the field, nothing
/// of its batch stored; HealthKit's rules for who may save what; and the series reads isolated between people.
@Suite struct PayloadRefusalTests {
    typealias Payload = PayloadAPITests
    typealias Flow = AuthorizationFlowTests

    @Test("wrong counts, out-of-range values, huge arrays and broken documents are refused with 400 naming the field; the batch's other samples are not stored")
    func badPayloads() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let workout = UUID()
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([Payload.workout(workout)])).status == 200)
        let far = #"{"latitude":91,"longitude":2.35,"timestamp":"\#(Payload.date(60))"}"#
        let late = #"{"latitude":48.9,"longitude":2.35,"timestamp":"\#(Payload.date(4000))"}"#
        let hugeBeats = (0...100_000).map { "{\"timeSinceSeriesStart\":\(Double($0) / 1000),\"precededByGap\":false}" }
        let cases: [(String, String)] = [
            (Payload.route(UUID(), workout: workout, location: { $0 == 3 ? far : nil }), "samples[1].route.locations[3].latitude"),
            (Payload.route(UUID(), workout: workout, location: { $0 == 5 ? late : nil }), "samples[1].route.locations[5].timestamp"),
            (Payload.route(UUID(), workout: workout, extra: #""count":41,"#), "samples[1].route.count"),
            (Payload.route(UUID(), workout: UUID()), "samples[1].route.workout"),
            (Payload.route(UUID(), workout: workout, points: 0), "samples[1].route.locations"),
            (Payload.heartbeats(UUID(), beats: [#"{"timeSinceSeriesStart":1,"precededByGap":false}"#, #"{"timeSinceSeriesStart":2,"precededByGap":false}"#,
                                                #"{"timeSinceSeriesStart":1.5,"precededByGap":false}"#]), "samples[1].heartbeatSeries.heartbeats[2].timeSinceSeriesStart"),
            (Payload.heartbeats(UUID(), beats: [#"{"timeSinceSeriesStart":-0.5,"precededByGap":false}"#]), "samples[1].heartbeatSeries.heartbeats[0].timeSinceSeriesStart"),
            (Payload.heartbeats(UUID(), extra: #""count":7,"#), "samples[1].heartbeatSeries.count"),
            (Payload.heartbeats(UUID(), beats: hugeBeats), "samples[1].heartbeatSeries.heartbeats has 100001 entries"),
            (Payload.ecg(UUID(), classification: 7), "samples[1].electrocardiogram.classification"),
            (Payload.ecg(UUID(), measurements: [#"{"timeSinceSampleStart":0,"appleWatchSimilarToLeadI":5}"#]), "samples[1].electrocardiogram.voltageMeasurements[0].appleWatchSimilarToLeadI"),
            (Payload.ecg(UUID(), measurements: [#"{"timeSinceSampleStart":31,"appleWatchSimilarToLeadI":0.0001}"#]), "samples[1].electrocardiogram.voltageMeasurements[0].timeSinceSampleStart"),
            (Payload.ecg(UUID(), extra: #""numberOfVoltageMeasurements":15360,"#), "samples[1].electrocardiogram.numberOfVoltageMeasurements"),
            (Payload.ecg(UUID(), measurements: (0..<20_000).map { "{\"timeSinceSampleStart\":\(Double($0) / 1000)}" }), "samples[1].electrocardiogram.voltageMeasurements has 20000 measurements"),
            (Payload.document(UUID(), data: Data("not xml at all".utf8)), "samples[1].document.documentData"),
            (#"{"type":"CDA","startDate":"\#(Payload.date(0))","endDate":"\#(Payload.date(0))","document":{"documentData":"%%%"}}"#, "samples[1].document.documentData"),
            (#"{"type":"CDA","startDate":"\#(Payload.date(0))","endDate":"\#(Payload.date(0))"}"#, "samples[1].document.documentData is required"),
            // A payload on a sample of another kind would be dropped: refused instead.
            (SampleAPITests.steps(5, minute: 3, extra: #","route":{"count":1}"#), "samples[1].route belongs to HKWorkoutRouteTypeIdentifier samples"),
        ]
        for (bad, field) in cases {
            let steps = UUID()
            let reply = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([SampleAPITests.steps(100, minute: 0, uuid: steps), bad]))
            #expect(reply.status == 400, "\(field): \(reply.status) \(reply.text.prefix(300))")
            let message = (reply.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(field), "\(field) not in \(message)")
            let read = try await harness.send("GET", "/v1/samples?type=stepCount&uuid=\(steps)", token: token)
            #expect((read.json["samples"] as? [[String: Any]])?.isEmpty == true, "\(field): the batch's steps were stored")
        }
        // A real XML file that is not a CDA document (a FHIR resource from the public examples).
        if let fhir = TestData.directory("fhir-r4") {
            let xml = try Data(contentsOf: fhir.appendingPathComponent("us-core-3.1.1-examples/allergyintolerance-example.xml"))
            let reply = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([Payload.document(UUID(), data: xml)]))
            #expect(reply.status == 400 && reply.text.contains("samples[0].document.documentData"), "\(reply.text)")
        }
    }

    @Test("an app saves a route to its own workout and a heartbeat series; an ECG, and a route on another source's workout, are refused with 403")
    func appRules() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await Flow.prepare(harness)
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKDataTypeIdentifierHeartbeatSeries"]
        let app = try await Flow.allowedAppToken(harness, cookie: cookie, share: types, read: types)
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        let mine = UUID(), hers = UUID(), route = UUID()
        #expect(try await harness.send("POST", "/v1/samples", token: app, json: SampleAPITests.batch([Payload.workout(mine)])).status == 200)
        // The route in a later request than its workout, as HKWorkoutRouteBuilder finishes one after the workout is saved.
        let saved = try await harness.send("POST", "/v1/samples", token: app, json: SampleAPITests.batch([Payload.route(route, workout: mine),
                                                                                                          Payload.heartbeats(UUID())]))
        #expect(saved.status == 200, "\(saved.text)")
        let attached = try await harness.send("GET", "/v1/samples?type=workoutRoute&workout=\(mine)", token: app)
        #expect((attached.json["samples"] as? [[String: Any]])?.map { $0["uuid"] as? String } == [route.uuidString], "\(attached.text)")
        #expect((try await harness.send("GET", "/v1/routes/locations?uuid=\(route)", token: app).json["locations"] as? [Any])?.count == 40)

        let ecg = try await harness.send("POST", "/v1/samples", token: app, json: SampleAPITests.batch([Payload.ecg(UUID())]))
        #expect(ecg.status == 403 && ecg.text.contains("samples[0].type: apps cannot save electrocardiograms"), "\(ecg.text)")
        #expect(try await harness.send("POST", "/v1/samples", token: owner, json: SampleAPITests.batch([Payload.workout(hers)])).status == 200)
        let foreign = try await harness.send("POST", "/v1/samples", token: app, json: SampleAPITests.batch([Payload.route(UUID(), workout: hers)]))
        #expect(foreign.status == 403 && foreign.text.contains("samples[0].route.workout"), "\(foreign.text)")
    }

    @Test("series reads are the caller's: another person's route, beats, ECG or document is a 404, and a missing or bad uuid a 400")
    func isolation() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice"), bob = try await harness.person("bob")
        let workout = UUID(), route = UUID(), series = UUID(), ecg = UUID(), document = UUID()
        let saved = try await harness.send("POST", "/v1/samples", token: alice, json: SampleAPITests.batch([
            Payload.workout(workout), Payload.route(route, workout: workout), Payload.heartbeats(series), Payload.ecg(ecg), Payload.document(document)]))
        #expect(saved.status == 200, "\(saved.text)")
        for path in ["/v1/routes/locations?uuid=\(route)", "/v1/heartbeats?uuid=\(series)", "/v1/electrocardiograms/voltages?uuid=\(ecg)"] {
            #expect(try await harness.send("GET", path, token: alice).status == 200, "\(path)")
            #expect(try await harness.send("GET", path, token: bob).status == 404, "\(path)")
        }
        #expect((try await harness.send("GET", "/v1/documents?uuid=\(document)", token: bob).json["samples"] as? [Any])?.isEmpty == true)
        #expect((try await harness.send("GET", "/v1/samples?type=workoutRoute&workout=\(workout)", token: bob).json["samples"] as? [Any])?.isEmpty == true)
        // A route is not a heartbeat series; bob's own save may not hang a route on alice's workout.
        #expect(try await harness.send("GET", "/v1/heartbeats?uuid=\(route)", token: alice).status == 404)
        let hang = try await harness.send("POST", "/v1/samples", token: bob, json: SampleAPITests.batch([Payload.route(UUID(), workout: workout)]))
        #expect(hang.status == 400 && hang.text.contains("samples[0].route.workout"), "\(hang.text)")
        #expect(try await harness.send("GET", "/v1/heartbeats", token: alice).status == 400)
        #expect(try await harness.send("GET", "/v1/heartbeats?uuid=nope", token: alice).status == 400)
        #expect(try await harness.send("GET", "/v1/documents?type=stepCount", token: alice).status == 400)
    }
}
