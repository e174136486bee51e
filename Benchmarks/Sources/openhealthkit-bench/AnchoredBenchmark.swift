import Foundation
import GRDB
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (c) An anchored query reading the last `changes` changes of the cached store (heart rate and step
/// count, no limit): through HKAnchoredObjectQuery, HKAnchoredObjectQueryDescriptor, the storage layer's
/// change log, and the equivalent hand-written SQL.
enum AnchoredBenchmark {
    static func run(_ options: Options) async throws {
        let path = try StoreCache.prepare(options)
        let changes = min(options.changes, options.store)
        let anchorValue = options.store - changes
        print("(c) anchored query reading \(changes) changes (after anchor \(anchorValue) of a \(options.store)-sample store), \(options.reps) runs each")
        let storage = try SQLiteHealthStorage(path: path)
        let owner = HKHealthStore.owner(storage: storage)
        var configuration = Configuration()
        configuration.readonly = true
        let hand = try DatabaseQueue(path: path, configuration: configuration)
        let types = [HealthData.heartRate.identifier, HealthData.stepCount.identifier]
        let descriptors = [HKQueryDescriptor(sampleType: HealthData.heartRate, predicate: nil),
                           HKQueryDescriptor(sampleType: HealthData.stepCount, predicate: nil)]
        let asyncDescriptor = HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HealthData.heartRate), .quantitySample(type: HealthData.stepCount)],
            anchor: HKQueryAnchor(fromValue: anchorValue))

        // For profiling (`perf record`): BENCH_ONLY=query runs the HKAnchoredObjectQuery `--reps` times, untimed.
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "query" {
            for _ in 0 ..< options.reps {
                let done = DispatchSemaphore(value: 0)
                let query = HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: HKQueryAnchor(fromValue: anchorValue),
                                                  limit: HKObjectQueryNoLimit) { _, _, _, _, _ in done.signal() }
                owner.execute(query)
                done.wait()
            }
            return
        }

        var handSeries = RateSeries(label: "hand-written SQL (rows to structs)")
        var storageSeries = RateSeries(label: "SQLiteHealthStorage.changes")
        var querySeries = RateSeries(label: "HKAnchoredObjectQuery (execute, handler)")
        var descriptorSeries = RateSeries(label: "HKAnchoredObjectQueryDescriptor.result(for:)")
        for _ in 0 ..< options.reps {
            var count = 0
            var seconds = Measure.seconds(try Measure.time {
                count = try hand.read { db in
                    var rows: [LatestBenchmark.HandRow] = []
                    let cursor = try Row.fetchCursor(db, sql: """
                        SELECT s.uuid, s.start, s.end, s.original_quantity, s.unit, s.source_id, s.device_id, f.key, f.num
                        FROM sample s LEFT JOIN field f ON f.sample_id = s.id
                        WHERE s.id > ? AND s.type IN (SELECT id FROM object_type WHERE name IN (?, ?)) ORDER BY s.id
                        """, arguments: [anchorValue, types[0], types[1]])
                    while let row = try cursor.next() {
                        rows.append(LatestBenchmark.HandRow(uuid: row[0], start: row[1], end: row[2], value: row[3], unit: row[4],
                                                            source: row[5], device: row[6], fieldKey: row[7], fieldNumber: row[8]))
                    }
                    return rows.count
                }
            })
            precondition(count == changes, "hand SQL read \(count)")
            handSeries.add(items: count, seconds: seconds)

            seconds = Measure.seconds(try Measure.time {
                count = try storage.changes(after: Int64(anchorValue), matching: .types(Set(types)), limit: nil).changes.count
            })
            precondition(count == changes, "storage read \(count)")
            storageSeries.add(items: count, seconds: seconds)

            seconds = Measure.seconds(try Measure.time {
                let done = DispatchSemaphore(value: 0)
                var result: Result<Int, any Error> = .success(0)
                let query = HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: HKQueryAnchor(fromValue: anchorValue),
                                                  limit: HKObjectQueryNoLimit) { _, samples, _, _, error in
                    result = samples.map { .success($0.count) } ?? .failure(error!)
                    done.signal()
                }
                owner.execute(query)
                done.wait()
                count = try result.get()
            })
            precondition(count == changes, "HKAnchoredObjectQuery read \(count)")
            querySeries.add(items: count, seconds: seconds)

            // Timed until the result is delivered, as the handler above: freeing the 1,000,000 objects afterwards is not
            // part of reading them (it is left out of the handler's timing too, where it runs on the query's queue).
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await asyncDescriptor.result(for: owner)
            let elapsed = clock.now - start
            count = result.addedSamples.count
            precondition(count == changes, "descriptor read \(count)")
            descriptorSeries.add(items: count, seconds: Measure.seconds(elapsed))
        }
        handSeries.print()
        storageSeries.print(target: 500_000)
        querySeries.print(target: 500_000)
        descriptorSeries.print(target: 500_000)
        report("HKAnchoredObjectQuery vs hand SQL", String(format: "%.2fx the time", handSeries.median / querySeries.median))
    }
}
