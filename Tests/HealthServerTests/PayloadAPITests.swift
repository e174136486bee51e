import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import TestSupport

/// Electrocardiograms, workout routes, heartbeat series and CDA documents saved over real HTTP with their payloads, and
/// read back through the series queries, compared with what the library itself reads from the same store.
@Suite struct PayloadAPITests {
    static let start = Date(timeIntervalSince1970: 1_795_680_000)   // 2026-11-26 08:00 UTC
    static let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static func date(_ seconds: Double) -> String { format.format(start.addingTimeInterval(seconds)) }

    /// A CDA document, as HealthKit's CDA samples hold them.
    static let cda = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3"><title>Discharge summary</title>
        <recordTarget><patientRole><patient><name><given>Alice</given><family>Smith</family></name></patient></patientRole></recordTarget>
        <author><assignedAuthor><assignedPerson><name><given>Ana</given><family>Jones</family></name></assignedPerson></assignedAuthor></author>
        <custodian><assignedCustodian><representedCustodianOrganization><name>City Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
        </ClinicalDocument>
        """

    static func workout(_ uuid: UUID) -> String {
        """
        {"uuid":"\(uuid)","type":"HKWorkoutTypeIdentifier","startDate":"\(date(0))","endDate":"\(date(1800))",\
        "workout":{"activityType":37,"totalDistance":{"value":5000,"unit":"m"},"events":[{"type":1,"startDate":"\(date(600))","endDate":"\(date(600))"},\
        {"type":2,"startDate":"\(date(660))","endDate":"\(date(660))"}]}}
        """
    }

    /// A route of `points` locations (north-east along a line, the last two given out of order), within the workout;
    /// `location` replaces the location at an index when it gives one.
    static func route(_ uuid: UUID, workout: UUID, points: Int = 40, extra: String = "", location: (Int) -> String? = { _ in nil }) -> String {
        var locations = (0..<points).map { index in
            location(index) ?? """
                {"latitude":\(48.85 + Double(index) * 0.0005),"longitude":\(2.35 + Double(index) * 0.0004),"altitude":\(35 + index % 5),\
                "timestamp":"\(date(Double(index * 30)))","horizontalAccuracy":4.5,"verticalAccuracy":3,"course":45,"speed":2.8}
                """
        }
        if points > 2 { locations.swapAt(points - 1, points - 2) }
        return """
            {"uuid":"\(uuid)","type":"workoutRoute","startDate":"\(date(0))","endDate":"\(date(1800))",\
            "route":{"workout":"\(workout)",\(extra)"locations":[\(locations.joined(separator: ","))]}}
            """
    }

    static func heartbeats(_ uuid: UUID, beats: [String]? = nil, extra: String = "") -> String {
        let list = beats ?? (0..<120).map { "{\"timeSinceSeriesStart\":\(Double($0) * 0.85),\"precededByGap\":\($0 == 40)}" }
        return """
            {"uuid":"\(uuid)","type":"HKDataTypeIdentifierHeartbeatSeries","startDate":"\(date(0))","endDate":"\(date(120))",\
            "heartbeatSeries":{\(extra)"heartbeats":[\(list.joined(separator: ","))]}}
            """
    }

    static func ecg(_ uuid: UUID, classification: Int = 1, measurements: [String]? = nil, extra: String = "") -> String {
        let list = measurements ?? (0..<1024).map { index in
            "{\"timeSinceSampleStart\":\(Double(index) / 512),\"appleWatchSimilarToLeadI\":\(sin(Double(index) / 20) * 0.0008)}"
        }
        return """
            {"uuid":"\(uuid)","type":"electrocardiogram","startDate":"\(date(0))","endDate":"\(date(30))",\
            "electrocardiogram":{"classification":\(classification),"symptomsStatus":1,"averageHeartRate":{"value":64,"unit":"count/min"},\
            "samplingFrequency":{"value":512,"unit":"Hz"},\(extra)"voltageMeasurements":[\(list.joined(separator: ","))]}}
            """
    }

    static func document(_ uuid: UUID, data: Data = Data(cda.utf8)) -> String {
        """
        {"uuid":"\(uuid)","type":"CDA","startDate":"\(date(0))","endDate":"\(date(0))","document":{"documentData":"\(data.base64EncodedString())"}}
        """
    }

    struct Locations: Decodable { var locations: [WireLocation] }
    struct Beats: Decodable { var heartbeats: [WireHeartbeat] }
    struct Voltages: Decodable { var voltageMeasurements: [WireVoltageMeasurement] }

    /// A reply's body decoded with `JSONDecoder` (exact numbers: Linux's `JSONSerialization` reads some long decimals a
    /// bit off) and RFC 3339 dates with fractions.
    static func decode<Value: Decodable>(_ type: Value.Type, _ reply: ServerHarness.Reply) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in try Date(try decoder.singleValueContainer().decode(String.self), strategy: format) }
        return try decoder.decode(type, from: reply.body)
    }

    /// The one sample of `type` with `uuid` the person's own store holds, read by the library.
    static func stored<Sample: HKSample>(_ store: HKHealthStore, _ type: HKSampleType, _ uuid: UUID) async throws -> Sample {
        try #require(try await QueryRunnerForTests.samples(store, type, HKQuery.predicateForObjects(with: [uuid])).first as? Sample)
    }

    @Test("an ECG, a workout with its route, a heartbeat series and a CDA document saved in one batch read back equal to the library's answers; a retry stores nothing")
    func roundTrip() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (token, path) = try await harness.personWithStore("alice")
        let workoutID = UUID(), routeID = UUID(), seriesID = UUID(), ecgID = UUID(), documentID = UUID()
        // The route comes before its workout in the batch: the batch is one transaction either way.
        let body = SampleAPITests.batch([Self.route(routeID, workout: workoutID), Self.workout(workoutID), Self.heartbeats(seriesID),
                                         Self.ecg(ecgID), Self.document(documentID)])
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(saved.status == 200, "\(saved.text)")
        #expect((saved.json["saved"] as? [String])?.count == 5)
        let again = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(again.status == 200, "\(again.text)")
        #expect((again.json["saved"] as? [String]) == [])
        #expect(Set(again.json["alreadyStored"] as? [String] ?? []) == Set([workoutID, routeID, seriesID, ecgID, documentID].map(\.uuidString)))

        let store = try HKHealthStore.owner(databasePath: path)
        // The route: the workout's (predicateForObjects(from:) finds it), its locations in time order.
        let workout: HKWorkout = try await Self.stored(store, HKObjectType.workoutType(), workoutID)
        let attached = try await QueryRunnerForTests.samples(store, HKSeriesType.workoutRoute(), HKQuery.predicateForObjects(from: workout))
        #expect(attached.map(\.uuid) == [routeID])
        let route: HKWorkoutRoute = try await Self.stored(store, HKSeriesType.workoutRoute(), routeID)
        let listed = try await harness.send("GET", "/v1/samples?type=workoutRoute&workout=\(workoutID)", token: token)
        let routeJSON = try #require((listed.json["samples"] as? [[String: Any]])?.first, "\(listed.text)")
        #expect((routeJSON["route"] as? [String: Any])?["count"] as? Int == 40)
        let points = try Self.decode(Locations.self, try await harness.send("GET", "/v1/routes/locations?uuid=\(routeID)", token: token)).locations
        #expect(points.count == route.locations.count)
        for (point, stored) in zip(points, route.locations) {
            #expect(point.latitude == stored.latitude && point.longitude == stored.longitude && point.altitude == stored.altitude)
            #expect(point.timestamp == stored.timestamp && point.speed == stored.speed && point.course == stored.course)
            #expect(point.horizontalAccuracy == stored.horizontalAccuracy && point.verticalAccuracy == stored.verticalAccuracy)
        }
        #expect(route.locations.map(\.timestamp) == route.locations.map(\.timestamp).sorted())
        let part = try await harness.send("GET", "/v1/routes/locations?uuid=\(routeID)&start=\(Self.date(300))&end=\(Self.date(599))", token: token)
        #expect((part.json["locations"] as? [[String: Any]])?.count == 10, "\(part.text)")

        // The heartbeat series.
        let series: HKHeartbeatSeriesSample = try await Self.stored(store, HKSeriesType.heartbeat(), seriesID)
        let beats = try Self.decode(Beats.self, try await harness.send("GET", "/v1/heartbeats?uuid=\(seriesID)", token: token)).heartbeats
        #expect(beats.count == series.heartbeats.count && beats.count == 120)
        #expect(beats.map(\.timeSinceSeriesStart) == series.heartbeats.map(\.timeIntervalSinceStart))
        #expect(beats.map(\.precededByGap) == series.heartbeats.map(\.precededByGap))

        // The ECG: its fields on the sample, its measurements from the voltages query.
        let ecg: HKElectrocardiogram = try await Self.stored(store, HKObjectType.electrocardiogramType(), ecgID)
        #expect(ecg.classification == .sinusRhythm && ecg.numberOfVoltageMeasurements == 1024)
        let ecgJSON = try await harness.send("GET", "/v1/samples?type=electrocardiogram", token: token)
        let fields = (ecgJSON.json["samples"] as? [[String: Any]])?.first?["electrocardiogram"] as? [String: Any]
        #expect(fields?["numberOfVoltageMeasurements"] as? Int == 1024 && fields?["classification"] as? Int == 1, "\(ecgJSON.text)")
        let voltages = try Self.decode(Voltages.self, try await harness.send("GET", "/v1/electrocardiograms/voltages?uuid=\(ecgID)", token: token))
            .voltageMeasurements
        #expect(voltages.map(\.timeSinceSampleStart) == ecg.voltageMeasurements.map(\.timeSinceSampleStart))
        #expect(voltages.map(\.appleWatchSimilarToLeadI) == ecg.voltageMeasurements.map { $0.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: .volt()) })

        // The document: its names from the XML, its data on request.
        let document: HKCDADocumentSample = try await Self.stored(store, HKDocumentType(.CDA), documentID)
        #expect(document.document?.title == "Discharge summary" && document.document?.custodianName == "City Clinic")
        let withData = try await harness.send("GET", "/v1/documents?includeDocumentData=true", token: token)
        let documentJSON = try #require((withData.json["samples"] as? [[String: Any]])?.first?["document"] as? [String: Any], "\(withData.text)")
        #expect(documentJSON["title"] as? String == "Discharge summary" && documentJSON["patientName"] as? String == document.document?.patientName)
        #expect((documentJSON["documentData"] as? String).flatMap { Data(base64Encoded: $0) } == Data(Self.cda.utf8))
        let withoutData = try await harness.send("GET", "/v1/documents", token: token)
        #expect((withoutData.json["samples"] as? [[String: Any]])?.first.map { ($0["document"] as? [String: Any])?["documentData"] == nil } == true)
    }

    @Test("a route from a real Apple Health export's GPX file reads back point for point, the two points at one second in their order")
    func exportedRoute() async throws {
        guard let folder = TestData.directory("apple-health-export") else {
            print("PayloadAPITests.exportedRoute skipped: \(TestData.missingMessage)")
            return
        }
        let file = folder.appendingPathComponent("healthkit-to-sqlite/zip_contents/apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx")
        let gpx = try String(contentsOf: file, encoding: .utf8)
        let points = ServerHarness.firstMatch(#"(<trkpt .*?</trkpt>)"#, in: gpx)
        func field(_ pattern: String, _ text: String) -> String { ServerHarness.firstMatch(pattern, in: text).first ?? "" }
        let locations = points.map { point in
            """
            {"latitude":\(field(#"lat="([^"]+)""#, point)),"longitude":\(field(#"lon="([^"]+)""#, point)),"altitude":\(field("<ele>([^<]+)", point)),\
            "timestamp":"\(field("<time>([^<]+)", point))","speed":\(field("<speed>([^<]+)", point)),"course":\(field("<course>([^<]+)", point)),\
            "horizontalAccuracy":\(field("<hAcc>([^<]+)", point)),"verticalAccuracy":\(field("<vAcc>([^<]+)", point))}
            """
        }
        #expect(points.count == 3)
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let workoutID = UUID(), routeID = UUID()
        let body = SampleAPITests.batch([
            #"{"uuid":"\#(workoutID)","type":"workout","startDate":"2019-06-11T22:00:00Z","endDate":"2019-06-11T22:30:00Z","workout":{"activityType":52}}"#,
            #"{"uuid":"\#(routeID)","type":"workoutRoute","startDate":"2019-06-11T22:00:42Z","endDate":"2019-06-11T22:00:43Z","route":{"workout":"\#(workoutID)","count":3,"locations":[\#(locations.joined(separator: ","))]}}"#])
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(saved.status == 200, "\(saved.text)")
        let read = try #require(try await harness.send("GET", "/v1/routes/locations?uuid=\(routeID)", token: token).json["locations"] as? [[String: Any]])
        #expect(read.map { $0["latitude"] as? Double } == [37.781672, 37.781670, 37.781670])
        #expect(read.map { $0["longitude"] as? Double } == [-122.396397, -122.396396, -122.396394])
        #expect(read.map { $0["verticalAccuracy"] as? Double } == [6.428697, 6.481525, 6.549587])
    }
}

/// The library's `HKSampleQuery`, awaited (the test's own, so the server's runner is not what it checks).
enum QueryRunnerForTests {
    static func samples(_ store: HKHealthStore, _ type: HKSampleType, _ predicate: NSPredicate?) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: type, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples ?? []) }
            })
        }
    }
}
