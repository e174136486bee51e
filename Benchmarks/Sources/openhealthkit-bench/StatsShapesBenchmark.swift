import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (d'', issue 15) Statistics query shapes apps use beyond the (d') ones, on the same year of minute steps and on a year
/// of a watch's heart rate (a reading a minute from 06:00 to 22:00): hourly, weekly (from Monday) and monthly
/// intervals anchored at local midnight in Europe/Berlin (DST changes inside), open-ended windows, one source, an OR
/// and a NOT of sources, metadata predicates, device properties ORed, the async descriptors, `enumerateStatistics`,
/// today's steps through `HKStatisticsQuery`, `.duration`, and discrete figures over heart rate. Each shape's answer is
/// checked against the same shape ANDed with a predicate the summaries do not serve (so computed from the samples),
/// and timed against the DuckDB GROUP BY of its shape on the same rows where there is one (`stats_duckdb.py
/// --shapes`). A shape that reads the samples also gives its rate in samples per second.
enum StatsShapesBenchmark {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    /// 2023-01-01 00:00 in Berlin (a Sunday), and Monday 2023-01-02 00:00.
    static let midnight = berlin.date(from: DateComponents(year: 2023, month: 1, day: 1))!
    static let monday = berlin.date(from: DateComponents(year: 2023, month: 1, day: 2))!

    /// One shape: how to run it, how many samples it reads when it reads them (0: summaries), its DuckDB query.
    struct Shape {
        var name: String
        var duck: String?
        var reads: Int = 0
        var run: (NSPredicate?) throws -> [HKStatistics]
        var predicate: NSPredicate?
        /// The unit of a predicate every sample of the shape's type matches (`quantity >= 0`).
        var unit = HKUnit.count()
    }

    static func run(_ set: StatsBenchmark.DataSet, storage: SQLiteHealthStorage, options: Options) throws {
        print("(d'') statistics shapes apps use (\(set.name); Europe/Berlin intervals)")
        let app = try StatsPredicateBenchmark.readerApp(storage)
        let start = StatsBenchmark.epoch, end = start.addingTimeInterval(Double(set.days) * 86_400)
        let window = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        func and(_ parts: NSPredicate...) -> NSPredicate { NSCompoundPredicate(andPredicateWithSubpredicates: parts) }
        let steps = HealthData.stepCount
        func collection(_ components: DateComponents, anchor: Date = midnight, options: HKStatisticsOptions = [.cumulativeSum, .separateBySource],
                        store: HKHealthStore = app, type: HKQuantityType = steps) -> (NSPredicate?) throws -> [HKStatistics] {
            { try Self.collection(store, type: type, options: options, anchor: anchor, components: components, predicate: $0).statistics() }
        }
        let day = DateComponents(day: 1)
        let phone = HKQuery.predicateForObjects(from: HealthData.phoneApp), watch = HKQuery.predicateForObjects(from: HealthData.watchApp)
        var shapes: [Shape] = [
            Shape(name: "hourly, window, separateBySource", duck: "hour", run: collection(DateComponents(hour: 1)), predicate: window),
            Shape(name: "weekly from Monday, window, separateBySource", duck: "week", run: collection(DateComponents(weekOfYear: 1), anchor: monday),
                  predicate: window),
            Shape(name: "monthly, window, separateBySource", duck: "month", run: collection(DateComponents(month: 1)), predicate: window),
            // The window's UTC edges fall inside the Berlin year (and a month) interval: see what it costs.
            Shape(name: "yearly, window, separateBySource", duck: "year", run: collection(DateComponents(year: 1)), predicate: window),
            Shape(name: "monthly, last 90 days at 14:37, separateBySource", duck: "month", run: collection(DateComponents(month: 1)),
                  predicate: HKQuery.predicateForSamples(withStart: end.addingTimeInterval(-90 * 86_400 - 4_380), end: end.addingTimeInterval(-4_380))),
            Shape(name: "daily, window without start", duck: "day", run: collection(day),
                  predicate: HKQuery.predicateForSamples(withStart: nil, end: end.addingTimeInterval(-86_400 * 30))),
            Shape(name: "daily, window without end", duck: "day", run: collection(day),
                  predicate: HKQuery.predicateForSamples(withStart: start.addingTimeInterval(86_400 * 30), end: nil)),
            Shape(name: "daily, window + one HKSource", duck: "day", run: collection(day), predicate: and(window, phone)),
            Shape(name: "daily, window + (phone OR watch source)", duck: "day", run: collection(day),
                  predicate: and(window, NSCompoundPredicate(orPredicateWithSubpredicates: [phone, watch]))),
            Shape(name: "daily, window + NOT the app's own source", duck: "day", run: collection(day),
                  predicate: and(window, NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: StatsPredicateBenchmark.reader)))),
            Shape(name: "daily, window + device name phone OR watch", duck: "day", run: collection(day),
                  predicate: and(window, HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyName, allowedValues: ["iPhone", "Apple Watch"]))),
            Shape(name: "daily, window + metadata key exists (reads)", reads: set.samples, run: collection(day),
                  predicate: and(window, HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyTimeZone))),
            Shape(name: "daily, window + metadata key = value (reads)", reads: set.samples, run: collection(day),
                  predicate: and(window, HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyTimeZone, operatorType: .equalTo, value: "Europe/Berlin"))),
            Shape(name: "daily, window, .duration merged (reads)", reads: set.samples, run: collection(day, options: .duration), predicate: window),
            Shape(name: "daily descriptor (async), window", duck: "day", run: { predicate in
                try blocking { try await HKStatisticsCollectionQueryDescriptor(
                    predicate: .quantitySample(type: steps, predicate: predicate), options: [.cumulativeSum, .separateBySource],
                    anchorDate: midnight, intervalComponents: day).result(for: app).statistics() }
            }, predicate: window),
            Shape(name: "daily, window, enumerateStatistics(from:to:)", duck: "day", run: { predicate in
                let result = try Self.collection(app, type: steps, options: .cumulativeSum, anchor: midnight, components: day, predicate: predicate)
                var all: [HKStatistics] = []
                result.enumerateStatistics(from: start, to: end) { statistics, _ in all.append(statistics) }
                return all.filter { $0.sumQuantity() != nil }
            }, predicate: window),
            Shape(name: "today's steps, HKStatisticsQueryDescriptor", run: { predicate in
                try blocking { try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps, predicate: predicate),
                                                                     options: .cumulativeSum).result(for: app).map { [$0] } ?? [] }
            }, predicate: HKQuery.predicateForSamples(withStart: end.addingTimeInterval(-86_400), end: end.addingTimeInterval(-86_400 + 15 * 3600 + 1234),
                                                     options: .strictStartDate)),
        ]
        let hr = try heartRateStore(set, options: options)
        let hrApp = try hrReader(hr)
        let hrWindow = HKQuery.predicateForSamples(withStart: start, end: end)
        let hrSamples = set.days * (22 - 6) * 60
        shapes += [
            Shape(name: "heart rate daily avg/min/max, window (reads)", duck: "hr_day", reads: hrSamples,
                  run: collection(day, options: [.discreteAverage, .discreteMin, .discreteMax], store: hrApp, type: HealthData.heartRate),
                  predicate: hrWindow, unit: HealthData.beatsPerMinute),
            Shape(name: "heart rate hourly avg, window (reads)", duck: "hr_hour", reads: hrSamples,
                  run: collection(DateComponents(hour: 1), options: .discreteAverage, store: hrApp, type: HealthData.heartRate),
                  predicate: hrWindow, unit: HealthData.beatsPerMinute),
            Shape(name: "heart rate daily mostRecent, window (reads)", reads: hrSamples,
                  run: collection(day, options: .mostRecent, store: hrApp, type: HealthData.heartRate), predicate: hrWindow, unit: HealthData.beatsPerMinute),
            Shape(name: "heart rate HKStatisticsQuery avg/min/max (reads)", reads: hrSamples, run: { predicate in
                try blocking { try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HealthData.heartRate, predicate: predicate),
                                                                     options: [.discreteAverage, .discreteMin, .discreteMax]).result(for: hrApp).map { [$0] } ?? [] }
            }, predicate: hrWindow, unit: HealthData.beatsPerMinute),
        ]
        // For profiling and for first runs in a fresh process (`perf record`): BENCH_FIRST=1 runs each chosen shape once.
        let firstOnly = ProcessInfo.processInfo.environment["BENCH_FIRST"] != nil
        let ducks = firstOnly ? [:] : StatsShapesDuck.run(set, reps: options.reps * 5)
        let only = ProcessInfo.processInfo.environment["BENCH_SHAPE"]
        for shape in shapes where only.map({ shape.name.contains($0) }) ?? true {
            let firstCPU = Measure.cpu()
            let first = try Measure.seconds(Measure.time { _ = try shape.run(shape.predicate) })
            if firstOnly {
                report("\(shape.name): first run", Measure.ms(first) + ", CPU " + Measure.ms(Measure.cpu() - firstCPU))
                continue
            }
            var series = LatencySeries(label: shape.name)
            var rates = RateSeries(label: "  samples/s")
            for _ in 0 ..< (shape.reads > 0 ? max(2, options.reps) : options.reps * 5) {
                let cpu = Measure.cpu()
                let seconds = Measure.seconds(try Measure.time { _ = try shape.run(shape.predicate) })
                series.seconds.append(seconds)
                if shape.reads > 0 { rates.add(items: shape.reads, seconds: seconds, cpu: Measure.cpu() - cpu) }
            }
            series.print(target: shape.duck.flatMap { ducks[$0] })
            report("  first run", Measure.ms(first))
            if let duck = shape.duck.flatMap({ ducks[$0] }) { report("  duckdb \(shape.duck!)", Measure.ms(duck)) }
            if shape.reads > 0 { rates.print(target: 1_000_000) }
            let everything = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: shape.unit, doubleValue: 0))
            var reference: [HKStatistics] = []
            let seconds = try Measure.seconds(Measure.time { reference = try shape.run(shape.predicate.map { and($0, everything) } ?? everything) })
            let answer = try shape.run(shape.predicate)
            report("  same as from the samples", (same(answer, reference) ? "equal (\(answer.count) intervals)"
                   : "DIFFERENT (\(answer.count) vs \(reference.count) intervals)") + ", \(Measure.ms(seconds)) that way")
        }
    }

    /// Runs `body` to its end on a task and waits for it (the benchmark's shapes are synchronous).
    static func blocking<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        Task {
            do { result = .success(try await body()) } catch { result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try result!.get()
    }

    /// A collection query's result.
    static func collection(_ store: HKHealthStore, type: HKQuantityType, options: HKStatisticsOptions, anchor: Date,
                           components: DateComponents, predicate: NSPredicate?) throws -> HKStatisticsCollection {
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: predicate, options: options,
                                                anchorDate: anchor, intervalComponents: components)
        query.intervalCalendar = berlin
        return try StatsBenchmark.initialResults(of: query, in: store)
    }

    /// Whether two answers have the same intervals and figures (sums, per-source sums, duration, average, min, max,
    /// most recent), exactly.
    static func same(_ a: [HKStatistics], _ b: [HKStatistics]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.startDate == y.startDate && x.endDate == y.endDate && x.sumQuantity() == y.sumQuantity() && x.duration() == y.duration()
                && x.averageQuantity() == y.averageQuantity() && x.minimumQuantity() == y.minimumQuantity()
                && x.maximumQuantity() == y.maximumQuantity() && x.mostRecentQuantity() == y.mostRecentQuantity()
                && Set(x.sources ?? []) == Set(y.sources ?? []) && (x.sources ?? []).allSatisfy { x.sumQuantity(for: $0) == y.sumQuantity(for: $0) }
        }
    }

    /// A store of the watch's heart rate for `set`'s days: a reading (instant) every minute from 06:00 to 22:00 UTC,
    /// 50–149 count/min by the rule `stats_duckdb.py --shapes` uses; generated once under `--data`.
    static func heartRateStore(_ set: StatsBenchmark.DataSet, options: Options) throws -> SQLiteHealthStorage {
        let path = options.data + "/stats-hr-\(set.days)d.sqlite"
        if !FileManager.default.fileExists(atPath: path) {
            let storage = try SQLiteHealthStorage(path: path + ".partial")
            var random = SplitMix64(seed: 9)
            for day in 0 ..< set.days {
                _ = try storage.save((360 ..< 1320).map { minute in
                    let start = StatsBenchmark.epoch.addingTimeInterval(Double(day * 86_400 + minute * 60))
                    let bpm = Double(50 + (day * 13 + minute * 11) % 100)
                    return SampleRecord(uuid: random.uuid(), kind: .quantity, type: HealthData.heartRate.identifier, startDate: start,
                                        endDate: start, quantity: bpm / 60, unit: "count/min", originalQuantity: bpm,
                                        source: HealthData.watchSource, device: HealthData.watchDevice)
                })
            }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + ".partial" + suffix) {
                try FileManager.default.moveItem(atPath: path + ".partial" + suffix, toPath: path + suffix)
            }
        }
        return try SQLiteHealthStorage(path: path)
    }

    /// An app granted read access to heart rate in `storage`.
    static func hrReader(_ storage: SQLiteHealthStorage) throws -> HKHealthStore {
        try HKHealthStore.owner(storage: storage)
            .setAuthorization(forApp: StatsPredicateBenchmark.reader.bundleIdentifier, toShare: [], read: [HealthData.heartRate], allowed: true)
        return HKHealthStore(storage: storage, app: StatsPredicateBenchmark.reader)
    }
}
