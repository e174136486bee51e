import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (d, issue 15) The daily step collection as apps run it: with a `predicateForSamples(withStart:end:options:)`
/// window (each `HKQueryOptions`), by an app that has read permission (not the owner), separated by source and
/// merged, against DuckDB's GROUP BY measured in the same run; `HKStatisticsQuery` over a window whose edges are not
/// slot edges; and a predicate the summaries do not serve (`predicateForQuantitySamples`), which reads the samples, in
/// samples per second.
enum StatsPredicateBenchmark {
    static let reader = HKSource(name: "Step Reader", bundleIdentifier: "org.openhealthkit.bench.reader")

    static func run(_ set: StatsBenchmark.DataSet, storage: SQLiteHealthStorage, calendar: Calendar, duck: Double?,
                    reps: Int) throws {
        let app = try readerApp(storage)
        let start = StatsBenchmark.epoch, end = start.addingTimeInterval(Double(set.days) * 86_400)
        let owner = HKHealthStore.owner(storage: storage)
        try owner.setAuthorization(forApp: HealthData.phoneApp.bundleIdentifier, toShare: [HealthData.stepCount], read: [], allowed: true)
        let phone = HKHealthStore(storage: storage, app: HealthData.phoneApp)   // reads its own samples only
        let window = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        let notEntered = NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)
        let shapes: [(String, HKHealthStore, NSPredicate)] = [
            ("window (none)", app, window),
            ("window (strictStartDate)", app, HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)),
            ("window (strictEndDate)", app, HKQuery.predicateForSamples(withStart: start, end: end, options: .strictEndDate)),
            ("window (both)", app, HKQuery.predicateForSamples(withStart: start, end: end, options: [.strictStartDate, .strictEndDate])),
            ("window + phone source", app, NSCompoundPredicate(andPredicateWithSubpredicates: [
                window, HKQuery.predicateForObjects(from: HealthData.phoneApp)])),
            ("window + not user-entered", app, NSCompoundPredicate(andPredicateWithSubpredicates: [window, notEntered])),
            ("window, app reading its own only", phone, window),
            ("window + watch device", app, NSCompoundPredicate(andPredicateWithSubpredicates: [
                window, HKQuery.predicateForObjects(from: [HealthData.watch])])),
            ("window + device model Watch + not user-entered", app, NSCompoundPredicate(andPredicateWithSubpredicates: [
                window, HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"]), notEntered])),
        ]
        for (name, app, predicate) in shapes {
            _ = try StatsBenchmark.collection(app, separate: true, calendar: calendar, predicate: predicate)
            var separate = LatencySeries(label: "\(name), separateBySource")
            var merged = LatencySeries(label: "\(name), merged")
            for _ in 0 ..< reps {
                separate.seconds.append(Measure.seconds(try Measure.time {
                    _ = try StatsBenchmark.collection(app, separate: true, calendar: calendar, predicate: predicate)
                }))
                merged.seconds.append(Measure.seconds(try Measure.time {
                    _ = try StatsBenchmark.collection(app, separate: false, calendar: calendar, predicate: predicate)
                }))
            }
            separate.print(target: duck)
            merged.print(target: duck.map { $0 * 2 })
            // The same window ANDed with a predicate every sample matches that the summaries do not serve.
            let everything = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
            let reference = try StatsBenchmark.collection(app, separate: true, calendar: calendar,
                                                          predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [predicate, everything]))
            let answer = try StatsBenchmark.collection(app, separate: true, calendar: calendar, predicate: predicate)
            report("  same as from the samples", StatsBenchmark.same(answer.statistics(), reference.statistics()) ? "equal" : "DIFFERENT")
        }
        try single(app, start: start, end: end, reps: reps, duck: duck)
        try scan(set, storage: storage, app: app, calendar: calendar, reps: max(1, reps / 5))
    }

    /// The store as the app granted read access to steps sees it.
    static func readerApp(_ storage: SQLiteHealthStorage) throws -> HKHealthStore {
        try HKHealthStore.owner(storage: storage)
            .setAuthorization(forApp: reader.bundleIdentifier, toShare: [], read: [HealthData.stepCount], allowed: true)
        return HKHealthStore(storage: storage, app: reader)
    }

    /// ``scan(_:storage:app:calendar:reps:)`` alone, for profiling.
    static func scanOnly(_ set: StatsBenchmark.DataSet, storage: SQLiteHealthStorage, reps: Int) throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        try scan(set, storage: storage, app: readerApp(storage), calendar: utc, reps: reps)
    }

    /// A predicate the summaries do not serve (`predicateForQuantitySamples`, every sample matches) reads every
    /// sample of the window: the whole collection query, and the storage layer's read of those samples alone, in
    /// samples per second.
    static func scan(_ set: StatsBenchmark.DataSet, storage: SQLiteHealthStorage, app: HKHealthStore, calendar: Calendar,
                     reps: Int) throws {
        let other = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        let filter = SampleFilter.and([.types([HealthData.stepCount.identifier]), .quantity(.greaterThanOrEqual, 0)])
        let start = StatsBenchmark.epoch.timeIntervalSince1970, end = start + Double(set.days) * 86_400
        var query = RateSeries(label: "quantity predicate (reads the samples), samples/s")
        var read = RateSeries(label: "  the storage layer's read of them alone")
        func measure(_ series: inout RateSeries, _ body: () throws -> Void) rethrows {
            let cpu = Measure.cpu()
            let seconds = Measure.seconds(try Measure.time(body))
            series.add(items: set.samples, seconds: seconds, cpu: Measure.cpu() - cpu)
        }
        for _ in 0 ..< reps {
            try measure(&query) { _ = try StatsBenchmark.collection(app, separate: true, calendar: calendar, predicate: other) }
            try measure(&read) {
                let values = try storage.quantityValues(matching: filter, type: HealthData.stepCount.identifier, starts: start ..< end)
                precondition(values.count == set.samples, "read \(values.count) of \(set.samples) samples")
            }
        }
        query.print(target: 1_000_000)
        read.print()
    }

    /// `HKStatisticsQuery` (sums per source) over the year less 7 minutes 17 s at the start and 20 minutes 34 s at
    /// the end (ragged ends), from the summaries and, for the check, from the samples.
    static func single(_ app: HKHealthStore, start: Date, end: Date, reps: Int, duck: Double?) throws {
        let window = HKQuery.predicateForSamples(withStart: start.addingTimeInterval(437), end: end.addingTimeInterval(-1234),
                                                 options: [])
        let everything = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        func run(_ predicate: NSPredicate) throws -> HKStatistics {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: Result<HKStatistics, any Error> = .failure(HKError(.unknownError, "no answer"))
            app.execute(HKStatisticsQuery(quantityType: HealthData.stepCount, quantitySamplePredicate: predicate,
                                          options: [.cumulativeSum, .separateBySource]) { _, statistics, error in
                result = statistics.map { .success($0) } ?? .failure(error ?? HKError(.unknownError, "no answer"))
                done.signal()
            })
            done.wait()
            return try result.get()
        }
        _ = try run(window)
        var latency = LatencySeries(label: "HKStatisticsQuery, ragged window, separateBySource")
        for _ in 0 ..< reps { latency.seconds.append(Measure.seconds(try Measure.time { _ = try run(window) })) }
        latency.print(target: duck)
        let reference = try run(NSCompoundPredicate(andPredicateWithSubpredicates: [window, everything]))
        report("  same as from the samples", StatsBenchmark.same([try run(window)], [reference]) ? "equal" : "DIFFERENT")
    }
}
