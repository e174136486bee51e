import Foundation
import HealthKitModel
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// The HTTP API gives the library's answers: the same store read through HealthKit's queries directly and over HTTP.
@Suite struct LibraryParityTests {
    /// Three days of steps from two sources that overlap (a phone and a watch), and heart rates, saved over HTTP with
    /// their sources kept (a sync of the person's devices).
    static func seed(_ harness: ServerHarness, token: String) async throws {
        var samples: [String] = []
        let format = Date.ISO8601FormatStyle()
        let day0 = Date(timeIntervalSince1970: 1_795_651_200)   // 2026-11-26 00:00 UTC
        for minute in stride(from: 0, to: 3 * 24 * 60, by: 37) {
            let start = day0.addingTimeInterval(Double(minute) * 60)
            for (source, factor) in [("com.apple.health.iphone", 1.0), ("com.apple.health.watch", 1.3)] {
                samples.append("""
                    {"type":"stepCount","startDate":"\(format.format(start))","endDate":"\(format.format(start.addingTimeInterval(600)))",\
                    "quantity":{"value":\(Double(minute % 97) * factor),"unit":"count"},"source":{"name":"\(source)","bundleIdentifier":"\(source)"}}
                    """)
            }
            samples.append("""
                {"type":"heartRate","startDate":"\(format.format(start))","endDate":"\(format.format(start))",\
                "quantity":{"value":\(55 + minute % 60),"unit":"count/min"},"source":{"name":"Watch","bundleIdentifier":"com.apple.health.watch"}}
                """)
        }
        let reply = try await harness.send("POST", "/v1/samples", token: token, json: "{\"samples\":[" + samples.joined(separator: ",") + "]}")
        #expect(reply.status == 200, "\(reply.text)")
    }

    @Test("daily sums by source, hourly heart-rate figures, samples and changes over HTTP equal the library's own queries")
    func sameAnswers() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (token, path) = try await harness.personWithStore("alice")
        try await Self.seed(harness, token: token)
        let store = try HKHealthStore.owner(databasePath: path)
        let start = Date(timeIntervalSince1970: 1_795_651_200), end = start.addingTimeInterval(3 * 86_400)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!

        // Daily step sums, merged and by source. The API's start and end are also the samples' window, as apps pass
        // predicateForSamples(withStart:end:) to the query: the library gets the same.
        let steps = HKStatisticsCollectionQuery(quantityType: HKQuantityType(.stepCount),
                                                quantitySamplePredicate: HKQuery.predicateForSamples(withStart: start, end: end.addingTimeInterval(-1)),
                                                options: [.cumulativeSum, .separateBySource], anchorDate: start,
                                                intervalComponents: DateComponents(day: 1))
        steps.intervalCalendar = utc
        let collection: HKStatisticsCollection = try await withCheckedThrowingContinuation { continuation in
            steps.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else { continuation.resume(throwing: error!) }
            }
            store.execute(steps)
        }
        let reply = try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum,separateBySource&interval=day"
            + "&start=2026-11-26T00:00:00Z&end=2026-11-28T23:59:59Z", token: token)
        let days = try #require(reply.json["statistics"] as? [[String: Any]], "\(reply.text)")
        var expected: [(Double?, [String: Double])] = []
        collection.enumerateStatistics(from: start, to: end.addingTimeInterval(-1)) { statistics, _ in
            var bySource: [String: Double] = [:]
            for source in statistics.sources ?? [] { bySource[source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count()) }
            expected.append((statistics.sumQuantity()?.doubleValue(for: .count()), bySource))
        }
        #expect(days.count == expected.count && days.count == 3)
        for (day, want) in zip(days, expected) {
            #expect(abs((day["sum"] as? Double ?? .nan) - (want.0 ?? .nan)) <= 1e-9 * max(1, abs(want.0 ?? 1)))
            var got: [String: Double] = [:]
            for entry in day["sources"] as? [[String: Any]] ?? [] {
                got[((entry["source"] as? [String: Any])?["bundleIdentifier"] as? String) ?? ""] = entry["sum"] as? Double
            }
            // Equal to the last few bits: the first reader of a window sums samples, later ones the prepared summaries, in
            // another order (a 4e-13 difference in 2,351.7 was seen; noted for the statistics issue).
            #expect(Set(got.keys) == Set(want.1.keys))
            for (source, sum) in want.1 { #expect(abs((got[source] ?? .nan) - sum) <= 1e-9 * max(1, abs(sum)), "\(source)") }
        }

        // Hourly heart-rate average, minimum and maximum for the first day.
        let firstDay = HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(86_400))
        let heart = HKStatisticsCollectionQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: firstDay,
                                                options: [.discreteAverage, .discreteMin, .discreteMax], anchorDate: start,
                                                intervalComponents: DateComponents(hour: 1))
        heart.intervalCalendar = utc
        let hearts: HKStatisticsCollection = try await withCheckedThrowingContinuation { continuation in
            heart.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else { continuation.resume(throwing: error!) }
            }
            store.execute(heart)
        }
        let hourly = try await harness.send("GET", "/v1/statistics?type=heartRate&options=discreteAverage,discreteMin,discreteMax"
            + "&interval=hour&start=2026-11-26T00:00:00Z&end=2026-11-27T00:00:00Z", token: token)
        let hours = try #require(hourly.json["statistics"] as? [[String: Any]])
        var index = 0
        let bpm = HKUnit.count().unitDivided(by: .minute())
        hearts.enumerateStatistics(from: start, to: start.addingTimeInterval(86_400)) { statistics, _ in
            guard index < hours.count else { index += 1; return }
            #expect(hours[index]["average"] as? Double == statistics.averageQuantity()?.doubleValue(for: bpm))
            #expect(hours[index]["minimum"] as? Double == statistics.minimumQuantity()?.doubleValue(for: bpm))
            #expect(hours[index]["maximum"] as? Double == statistics.maximumQuantity()?.doubleValue(for: bpm))
            index += 1
        }
        #expect(index == hours.count)

        // A sample query with a window and a source, newest first.
        let window = HKQuery.predicateForSamples(withStart: start.addingTimeInterval(3600 * 5), end: start.addingTimeInterval(3600 * 9))
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            window, HKQuery.predicateForObjects(from: [HKSource(name: "w", bundleIdentifier: "com.apple.health.watch")])])
        let direct: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: HKQuantityType(.stepCount), predicate: predicate, limit: 0,
                                        sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, error in
                if let samples { continuation.resume(returning: samples) } else { continuation.resume(throwing: error!) }
            })
        }
        let page = try await harness.send("GET", "/v1/samples?type=stepCount&start=2026-11-26T05:00:00Z&end=2026-11-26T09:00:00Z"
            + "&source=com.apple.health.watch&sort=-startDate", token: token)
        let uuids = (page.json["samples"] as? [[String: Any]] ?? []).compactMap { $0["uuid"] as? String }
        #expect(!uuids.isEmpty && uuids == direct.map(\.uuid.uuidString))

        // Anchored changes from the beginning: the same UUIDs in the same order.
        let anchored: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            store.execute(HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: nil, anchor: nil, limit: 0) { _, samples, _, _, error in
                if let samples { continuation.resume(returning: samples) } else { continuation.resume(throwing: error!) }
            })
        }
        let changes = try await harness.send("GET", "/v1/changes?type=heartRate&limit=10000", token: token)
        #expect((changes.json["samples"] as? [[String: Any]] ?? []).compactMap { $0["uuid"] as? String } == anchored.map(\.uuid.uuidString))
    }
}
