import Foundation
import GRDB
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (b) The latest 100 heart-rate samples in the last 30 days of the cached store: through HKSampleQuery,
/// HKSampleQueryDescriptor, the storage layer, and the same query written by hand in SQL (GRDB, same file,
/// same run). Variants run in rounds, one of each per round, so drift hits them alike.
enum LatestBenchmark {
    /// What the hand-written query returns per row: the sample's columns and its metadata.
    struct HandRow {
        var uuid: UUID
        var start: Double
        var end: Double
        var value: Double?
        var unit: String?
        var source: Int64
        var device: Int64?
        var fieldKey: String?
        var fieldNumber: Double?
    }

    /// The hand-written query: the same window rule as `predicateForSamples(withStart:end:)` (the sample
    /// overlaps the window), newest start first, metadata joined (heart-rate samples have one field at most).
    static let handSQL = """
        SELECT s.uuid, s.start, s.end, s.original_quantity, s.unit, s.source_id, s.device_id, f.key, f.num
        FROM sample s LEFT JOIN field f ON f.sample_id = s.id
        WHERE s.type = ? AND s.start < ? AND s.end >= ?
        ORDER BY s.start DESC LIMIT 100
        """

    static func run(_ options: Options) async throws {
        let path = try StoreCache.prepare(options)
        print("(b) latest 100 heart-rate samples in a 30-day window of a \(options.store)-sample store, \(options.queries) runs each")
        let end = HealthData.end(count: options.store)
        let start = end.addingTimeInterval(-30 * 86400)

        let storage = try SQLiteHealthStorage(path: path)
        let owner = HKHealthStore.owner(storage: storage)
        var configuration = Configuration()
        configuration.readonly = true
        let hand = try DatabaseQueue(path: path, configuration: configuration)
        // The store keeps type ids (schema version 2); the storage layer caches them, so the hand-written SQL binds the id.
        let heartRateID = try await hand.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM object_type WHERE name = ?", arguments: [HealthData.heartRate.identifier])
        }

        let predicate = HKQuery.predicateForSamples(withStart: start, end: end)
        let sort = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HealthData.heartRate, predicate: predicate)],
            sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)], limit: 100)
        let filter = SampleFilter.and([.types([HealthData.heartRate.identifier]), .window(DateWindow(start: start, end: end))])

        func handQuery() throws -> [HandRow] {
            try hand.read { db in
                var rows: [HandRow] = []
                rows.reserveCapacity(100)
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: handSQL),
                                                 arguments: [heartRateID, end.timeIntervalSince1970,
                                                             start.timeIntervalSince1970])
                while let row = try cursor.next() {
                    rows.append(HandRow(uuid: row[0], start: row[1], end: row[2], value: row[3], unit: row[4], source: row[5],
                                        device: row[6], fieldKey: row[7], fieldNumber: row[8]))
                }
                return rows
            }
        }
        // The hand-written query behind the same hand-off `execute` makes (a new serial queue runs it and signals the
        // waiting caller): what any query API with HealthKit's background handlers pays before its own work.
        func handQueryHandedOff() throws -> [HandRow] {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: Result<[HandRow], any Error> = .success([])
            DispatchQueue(label: "bench.handoff", qos: .userInitiated).async {
                result = Result { try handQuery() }
                done.signal()
            }
            done.wait()
            return try result.get()
        }
        func sampleQuery() throws -> [HKSample] {
            let done = DispatchSemaphore(value: 0)
            var result: Result<[HKSample], any Error> = .success([])
            let query = HKSampleQuery(sampleType: HealthData.heartRate, predicate: predicate, limit: 100, sortDescriptors: sort) { _, samples, error in
                result = samples.map { .success($0) } ?? .failure(error!)
                done.signal()
            }
            owner.execute(query)
            done.wait()
            return try result.get()
        }

        // Same answer from every path.
        let expected = try handQuery()
        let viaQuery = try sampleQuery()
        let viaDescriptor = try await descriptor.result(for: owner)
        let viaStorage = try storage.records(matching: filter, sort: [SampleSort(.startDate, ascending: false)], limit: 100)
        precondition(expected.count == 100 && viaQuery.count == 100 && viaDescriptor.count == 100 && viaStorage.count == 100)
        precondition(expected.map(\.uuid) == viaQuery.map(\.uuid), "HKSampleQuery and hand SQL disagree")
        precondition(expected.map(\.uuid) == viaDescriptor.map(\.uuid) && expected.map(\.uuid) == viaStorage.map(\.uuid))

        var handSeries = LatencySeries(label: "hand-written SQL (GRDB, same file)")
        var handOffSeries = LatencySeries(label: "hand-written SQL behind a queue hand-off")
        var storageSeries = LatencySeries(label: "SQLiteHealthStorage.records")
        var querySeries = LatencySeries(label: "HKSampleQuery (execute, handler)")
        var descriptorSeries = LatencySeries(label: "HKSampleQueryDescriptor.result(for:)")
        let clock = ContinuousClock()
        // For profiling (`perf record`): BENCH_ONLY=hand|handoff|storage|query runs one variant `--queries` times, untimed.
        if let only = ProcessInfo.processInfo.environment["BENCH_ONLY"] {
            for _ in 0 ..< options.queries {
                switch only {
                case "storage": _ = try storage.records(matching: filter, sort: [SampleSort(.startDate, ascending: false)], limit: 100)
                case "query": _ = try sampleQuery()
                case "handoff": _ = try handQueryHandedOff()
                default: _ = try handQuery()
                }
            }
            return
        }
        for round in 0 ..< options.queries + 20 {
            let warm = round >= 20
            var t = clock.now
            _ = try handQuery()
            if warm { handSeries.seconds.append(Measure.seconds(clock.now - t)) }
            t = clock.now
            _ = try handQueryHandedOff()
            if warm { handOffSeries.seconds.append(Measure.seconds(clock.now - t)) }
            t = clock.now
            _ = try storage.records(matching: filter, sort: [SampleSort(.startDate, ascending: false)], limit: 100)
            if warm { storageSeries.seconds.append(Measure.seconds(clock.now - t)) }
            t = clock.now
            _ = try sampleQuery()
            if warm { querySeries.seconds.append(Measure.seconds(clock.now - t)) }
            t = clock.now
            _ = try await descriptor.result(for: owner)
            if warm { descriptorSeries.seconds.append(Measure.seconds(clock.now - t)) }
        }
        handSeries.print()
        handOffSeries.print(baseline: handSeries, target: 0.001)
        storageSeries.print(baseline: handSeries, target: 0.001)
        querySeries.print(baseline: handSeries, target: 0.001)
        descriptorSeries.print(baseline: handSeries, target: 0.001)
        report("HKSampleQuery vs the hand-written SQL behind the same hand-off",
               String(format: "%.2fx", querySeries.median / handOffSeries.median))

        let plan = try await hand.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SampleQueryPlan.storageSQL,
                             arguments: [heartRateID, end.timeIntervalSince1970, start.timeIntervalSince1970,
                                         start.timeIntervalSince1970, start.timeIntervalSince1970])
                .map { $0["detail"] as String }
        }
        report("query plan (storage SQL)", plan.joined(separator: "; "))
    }
}

/// The SQL the storage layer runs for the latest-100 query, for EXPLAIN QUERY PLAN.
enum SampleQueryPlan {
    static let storageSQL = """
        SELECT s.id FROM sample s LEFT JOIN sample p ON p.id = s.parent_id
        WHERE ((s.type IN (?))) AND ((s.start < ?) AND (s.end >= ? AND (s.end > ? OR s.start >= ?)))
        ORDER BY s.start DESC, s.id DESC LIMIT 100
        """
}
