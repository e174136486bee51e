import ArgumentParser
import Foundation
import HealthExport

/// `health demo-export`: writes a realistic synthetic Apple Health export.
struct DemoExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-export",
        abstract: "Write a realistic synthetic Apple Health export (deterministic for a seed).",
        usage: "health demo-export --out <dir> [--records <n>] [--seed <seed>] [...]",
        discussion: """
            Writes DIR/apple_health_export/ with export.xml, workout-routes/*.gpx, electrocardiograms/*.csv, \
            clinical-records/*.json and export_cda.xml at a real export's density: an iPhone and an Apple Watch with \
            overlapping steps, heart rate, HRV readings with their beat lists, sleep stages, several apps and devices \
            (each record's device with its own address, as Apple prints them), body mass, blood-pressure correlations, \
            runs with events, statistics and a GPX route of one point a second, indoor workouts, activity summaries, \
            ECGs and clinical records. About 500 bytes of export.xml and 250 bytes of GPX per record.

            Example:
              health demo-export --records 100000 --out /tmp/demo
              health import /tmp/demo && health summary
            """
    )

    @Option(name: .long, help: "How many top-level Record elements to write.")
    var records = 10_000

    @Option(name: .long, help: ArgumentHelp("Where to write apple_health_export/.", valueName: "dir"))
    var out: String

    @Option(name: .long, help: "The random seed (the same seed writes the same export).")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Summary format: table or json.")
    var format: OutputFormat = .table

    func run() throws {
        guard records > 0 else { throw badInput("--records must be positive") }
        let written: DemoExport.Written
        do {
            written = try DemoExport(records: records, seed: seed).write(to: URL(fileURLWithPath: out))
        } catch {
            Console.error(ErrorText.sentence(error))
            throw HealthExitStatus.failure
        }
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Console.write(String(decoding: (try? encoder.encode(written)) ?? Data(), as: UTF8.self) + "\n")
        } else {
            let others = written.elements.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            Console.write("Wrote \(written.exportXML): \(written.records) records (\(written.correlationMembers) also in correlations), \(others), \(written.routes) routes\n")
        }
    }
}
