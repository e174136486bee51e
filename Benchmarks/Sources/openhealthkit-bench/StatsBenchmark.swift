import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (d) Issue 4: daily step statistics over minute-level samples from a phone and a watch that overlap part of every
/// day — one year and ten years — through HKStatisticsCollectionQuery (summaries), against DuckDB's GROUP BY over
/// the same rows (Benchmarks/stats_duckdb.py, run in the same process tree), plus the update latency of a
/// long-running collection query after a save and after a deletion.
enum StatsBenchmark {
    /// One data set: days, and the minutes of each day the phone and the watch have a sample for.
    struct DataSet {
        var name: String
        var days: Int
        var phone: Range<Int>
        var watch: Range<Int>

        var samples: Int { days * (phone.count + watch.count) }
    }

    static let oneYear = DataSet(name: "1 year", days: 365, phone: 0 ..< 1440, watch: 360 ..< 1320)
    static let tenYears = DataSet(name: "10 years", days: 3652, phone: 420 ..< 1320, watch: 840 ..< 1310)
    static let epoch = Date(timeIntervalSince1970: 1_672_531_200)  // 2023-01-01T00:00:00Z

    static func run(_ options: Options) async throws {
        for set in options.statsYears.map({ $0 >= 10 ? tenYears : oneYear }) {
            try await run(set, options)
        }
    }

    static func run(_ set: DataSet, _ options: Options) async throws {
        let path = try prepare(set, options)
        print("(d) daily step statistics, \(set.name): \(set.samples) samples (phone \(set.phone), watch \(set.watch) minutes of each UTC day)")
        let storage = try SQLiteHealthStorage(path: path)
        report("install summaries (one-time, backfill)", Measure.ms(Measure.seconds(try Measure.time { try storage.prepareSlotSums() })))
        let store = HKHealthStore.owner(storage: storage)
        // For profiling (`perf record`): BENCH_ONLY=scan runs only the read of the samples (the quantity predicate).
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "scan" {
            try StatsPredicateBenchmark.scanOnly(set, storage: storage, reps: options.reps)
            return
        }
        // BENCH_ONLY=shapes runs only the (d'') shapes (BENCH_SHAPE=text: those whose name contains it).
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "shapes" {
            try StatsShapesBenchmark.run(set, storage: storage, options: options)
            return
        }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let first = try Measure.seconds(Measure.time { _ = try collection(store, separate: true, calendar: utc) })
        report("first query (cache load + mixed runs)", Measure.ms(first))
        var separate = LatencySeries(label: "daily sums, separateBySource (warm)")
        var merged = LatencySeries(label: "daily sums, merged (warm)")
        for _ in 0 ..< options.reps * 5 {
            separate.seconds.append(Measure.seconds(try Measure.time { _ = try collection(store, separate: true, calendar: utc) }))
            merged.seconds.append(Measure.seconds(try Measure.time { _ = try collection(store, separate: false, calendar: utc) }))
        }
        let duck = duckdb(set, reps: options.reps * 5)
        separate.print(target: duck.map { $0 })
        merged.print(target: duck.map { $0 * 2 })
        if let duck { report("duckdb GROUP BY source, day (same run)", Measure.ms(duck)) }
        if set.days <= 400 { try checkAgainstSamples(store, calendar: utc) }
        if set.days <= 400 {
            try StatsPredicateBenchmark.run(set, storage: storage, calendar: utc, duck: duck, reps: options.reps * 5)
            try StatsShapesBenchmark.run(set, storage: storage, options: options)
        }
        try await updates(store, set: set, calendar: utc, reps: options.reps * 5)
        report("peak resident memory", String(format: "%.0f MB", peakMemoryMB()))
    }

    /// Runs a daily collection query (sums, optionally per source) and returns the collection.
    static func collection(_ store: HKHealthStore, separate: Bool, calendar: Calendar,
                           predicate: NSPredicate? = nil) throws -> HKStatisticsCollection {
        let query = HKStatisticsCollectionQuery(quantityType: HealthData.stepCount, quantitySamplePredicate: predicate,
                                                options: separate ? [.cumulativeSum, .separateBySource] : .cumulativeSum,
                                                anchorDate: epoch, intervalComponents: DateComponents(day: 1))
        query.intervalCalendar = calendar
        return try initialResults(of: query, in: store)
    }

    /// Runs `query` on `store` and waits for its initial results.
    static func initialResults(of query: HKStatisticsCollectionQuery, in store: HKHealthStore) throws -> HKStatisticsCollection {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<HKStatisticsCollection, any Error> = .failure(HKError(.unknownError, "no answer"))
        query.initialResultsHandler = { _, collection, error in
            result = collection.map { .success($0) } ?? .failure(error ?? HKError(.unknownError, "no answer"))
            done.signal()
        }
        store.execute(query)
        done.wait()
        return try result.get()
    }

    /// The daily merged and per-source sums from the summaries must equal those computed from the samples.
    static func checkAgainstSamples(_ store: HKHealthStore, calendar: Calendar) throws {
        // Matches every sample, and the summaries do not serve it.
        let everything = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        var fromSamples: HKStatisticsCollection?
        let seconds = try Measure.seconds(Measure.time {
            fromSamples = try collection(store, separate: true, calendar: calendar, predicate: everything)
        })
        let summaries = try collection(store, separate: true, calendar: calendar).statistics()
        let equal = same(summaries, fromSamples?.statistics() ?? [])
        report("same daily sums from the samples (no summaries)", "\(equal ? "equal" : "DIFFERENT"), \(Measure.ms(seconds)) that way")
    }

    /// Whether two lists of statistics have the same intervals and the same merged and per-source sums, exactly.
    static func same(_ summaries: [HKStatistics], _ samples: [HKStatistics]) -> Bool {
        summaries.count == samples.count && zip(summaries, samples).allSatisfy { a, b in
            a.startDate == b.startDate && a.sumQuantity() == b.sumQuantity() && Set(a.sources ?? []) == Set(b.sources ?? [])
                && (a.sources ?? []).allSatisfy { a.sumQuantity(for: $0) == b.sumQuantity(for: $0) }
        }
    }

    /// Save-to-update and delete-to-update latency of a long-running daily collection query.
    static func updates(_ store: HKHealthStore, set: DataSet, calendar: Calendar, reps: Int) async throws {
        store.changePollingInterval = 0.001
        let query = HKStatisticsCollectionQuery(quantityType: HealthData.stepCount, quantitySamplePredicate: nil, options: .cumulativeSum,
                                                anchorDate: epoch, intervalComponents: DateComponents(day: 1))
        query.intervalCalendar = calendar
        let updates = AsyncStream<Date>.makeStream()
        let ready = AsyncStream<Void>.makeStream()
        query.initialResultsHandler = { _, _, _ in ready.continuation.yield() }
        query.statisticsUpdateHandler = { _, _, collection, _ in if collection != nil { updates.continuation.yield(Date()) } }
        store.execute(query)
        var readyIterator = ready.stream.makeAsyncIterator()
        _ = await readyIterator.next()
        var iterator = updates.stream.makeAsyncIterator()
        var afterSave = LatencySeries(label: "statisticsUpdateHandler after a save")
        var afterDelete = LatencySeries(label: "statisticsUpdateHandler after a deletion")
        var saveCall = LatencySeries(label: "  of which the save call"), deleteCall = LatencySeries(label: "  of which the delete call")
        let day = epoch.addingTimeInterval(Double(set.days - 1) * 86_400)
        for index in 0 ..< reps {
            let start = day.addingTimeInterval(Double(index) * 60 + 7)   // inside the last day, off the minute
            let sample = HKQuantitySample(type: HealthData.stepCount, quantity: HKQuantity(unit: .count(), doubleValue: 5),
                                          start: start, end: start.addingTimeInterval(30))
            let saved = Date()
            try await store.save(sample)
            saveCall.seconds.append(Date().timeIntervalSince(saved))
            if let delivered = await iterator.next() { afterSave.seconds.append(delivered.timeIntervalSince(saved)) }
            let deleting = Date()
            try await store.delete(sample)
            deleteCall.seconds.append(Date().timeIntervalSince(deleting))
            if let delivered = await iterator.next() { afterDelete.seconds.append(delivered.timeIntervalSince(deleting)) }
        }
        store.stop(query)
        afterSave.print(target: 0.005)
        saveCall.print()
        afterDelete.print(target: 0.005)
        deleteCall.print()
    }

    /// The DuckDB figure for the same rows, in seconds (nil when Python or duckdb is missing).
    static func duckdb(_ set: DataSet, reps: Int) -> Double? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("stats_duckdb.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--days", "\(set.days)", "--phone", "\(set.phone.lowerBound)", "\(set.phone.upperBound)",
                             "--watch", "\(set.watch.lowerBound)", "\(set.watch.upperBound)", "--reps", "\(reps)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        report("duckdb", output.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let field = output.split(separator: " ").first(where: { $0.hasPrefix("median_ms=") }),
              let ms = Double(field.dropFirst("median_ms=".count)) else { return nil }
        return ms / 1000
    }

    /// The store for `set` under `--data`, generated once through the storage layer.
    static func prepare(_ set: DataSet, _ options: Options) throws -> String {
        let path = options.data + "/stats-\(set.days)d-f1.sqlite"
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: options.data, withIntermediateDirectories: true)
        print("generating \(path) (\(set.samples) samples, cached for later runs)")
        let seconds = try Measure.seconds(Measure.time {
            let storage = try SQLiteHealthStorage(path: path + ".partial")
            var random = SplitMix64(seed: 4)
            var batch: [SampleRecord] = []
            for day in 0 ..< set.days {
                for minute in 0 ..< 1440 {
                    for watch in [false, true] where (watch ? set.watch : set.phone).contains(minute) {
                        batch.append(record(day: day, minute: minute, watch: watch, uuid: random.uuid()))
                    }
                }
                if batch.count >= 100_000 || day == set.days - 1 {
                    _ = try storage.save(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        })
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + ".partial" + suffix) {
            try FileManager.default.moveItem(atPath: path + ".partial" + suffix, toPath: path + suffix)
        }
        report("generated", String(format: "%.1f s", seconds))
        return path
    }

    /// One minute of steps; the value rule is the one stats_duckdb.py uses.
    static func record(day: Int, minute: Int, watch: Bool, uuid: UUID) -> SampleRecord {
        let start = epoch.addingTimeInterval(Double(day * 86_400 + minute * 60))
        let value = Double((day * 31 + minute * 7 + (watch ? 3 : 0)) % 120)
        return SampleRecord(uuid: uuid, kind: .quantity, type: HealthData.stepCount.identifier, startDate: start,
                            endDate: start.addingTimeInterval(60), quantity: value, unit: "count", originalQuantity: value,
                            source: watch ? HealthData.watchSource : HealthData.phoneSource,
                            device: watch ? HealthData.watchDevice : HealthData.phoneDevice)
    }

    /// The process's peak resident set (VmHWM in /proc/self/status), in MB; NaN where that file does not exist.
    static func peakMemoryMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
        return kilobytes / 1024
    }
}
