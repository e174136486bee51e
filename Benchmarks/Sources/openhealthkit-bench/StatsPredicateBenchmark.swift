import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (d, issue 15) The daily step collection as apps run it: with a `predicateForSamples(withStart:end:options:)`
/// window (each `HKQueryOptions`), by an app that has read permission (not the owner), separated by source and
/// merged, against DuckDB's GROUP BY measured in the same run; and a predicate the summaries do not serve
/// (`predicateForQuantitySamples`), which reads the samples, in samples per second.
enum StatsPredicateBenchmark {
    static let reader = HKSource(name: "Step Reader", bundleIdentifier: "org.openhealthkit.bench.reader")

    static func run(_ set: StatsBenchmark.DataSet, storage: SQLiteHealthStorage, calendar: Calendar, duck: Double?,
                    reps: Int) throws {
        let owner = HKHealthStore.owner(storage: storage)
        try owner.setAuthorization(forApp: reader.bundleIdentifier, toShare: [], read: [HealthData.stepCount], allowed: true)
        let app = HKHealthStore(storage: storage, app: reader)
        let start = StatsBenchmark.epoch, end = start.addingTimeInterval(Double(set.days) * 86_400)
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
        // A predicate the summaries do not serve reads every sample of the window.
        let other = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        var scan = LatencySeries(label: "quantity predicate (reads the samples)")
        for _ in 0 ..< max(1, reps / 5) {
            scan.seconds.append(Measure.seconds(try Measure.time {
                _ = try StatsBenchmark.collection(app, separate: true, calendar: calendar, predicate: other)
            }))
        }
        scan.print()
        report("  samples read per second", String(format: "%.0f", Double(set.samples) / scan.median))
    }
}
