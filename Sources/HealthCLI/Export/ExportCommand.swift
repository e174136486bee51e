import ArgumentParser
import Foundation
import HealthExport
import OpenHealthKit

/// `health export`: the store as Apple's export.zip, CSV files or a FHIR Bundle.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the store: Apple's export.zip layout, one CSV per type, or a FHIR R4 Bundle.",
        usage: "health export --out <path> [--format <format>] [--type <type>] [...]",
        discussion: """
            apple: export.zip (or a folder when --out does not end in .zip) with export.xml, workout-routes/, \
            clinical-records/ and export_cda.xml; `health import` of it gives back the same samples. csv: a folder \
            with one CSV per type (zipped when --out ends in .zip). fhir: one JSON Bundle with an Observation per quantity sample and the stored \
            clinical resources.

            Example:
              health export --format apple --out backup.zip
              health export --format csv --type stepCount,heartRate --out csv/
              health export --format fhir --out observations.json
            """
    )

    @Option(name: .long, help: "apple, csv or fhir.")
    var format: String = "apple"

    @Option(name: .long, help: "Only these types (names or identifiers, comma-separated); repeatable.")
    var type: [String] = []

    @Option(help: "Only samples ending at or after this date (2024-03-01 or an ISO 8601 timestamp).")
    var from: String?

    @Option(help: "Only samples starting before this date.")
    var to: String?

    @Option(name: .long, help: ArgumentHelp("Where to write.", valueName: "path"))
    var out: String

    @OptionGroup var store: StoreOptions

    func run() throws {
        guard let chosen = HealthExporter.Format(rawValue: format) else { throw badInput("--format must be apple, csv or fhir, not \"\(format)\"") }
        var selection = ExportSelection()
        selection.types = Set(try TypeList.parse(type).map(\.identifier))
        (selection.from, selection.to) = try DateOptions.window(from: from, to: to)
        let target = URL(fileURLWithPath: out)
        let folder = target.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if out.hasSuffix(".zip") || chosen == .fhir, FileManager.default.fileExists(atPath: out) {
            throw badInput("--out \(out) already exists; remove it or choose another path")
        }
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw badInput("--out: the folder \(folder.path) does not exist; create it first or choose another path")
        }
        let storage = try store.openForReading().storage()
        do {
            let counts = try HealthExporter(storage: storage).export(chosen, selection: selection, to: URL(fileURLWithPath: out))
            let rows = counts.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] }
            Console.write("Wrote \(out)\n" + Table(columns: ["part", "count"], rows: rows).render(.table))
        } catch {
            Console.error("writing \(out) failed: \(ErrorText.sentence(error))")
            throw HealthExitStatus.failure
        }
    }
}
