import Foundation

// The speed benchmarks of issue 3. See BENCHMARKS.md.
let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
print("openhealthkit-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, data in \(options.data)")
for command in options.commands {
    switch command {
    case "save", "save-api", "save-storage": try await SaveBenchmark.run(options)
    case "save-ceiling": try SaveCeiling.run(options)
    case "latest": try await LatestBenchmark.run(options)
    case "anchored": try await AnchoredBenchmark.run(options)
    case "stats": try await StatsBenchmark.run(options)
    case "build": _ = try StoreCache.prepare(options)
    case "fhir": try FHIRBenchmark.run(options)
    case "import": try ImportBenchmark.run(options)
    case _ where PostgresBenchmark.commands.contains(command): try await PostgresBenchmark.run(command, options)
    default: break
    }
    print("")
}
