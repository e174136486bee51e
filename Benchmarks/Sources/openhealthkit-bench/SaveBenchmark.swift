import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit

/// (a) Saving `samples` quantity samples in batches of `batch`, into a fresh file each run:
/// through `HKHealthStore.save` (two apps, the phone and the watch, each saving its own samples) and
/// through the storage layer (`SQLiteHealthStorage.save`, one call per batch); against SQLite's floor for the same
/// rows in the same run (``SaveFloor``, one `INSERT … SELECT` per table), each rep alternating the three.
enum SaveBenchmark {
    static func run(_ options: Options) async throws {
        print("(a) save \(options.samples) quantity samples in batches of \(options.batch), \(options.reps) runs each")
        var api = RateSeries(label: "HKHealthStore.save (HKQuantitySample)")
        var storage = RateSeries(label: "SQLiteHealthStorage.save (SampleRecord, random v4 UUIDs as phones make them)")
        var ordered = RateSeries(label: "SQLiteHealthStorage.save (SampleRecord, time-ordered v7 UUIDs as OpenHealthKit makes them)")
        var creation = RateSeries(label: "creating the HKQuantitySamples (not timed above)")
        var floor = RateSeries(label: "SQLite floor: INSERT … SELECT from a recursive CTE, shipped schema, one transaction")
        let both = options.commands.contains("save")
        for rep in 0 ..< options.reps {
            let (floorSeconds, floorCPU) = try SaveFloor.insert(options, count: options.samples)
            floor.add(items: options.samples, seconds: floorSeconds, cpu: floorCPU)
            if both || options.commands.contains("save-api") {
                let (apiSeconds, apiCPU, creationSeconds) = try await saveThroughAPI(options, rep: rep)
                api.add(items: options.samples, seconds: apiSeconds, cpu: apiCPU)
                creation.add(items: options.samples, seconds: creationSeconds)
            }
            if both || options.commands.contains("save-storage") {
                let (seconds, cpu) = try saveThroughStorage(options, rep: rep, timeOrdered: false)
                storage.add(items: options.samples, seconds: seconds, cpu: cpu)
                let (orderedSeconds, orderedCPU) = try saveThroughStorage(options, rep: rep, timeOrdered: true)
                ordered.add(items: options.samples, seconds: orderedSeconds, cpu: orderedCPU)
            }
        }
        if !api.rates.isEmpty { api.print(target: 300_000) }
        if !storage.rates.isEmpty { storage.print(target: 300_000) }
        if !ordered.rates.isEmpty { ordered.print(target: 300_000) }
        if !creation.rates.isEmpty { creation.print() }
        floor.print()
        for series in [api, storage, ordered] where !series.rates.isEmpty {
            report("  \(series.label)", String(format: "%.2fx the floor (median over median; per CPU-second %.2fx)",
                                                series.median / floor.median,
                                                Measure.median(series.cpuRates) / Measure.median(floor.cpuRates)))
        }
    }

    static func freshPath(_ options: Options, _ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: options.data, withIntermediateDirectories: true)
        let path = options.data + "/" + name
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return path
    }

    static func removeStore(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Returns the seconds (wall and CPU) spent in `save` and the seconds spent creating the objects.
    static func saveThroughAPI(_ options: Options, rep: Int) async throws -> (Double, Double, Double) {
        let path = try freshPath(options, "save-api.sqlite")
        defer { removeStore(path) }
        let storage = try SQLiteHealthStorage(path: path)
        let owner = HKHealthStore.owner(storage: storage)
        let types: Set<HKSampleType> = [HealthData.heartRate, HealthData.stepCount]
        for app in [HealthData.phoneApp, HealthData.watchApp] {
            try owner.setAuthorization(forApp: app.bundleIdentifier, toShare: types, read: types, allowed: true)
        }
        let phone = HKHealthStore(storage: storage, app: HealthData.phoneApp)
        let watch = HKHealthStore(storage: storage, app: HealthData.watchApp)
        var random = SplitMix64(seed: UInt64(rep + 1))
        var saving: Duration = .zero, creating: Duration = .zero, cpu = 0.0
        let clock = ContinuousClock()
        var index = 0
        while index < options.samples {
            let count = min(options.batch, options.samples - index)
            var phoneObjects: [HKObject] = [], watchObjects: [HKObject] = []
            phoneObjects.reserveCapacity(count / 4)
            watchObjects.reserveCapacity(count)
            creating += Measure.time {
                for i in index ..< index + count {
                    let sample = HealthData.sample(i, &random)
                    if sample.stream == .phoneSteps { phoneObjects.append(HealthData.object(sample)) }
                    else { watchObjects.append(HealthData.object(sample)) }
                }
            }
            let start = clock.now, cpuStart = Measure.cpu()
            try await watch.save(watchObjects)
            try await phone.save(phoneObjects)
            saving += clock.now - start
            cpu += Measure.cpu() - cpuStart
            index += count
        }
        let stored = try storage.count(matching: .all)
        precondition(stored == options.samples, "stored \(stored) of \(options.samples)")
        return (Measure.seconds(saving), cpu, Measure.seconds(creating))
    }

    /// Returns the seconds (wall and CPU) spent in `save`. With `timeOrdered`, each record gets a version 7 UUID
    /// (as `HKObject`s made by OpenHealthKit have) instead of a random one (as objects synced from a phone have).
    static func saveThroughStorage(_ options: Options, rep: Int, timeOrdered: Bool) throws -> (Double, Double) {
        let path = try freshPath(options, "save-storage.sqlite")
        defer { removeStore(path) }
        let storage = try SQLiteHealthStorage(path: path)
        var random = SplitMix64(seed: UInt64(rep + 1))
        var saving: Duration = .zero, cpu = 0.0
        var index = 0
        while index < options.samples {
            let count = min(options.batch, options.samples - index)
            let records = (index ..< index + count).map { position in
                var record = HealthData.record(HealthData.sample(position, &random))
                if timeOrdered { record.uuid = random.timeOrderedUUID(UInt64(position)) }
                return record
            }
            let cpuStart = Measure.cpu()
            saving += try Measure.time { _ = try storage.save(records) }
            cpu += Measure.cpu() - cpuStart
            index += count
        }
        let stored = try storage.count(matching: .all)
        precondition(stored == options.samples, "stored \(stored) of \(options.samples)")
        return (Measure.seconds(saving), cpu)
    }
}
