import ArgumentParser
import Foundation
import HealthRecords
import OpenHealthKit

/// `health records`: clinical records (FHIR) from healthcare institutions.
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "Import and read clinical records (FHIR DSTU2 and R4 resources).",
        subcommands: [RecordsImportCommand.self, RecordsListCommand.self, RecordsShowCommand.self]
    )
}

/// `health records import PATH --institution NAME`: FHIR bundles, resources, NDJSON files or folders of them.
struct RecordsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import FHIR resources from an institution: a Bundle, a resource, an NDJSON file or a folder.",
        usage: "health records import <path> --institution <name> [options]",
        discussion: """
            Resources of a clinical type are stored as clinical records of the institution; sending a resource again \
            replaces the stored one (same institution, resource type and id), never duplicates it. Other resources \
            (Patient, Encounter, ...) are counted and not stored. Unreadable resources are reported on standard error \
            with their file, line and JSON path; the rest is still imported, and the exit status is then 2.
            Examples:
              health records import patient-bundle.json --institution "General Hospital"
              health records import export/ --institution Clinic \\
                  --base-url https://fhir.clinic.example/r4
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "A JSON file (Bundle or resource), an .ndjson file, or a folder of them.")
    var path: String

    @Option(help: "The institution the records come from (their source).")
    var institution: String

    @Option(name: .customLong("base-url"), help: "The institution's FHIR base URL, for the records' source URLs.")
    var baseURL: String?

    @Option(name: .customLong("fhir-release"), help: "dstu2 or r4; default: detected from each resource.")
    var release: String?

    func run() async throws {
        guard !institution.trimmingCharacters(in: .whitespaces).isEmpty else { throw badInput("--institution must not be empty") }
        let base = try baseURL.map { text in
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                throw badInput("--base-url \"\(text)\" is not an http(s) URL")
            }
            return url
        }
        let fhirRelease = try release.map { text -> HKFHIRRelease in
            switch text.lowercased() {
            case "dstu2": return .dstu2
            case "r4": return .r4
            default: throw badInput("--fhir-release must be dstu2 or r4, not \"\(text)\"")
            }
        }
        let ingestor = ClinicalRecordIngestor(store: try store.openForWriting(), institution: ClinicalInstitution(name: institution, baseURL: base),
                                              release: fhirRelease)
        let url = URL(fileURLWithPath: path)
        let report = try await healthCall { try ingestor.ingest(contentsOf: url) }
        for failure in report.failures { Console.error(failure.description) }
        Console.write(Self.summary(report))
        if !report.failures.isEmpty { throw HealthExitStatus.badInput }
    }

    /// The lines printed after an import.
    static func summary(_ report: ClinicalIngestReport) -> String {
        let outcome = report.outcome
        var text = "\(report.clinicalResources) clinical records: \(outcome.added) added, \(outcome.replaced) replaced, \(outcome.unchanged) unchanged\n"
        if report.enteredInError > 0 {
            text += "entered-in-error (not stored): \(report.enteredInError); earlier versions removed: \(report.withdrawn)\n"
        }
        let skipped = report.skippedByType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        if !skipped.isEmpty { text += "not clinical records (not stored): \(skipped.joined(separator: ", "))\n" }
        if !report.failures.isEmpty { text += "\(report.failures.count) resources could not be read (see above)\n" }
        if !report.unreadFiles.isEmpty {
            text += "files not read (not .json or .ndjson): \(report.unreadFiles.joined(separator: ", "))\n"
        }
        return text
    }
}
