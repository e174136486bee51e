import ArgumentParser
import Foundation
import HealthRecords
import OpenHealthKit

/// `health documents`: CDA documents.
struct DocumentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "documents",
        abstract: "Import CDA documents.",
        subcommands: [DocumentsImportCommand.self]
    )
}

/// `health documents import FILE`: one CDA document, or Apple's export_cda.xml with several.
struct DocumentsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import CDA documents: one ClinicalDocument, or several concatenated (Apple's export_cda.xml).",
        discussion: """
            Every document is validated first; nothing is stored if one is invalid.
            Example:
              health documents import apple_health_export/export_cda.xml
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The CDA XML file.")
    var file: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw badInput("\(file): cannot read the file") }
        let samples: [HKCDADocumentSample]
        do { samples = try CDADocumentFile.samples(in: data) } catch { throw badInput("\(file): \(error.localizedDescription)") }
        let healthStore = try store.open()
        try await healthCall { try await healthStore.save(samples) }
        for sample in samples {
            Console.write("\(sample.document?.title ?? "") (patient \(sample.document?.patientName ?? ""))\n")
        }
        Console.write("\(samples.count) documents imported\n")
    }
}
