import Foundation
import HealthDatabase
@testable import HealthExport
import HealthKitModel
import OpenHealthKit
import Testing
import TestSupport
#if canImport(CoreLocation)
import CoreLocation
#endif

@Suite("Imported routes and heartbeat series as HealthKit objects")
struct SeriesImportTests {
    /// The `HeartRateVariabilityMetadataList`s of an export.xml text, read with a plain text scan: each record's
    /// `startDate` text and its beats' `bpm` and `time`.
    static func beatLists(in text: String) -> [(start: String, beats: [(bpm: String, time: String)])] {
        ElementScan.strippedProlog(text).components(separatedBy: "<Record ").dropFirst().compactMap {
            record -> (start: String, beats: [(bpm: String, time: String)])? in
            let body = String(record[..<(record.range(of: "</Record>")?.lowerBound ?? record.endIndex)])
            guard body.contains("<HeartRateVariabilityMetadataList") else { return nil }
            let beats = body.components(separatedBy: "<InstantaneousBeatsPerMinute ").dropFirst().map { (attribute("bpm", in: $0), attribute("time", in: $0)) }
            return (attribute("startDate", in: body), beats)
        }
    }

    static func attribute(_ name: String, in text: String) -> String {
        let text = " " + text
        guard let range = text.range(of: " \(name)=\"") else { return "" }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Seconds from the clock time of `start` (`2020-12-06 11:26:00 -0800`) to a beat's `11:26:02.34 AM` (same day).
    static func secondsAfter(_ start: String, _ time: String) -> TimeInterval {
        let clock = start.split(separator: " ")[1].split(separator: ":").map { Double($0)! }
        let parts = time.split(separator: " ")
        let beat = parts[0].split(separator: ":").map { Double($0)! }
        let hour = beat[0].truncatingRemainder(dividingBy: 12) + (parts.count > 1 && parts[1] == "PM" ? 12 : 0)
        return (hour * 3600 + beat[1] * 60 + beat[2]) - (clock[0] * 3600 + clock[1] * 60 + clock[2])
    }

    static func samples(_ store: HKHealthStore, _ type: HKSampleType) async throws -> [HKSample] {
        try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
    }

    static func beats(_ store: HKHealthStore, _ series: HKSample) async throws -> [HKHeartbeatSeriesQueryDescriptor.Heartbeat] {
        var beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        for try await beat in HKHeartbeatSeriesQueryDescriptor(series as! HKHeartbeatSeriesSample).results(for: store) { beats.append(beat) }
        return beats
    }

    @Test("opendroid-hk: each HRV beat list becomes an HKHeartbeatSeriesSample whose beats match the file, and export writes the list back")
    func opendroidHeartbeats() async throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let url = folder.appendingPathComponent("opendroid-hk/sampleexport.xml")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let lists = Self.beatLists(in: text)
        #expect(lists.count == ElementScan.count("HeartRateVariabilityMetadataList", in: text) && !lists.isEmpty)

        let temp = try TempStore()
        _ = try temp.importExport(url.path)
        let store = HKHealthStore.owner(storage: temp.storage)
        let series = try await Self.samples(store, HKSeriesType.heartbeat())
        #expect(series.count == lists.count)
        for list in lists {
            let start = try #require(ExportValues.date(list.start))
            let sample = try #require(series.first { $0.startDate == start } as? HKHeartbeatSeriesSample, "series at \(list.start)")
            #expect(sample.count == list.beats.count)
            let beats = try await Self.beats(store, sample)
            let expected = list.beats.map { Self.secondsAfter(list.start, $0.time) }
            #expect(beats.count == expected.count)
            #expect(zip(beats, expected).allSatisfy { abs($0.timeIntervalSinceStart - $1) < 1e-6 }, "\(beats) vs \(expected)")
            #expect(beats.allSatisfy { !$0.precededByGap })
        }

        let out = temp.folder.appendingPathComponent("out")
        _ = try HealthExporter(storage: temp.storage).export(.apple, to: out)
        let exported = String(decoding: try Data(contentsOf: out.appendingPathComponent("apple_health_export/export.xml")), as: UTF8.self)
        func flat(_ lists: [(start: String, beats: [(bpm: String, time: String)])]) -> [String] {
            lists.flatMap { $0.beats.map { "\($0.bpm) \($0.time)" } }.sorted()
        }
        #expect(flat(Self.beatLists(in: exported)) == flat(lists))
    }

    @Test("a store written by the earlier importer (bare beat lists) reads the same series, and re-importing stores nothing twice")
    func olderStore() async throws {
        let temp = try TempStore()
        let demo = temp.folder.appendingPathComponent("demo")
        _ = try DemoExport(records: 600, seed: 4).write(to: demo)
        _ = try temp.importExport(demo.path, batch: 100)
        // The same records as the earlier importer stored them: heartbeat payloads were the bare list.
        let older = try TempStore()
        let records = try temp.all().map { record in
            guard record.type == HKDataTypeIdentifierHeartbeatSeries else { return record }
            var legacy = record
            legacy.payload = try JSONEncoder.sortedKeys.encode(HeartbeatMapping.list(of: record).map { ["bpm": $0.bpm, "time": $0.time] })
            return legacy
        }
        #expect(records.contains { $0.type == HKDataTypeIdentifierHeartbeatSeries })
        _ = try older.storage.save(records)

        let again = try older.importExport(demo.path, batch: 100)
        #expect(again.stored == 0, "\(again.storedByType)")
        let current = HKHealthStore.owner(storage: temp.storage), previous = HKHealthStore.owner(storage: older.storage)
        let series = try await Self.samples(current, HKSeriesType.heartbeat())
        let previousSeries = try await Self.samples(previous, HKSeriesType.heartbeat())
        #expect(series.map(\.uuid) == previousSeries.map(\.uuid) && !series.isEmpty)
        for (sample, previousSample) in zip(series, previousSeries).prefix(20) {
            let beats = try await Self.beats(current, sample), previousBeats = try await Self.beats(previous, previousSample)
            #expect(beats == previousBeats && beats.count >= 40)
        }
    }

    @Test("a demo export's routes are readable through HKWorkoutRouteQuery with every GPX point, and its beat lists as series")
    func demoRoutesAndBeats() async throws {
        let temp = try TempStore()
        let demo = temp.folder.appendingPathComponent("demo")
        let written = try DemoExport(records: 2_000, seed: 11).write(to: demo)
        #expect(written.routes > 0)
        _ = try temp.importExport(demo.path, batch: 300)
        let store = HKHealthStore.owner(storage: temp.storage)

        let routes = try await Self.samples(store, HKSeriesType.workoutRoute())
        #expect(routes.count == written.routes)
        let gpxFolder = demo.appendingPathComponent("apple_health_export/workout-routes")
        let pointsPerFile = try FileManager.default.contentsOfDirectory(atPath: gpxFolder.path).map { name in
            String(decoding: try Data(contentsOf: gpxFolder.appendingPathComponent(name)), as: UTF8.self).components(separatedBy: "<trkpt ").count - 1
        }
        var pointsPerRoute: [Int] = []
        for route in routes {
            var locations: [CLLocation] = []
            for try await location in HKWorkoutRouteQueryDescriptor(route as! HKWorkoutRoute).results(for: store) { locations.append(location) }
            #expect(locations.map(\.timestamp) == locations.map(\.timestamp).sorted())
            #expect(locations.first.map { $0.timestamp >= route.startDate } ?? false)
            pointsPerRoute.append(locations.count)
            // Each route belongs to its workout.
            let workouts = try await Self.samples(store, .workoutType()).compactMap { $0 as? HKWorkout }
            let owners = try await workouts.asyncFilter { workout in
                try await HKSampleQueryDescriptor(predicates: [.workoutRoute(HKQuery.predicateForObjects(from: workout))], sortDescriptors: [])
                    .result(for: store).contains { $0.uuid == route.uuid }
            }
            #expect(owners.count == 1)
        }
        #expect(pointsPerRoute.sorted() == pointsPerFile.sorted())

        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: written.exportXML)), as: UTF8.self)
        let lists = Self.beatLists(in: text)
        let series = try await Self.samples(store, HKSeriesType.heartbeat())
        #expect(series.count == lists.count && !lists.isEmpty)
        for sample in series.prefix(10) {
            let beats = try await Self.beats(store, sample)
            #expect((40...80).contains(beats.count), "a beat a second over the reading's minute")
            // The demo's beats start within the record's first second, written in the record's own time zone.
            #expect(beats.first.map { (0..<1).contains($0.timeIntervalSinceStart) } ?? false)
            #expect(zip(beats, beats.dropFirst()).allSatisfy { $1.timeIntervalSinceStart > $0.timeIntervalSinceStart })
        }
    }
}

extension Array {
    /// The elements for which `isIncluded` holds, checked one after another.
    func asyncFilter(_ isIncluded: (Element) async throws -> Bool) async rethrows -> [Element] {
        var kept: [Element] = []
        for element in self where try await isIncluded(element) { kept.append(element) }
        return kept
    }
}
