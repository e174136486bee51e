import Foundation
import HealthRecords

/// `fhir`: decoding and classifying the Synthea FHIR corpus, against Python's `fhir.resources` parsing the same
/// files in the same run (issue 5: at least 10x the resources per second).
enum FHIRBenchmark {
    /// The Synthea R4 sample set in the shared corpora, unless `--corpus` names another folder.
    static func corpus(_ options: Options) -> URL {
        if let folder = options.corpus { return URL(fileURLWithPath: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("shared/testdata/fhir-r4/synthea-sample-set")
    }

    static func run(_ options: Options) throws {
        let folder = corpus(options)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
        let contents = try files.map { try Data(contentsOf: $0) }
        let megabytes = Double(contents.reduce(0) { $0 + $1.count }) / 1_048_576
        print("fhir: \(files.count) files, \(String(format: "%.1f", megabytes)) MB in \(folder.path)")
        var swiftRates: [Double] = [], pythonRates: [Double] = []
        for rep in 1...options.reps {
            var resources = 0, clinical = 0, failures = 0
            let seconds = Measure.seconds(Measure.time {
                for data in contents {
                    let result = FHIRReader().read(data)
                    failures += result.failures.count
                    resources += result.resources.count
                    let names = FHIRClassifier.medicationNames(in: result.resources)
                    for item in result.resources where FHIRClassifier.classify(item.resource, medicationNames: names) != nil { clinical += 1 }
                }
            })
            swiftRates.append(Double(resources) / seconds)
            let python = try runPython(files)
            pythonRates.append(python.resources / python.seconds)
            print(String(format: "  rep %d: OpenHealthKit %d resources (%d clinical, %d failed) in %.3f s = %.0f/s; %@ %.0f resources (%.0f failed) in %.3f s = %.0f/s",
                         rep, resources, clinical, failures, seconds, Double(resources) / seconds, python.package,
                         python.resources, python.failed, python.seconds, python.resources / python.seconds))
        }
        let swift = Measure.median(swiftRates), python = Measure.median(pythonRates)
        print(String(format: "fhir decode+classify: OpenHealthKit %.0f resources/s, fhir.resources %.0f resources/s: %.1fx (target >= 10x)",
                     swift, python, swift / python))
    }

    /// Runs Benchmarks/python/fhir_parse.py over `files` and reads its JSON line.
    static func runPython(_ files: [URL]) throws -> (resources: Double, failed: Double, seconds: Double, package: String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("python/fhir_parse.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let resources = json["resources"] as? Double, let seconds = json["seconds"] as? Double else {
            fatalError("fhir_parse.py failed (pip install fhir.resources): \(String(decoding: data, as: UTF8.self))")
        }
        return (resources, json["failed"] as? Double ?? 0, seconds, json["package"] as? String ?? "fhir.resources")
    }
}
