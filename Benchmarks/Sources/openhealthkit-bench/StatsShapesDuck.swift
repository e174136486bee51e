import Foundation

/// The DuckDB side of ``StatsShapesBenchmark``: `stats_duckdb.py --shapes` on the same rows, each shape's median.
enum StatsShapesDuck {
    /// Each shape's DuckDB median in seconds, by name (empty when Python or duckdb is missing).
    static func run(_ set: StatsBenchmark.DataSet, reps: Int) -> [String: Double] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("stats_duckdb.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--days", "\(set.days)", "--phone", "\(set.phone.lowerBound)", "\(set.phone.upperBound)",
                             "--watch", "\(set.watch.lowerBound)", "\(set.watch.upperBound)", "--reps", "\(reps)", "--shapes"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [:] }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var medians: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            report("duckdb", String(line))
            let fields = Dictionary(line.split(separator: " ").compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { a, _ in a })
            if let name = fields["shape"], let ms = fields["median_ms"].flatMap(Double.init) { medians[name] = ms / 1000 }
        }
        return medians
    }
}
