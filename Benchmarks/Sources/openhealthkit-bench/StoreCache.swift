import Foundation
import HealthDatabase
import HealthDatabaseSQLite

/// The large store the read benchmarks use, generated once through the storage layer (its fastest
/// path: batches of 100,000 records, one transaction each) and kept under `--data` between runs.
enum StoreCache {
    /// Bump when the schema or the generated data changes, so stale files are not reused.
    static let format = "f1"

    static func path(_ options: Options) -> String {
        options.data + "/store-\(options.store)-\(format).sqlite"
    }

    /// The cached store's path, generating the file first when missing.
    static func prepare(_ options: Options) throws -> String {
        let path = path(options)
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: options.data, withIntermediateDirectories: true)
        let partial = path + ".partial"
        SaveBenchmark.removeStore(partial)
        print("generating a \(options.store)-sample store at \(path) (cached for later runs)")
        let seconds = try Measure.seconds(Measure.time {
            let storage = try SQLiteHealthStorage(path: partial)
            var random = SplitMix64(seed: 42)
            let batch = 100_000
            var index = 0
            while index < options.store {
                let count = min(batch, options.store - index)
                let records = (index ..< index + count).map { HealthData.record(HealthData.sample($0, &random)) }
                _ = try storage.save(records)
                index += count
                if index % 1_000_000 == 0 { print("  \(index) samples"); fflush(stdout) }
            }
        })
        // The storage instance is released above, so its WAL is checkpointed into the main file.
        SaveBenchmark.removeStore(partial + "-shm")
        if FileManager.default.fileExists(atPath: partial + "-wal") {
            try FileManager.default.moveItem(atPath: partial + "-wal", toPath: path + "-wal")
        }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        report("generated", String(format: "%.1f s, %@ samples/s", seconds, Measure.rate(Double(options.store) / seconds)))
        return path
    }
}
