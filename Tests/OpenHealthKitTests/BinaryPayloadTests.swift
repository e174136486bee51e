import Foundation
import HealthDatabase
@testable import OpenHealthKit
import Testing

/// Route, heartbeat and ECG payloads are binary (issue 15: no JSON on the import's hot path); stores written before
/// hold JSON, which must still read the same.
@Suite("Binary route, heartbeat and ECG payloads, and the JSON ones stores written before hold")
struct BinaryPayloadTests {
    static let start = Date(timeIntervalSince1970: 1_607_327_998.25)

    /// Locations with values JSON's shortest printing and the binary bits must both keep exactly.
    static let locations: [WorkoutRouteLocation] = (0..<50).map(location)

    static func location(_ index: Int) -> WorkoutRouteLocation {
        let step = Double(index)
        let latitude: Double = 37.781672 + step * 1e-6 / 3
        let longitude: Double = -122.396397 - step * 0.1 / 7
        let altitude: Double = 4.076904 + step / 3
        let vertical: Double = index % 2 == 0 ? -1 : 6.428697
        return WorkoutRouteLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                    timestamp: start.addingTimeInterval(step + 0.123_456_789), horizontalAccuracy: 8.063116,
                                    verticalAccuracy: vertical, course: step * 7.3, speed: 1.0 / 3)
    }

    static let source = SourceRecord(bundleIdentifier: "com.apple.health.watch", name: "Watch")
    static let revision = HKSourceRevision(source: HKSource(name: "Watch", bundleIdentifier: "com.apple.health.watch"), version: "9.4")

    static func route(_ locations: [WorkoutRouteLocation] = locations) -> HKWorkoutRoute {
        HKWorkoutRoute(locations: locations, start: start, end: start.addingTimeInterval(60), sourceRevision: revision)
    }

    @Test("a route's payload is binary and reads back every location bit for bit, with its GPX file name")
    func routeRoundTrip() throws {
        let route = Self.route()
        let record = try RouteMapping.record(from: route, workout: UUID(), file: "/workout-routes/route_2020-12-06_11.59pm.gpx")
        let payload = try #require(record.payload)
        #expect(payload.first == 0, "binary, not JSON: \(payload.prefix(8).map { $0 })")
        #expect(payload.count < 50 * 64 + 64)
        let read = try #require(try ObjectMapping.object(from: record) as? HKWorkoutRoute)
        #expect(read.locations == Self.locations)
        #expect(RouteMapping.file(of: record) == "/workout-routes/route_2020-12-06_11.59pm.gpx")
        // Saved by an app (no file): binary too, and no file comes back.
        let saved = try ObjectMapping.record(from: route)
        #expect(saved.payload?.first == 0 && RouteMapping.file(of: saved) == nil)
        #expect((try ObjectMapping.object(from: saved) as? HKWorkoutRoute)?.locations == Self.locations)
    }

    @Test("a route's points encoded ahead (on the import's look-ahead thread) give the payload encoded with the record")
    func routeEncodedAhead() throws {
        let route = Self.route()
        let file = "/workout-routes/route_2020-12-06_11.59pm.gpx"
        let workout = UUID()
        let direct = try RouteMapping.record(from: route, workout: workout, file: file)
        let ahead = try RouteMapping.record(from: route, workout: workout, file: file, encoded: .success(RouteMapping.encode(Self.locations)))
        #expect(ahead.payload == direct.payload)
        #expect(throws: HKError.self) { try RouteMapping.encode([WorkoutRouteLocation(latitude: .nan, longitude: 0, altitude: 0, timestamp: Self.start)]) }
    }

    /// An ECG with measurements whose voltages JSON's shortest printing and the binary bits must both keep exactly, one
    /// measurement without a voltage, and optional summary values present or not.
    static func ecg(heartRate: Double?, frequency: Double?) throws -> HKElectrocardiogram {
        var measurements = try (0..<300).map { index in
            try HKElectrocardiogram.VoltageMeasurement(
                timeSinceSampleStart: Double(index) / 512.7,
                voltages: [.appleWatchSimilarToLeadI: HKQuantity(unit: .voltUnit(with: .micro), doubleValue: sin(Double(index) / 7) * 312.345 / 3)])
        }
        measurements.append(try HKElectrocardiogram.VoltageMeasurement(timeSinceSampleStart: 0.9, voltages: [:]))
        return try HKElectrocardiogram(
            start: start, end: start.addingTimeInterval(30), classification: .inconclusivePoorReading, symptomsStatus: .present,
            averageHeartRate: heartRate.map { HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: $0) },
            samplingFrequency: frequency.map { HKQuantity(unit: .hertz(), doubleValue: $0) }, voltageMeasurements: measurements,
            sourceRevision: revision)
    }

    static func stored(_ measurements: [HKElectrocardiogram.VoltageMeasurement]) -> [HKElectrocardiogram.VoltageMeasurement.Stored] {
        measurements.map(\.stored)
    }

    @Test("an ECG's payload is binary and reads back every measurement and summary value bit for bit")
    func electrocardiogramRoundTrip() throws {
        for (heartRate, frequency) in [(62.5 as Double?, 512.7 as Double?), (nil, nil), (nil, 511.9), (0.1 + 0.2, nil)] {
            let ecg = try Self.ecg(heartRate: heartRate, frequency: frequency)
            let record = try ObjectMapping.record(from: ecg)
            let payload = try #require(record.payload)
            #expect(payload.first == 0, "binary, not JSON: \(payload.prefix(8).map { $0 })")
            #expect(payload.count < 301 * 17 + 64)
            let read = try #require(try ObjectMapping.object(from: record) as? HKElectrocardiogram)
            #expect(Self.stored(read.voltageMeasurements) == Self.stored(ecg.voltageMeasurements))
            #expect(read.classification == .inconclusivePoorReading && read.symptomsStatus == .present)
            #expect(read.averageHeartRate?.doubleValue(for: .count().unitDivided(by: .minute())) == heartRate)
            #expect(read.samplingFrequency?.doubleValue(for: .hertz()) == frequency)
        }
    }

    @Test("an ECG payload written as JSON by an earlier version reads the same recording")
    func electrocardiogramFromJSON() throws {
        struct Legacy: Encodable {
            var classification: Int, symptoms: Int, averageHeartRate: Double?, samplingFrequency: Double?
            var voltages: [HKElectrocardiogram.VoltageMeasurement.Stored]
        }
        let ecg = try Self.ecg(heartRate: 62.5, frequency: 512.7)
        var record = try ObjectMapping.record(from: ecg)
        record.payload = try JSONEncoder.sortedKeys.encode(Legacy(
            classification: ecg.classification.rawValue, symptoms: ecg.symptomsStatus.rawValue, averageHeartRate: 62.5,
            samplingFrequency: 512.7, voltages: Self.stored(ecg.voltageMeasurements)))
        #expect(record.payload?.first == UInt8(ascii: "{"))
        let read = try #require(try ObjectMapping.object(from: record) as? HKElectrocardiogram)
        #expect(Self.stored(read.voltageMeasurements) == Self.stored(ecg.voltageMeasurements))
        #expect(read.averageHeartRate?.doubleValue(for: .count().unitDivided(by: .minute())) == 62.5)
    }

    @Test("a damaged ECG payload is an error naming the record, never a crash or a shorter recording")
    func electrocardiogramDamaged() throws {
        let record = try ObjectMapping.record(from: try Self.ecg(heartRate: 62.5, frequency: nil))
        let payload = try #require(record.payload)
        // The average heart rate's flag (after the tag and two numbers) neither 0 nor 1.
        Self.expectRefused(record, cuts: [1, 4, 11, 20, 30, 40, payload.count - 9, payload.count - 1],
                           other: payload.prefix(20) + Data([7]) + payload.dropFirst(21))
    }

    /// Expects `record` with its payload cut at each of `cuts`, with a byte added, and with the payload `other`, to
    /// be refused with an error.
    static func expectRefused(_ record: SampleRecord, cuts: [Int], other: Data) {
        let payload = record.payload ?? Data()
        for damagedPayload in cuts.map({ payload.prefix($0) }) + [payload + Data([0]), other] {
            var damaged = record
            damaged.payload = damagedPayload
            #expect(throws: HKError.self) { try ObjectMapping.object(from: damaged) }
        }
    }

    @Test("a route payload written as JSON by an earlier version reads the same locations")
    func routeFromJSON() throws {
        struct Legacy: Encodable { var locations: [WorkoutRouteLocation]; var file: String? }
        let json = try JSONEncoder.sortedKeys.encode(Legacy(locations: Self.locations, file: "/workout-routes/a.gpx"))
        var record = try ObjectMapping.record(from: Self.route())
        record.payload = json
        #expect((try ObjectMapping.object(from: record) as? HKWorkoutRoute)?.locations == Self.locations)
        #expect(RouteMapping.file(of: record) == "/workout-routes/a.gpx")
    }

    @Test("a damaged binary payload is an error naming the record, never a crash or a shorter route")
    func damaged() throws {
        let record = try RouteMapping.record(from: Self.route(), workout: UUID(), file: nil)
        let payload = try #require(record.payload)
        Self.expectRefused(record, cuts: [1, 3, 4, 7, 9, 100, payload.count - 1], other: Data([0, UInt8(ascii: "X"), UInt8(ascii: "Y"), 1]))
    }

    @Test("an imported beat list is stored binary with its entries as written; the JSON payload of earlier versions reads the same")
    func heartbeats() throws {
        let list: [HeartbeatMapping.ListEntry] = [("60", "11:59:58.50 PM"), ("61", "11:59:59.40 PM"), ("62", "12:00:00.30 AM"),
                                                  ("", "not a time"), ("40", "12:00:04,20 AM"), ("58", "١١:٢٦:٠٢ AM")]
        let parent = SampleRecord(uuid: UUID(), kind: .quantity, type: HKQuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue,
                                  startDate: Self.start, endDate: Self.start.addingTimeInterval(60), quantity: 0.03, unit: "ms",
                                  originalQuantity: 30, source: Self.source)
        let record = try HeartbeatMapping.record(list: list, of: parent, uuid: UUID())
        #expect(record.payload?.first == 0)
        #expect(HeartbeatMapping.list(of: record).map(\.bpm) == list.map(\.bpm))
        #expect(HeartbeatMapping.list(of: record).map(\.time) == list.map(\.time))
        let series = try #require(try ObjectMapping.object(from: record) as? HKHeartbeatSeriesSample)
        let expected = HeartbeatList.heartbeats(list, start: Self.start)
        #expect(series.heartbeats == expected && expected.count == list.count)

        // The JSON an earlier version wrote for the same series.
        var json = record
        let beats = expected.map { beat -> [String: Any] in beat.precededByGap ? ["t": beat.timeIntervalSinceStart, "gap": true] : ["t": beat.timeIntervalSinceStart] }
        json.payload = try JSONSerialization.data(withJSONObject: ["beats": beats, "list": list.map { ["bpm": $0.bpm, "time": $0.time] }], options: [.sortedKeys])
        #expect((try ObjectMapping.object(from: json) as? HKHeartbeatSeriesSample)?.heartbeats == expected)
        #expect(HeartbeatMapping.list(of: json).map(\.time) == list.map(\.time))

        // A series an app saved: binary, no list.
        let saved = try ObjectMapping.record(from: HKHeartbeatSeriesSample(
            heartbeats: expected, start: Self.start, end: Self.start.addingTimeInterval(60), uuid: UUID(), sourceRevision: Self.revision,
            device: nil, metadata: nil))
        #expect(saved.payload?.first == 0 && HeartbeatMapping.list(of: saved).isEmpty)
        #expect((try ObjectMapping.object(from: saved) as? HKHeartbeatSeriesSample)?.heartbeats == expected)
    }

    @Test("beat times read from ASCII bytes give what the general reading gives, on Apple's spellings and on random text")
    func clockTimes() {
        var texts = ["11:26:02.34 AM", "12:00:00.30 am", "12:59:59.99 PM", "1:02:03 pm", " 9:05:00.5\tPM ", "23:59:60.9", "24:00:00",
                     "13:00:00 PM", "0:00:00 AM", "7:60:00", "7:5:1", "07:05:01.", "7::1", ":::", "", "   ", "11:26:02.34 XM", "11:26:02.34AM",
                     "11:26:02.34 A", "11:26:02.34 Pm extra", "1.5:00:00", "11:26:02.3.4 AM", "99999999999999999999:00:00", "11:26:02,34 AM",
                     "11:26", "11:26:02:01", "+1:00:00", "-1:00:00", "1e1:00:00"]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789:.:. APMapm\t,x")
        for _ in 0..<5_000 {
            texts.append(String((0..<Int.random(in: 0...16, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for text in texts {
            let fast = HeartbeatList.secondsOfDay(text), general = HeartbeatList.generalSecondsOfDay(text)
            #expect(fast == general, "\"\(text)\"")
        }
        #expect(HeartbeatList.secondsOfDay("11:26:02.34 AM") == TimeInterval(41_160) + 2.34)
        #expect(HeartbeatList.secondsOfDay("12:00:00.30 AM") == 0.3)
    }
}
