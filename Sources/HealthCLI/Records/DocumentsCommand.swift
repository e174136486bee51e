import ArgumentParser
import Foundation
import HealthExport
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
            Every document is validated first; nothing is stored if one is invalid. A document already in the
            store (the same bytes) is not stored again.
            Example:
              health documents import apple_health_export/export_cda.xml
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The CDA XML file.")
    var file: String

    func run() async throws {
        let data: Data
        do { data = try CDADocumentFile.contents(of: URL(fileURLWithPath: file)) } catch {
            throw badInput("\(file): \(error.localizedDescription)")
        }
        let healthStore = try store.openForWriting()
        let outcome: DocumentImport.Outcome
        do {
            outcome = try DocumentImport.store(data, in: healthStore, source: healthStore.app, fallbackDate: Date())
        } catch let error as HKError where error.code == .errorInvalidArgument {
            throw badInput("\(file): \(error.localizedDescription)")
        } catch {
            Console.error("\(file): \(error.localizedDescription)")
            throw HealthExitStatus.failure
        }
        for sample in outcome.documents {
            Console.write("\(sample.document?.title ?? "") (patient \(sample.document?.patientName ?? ""))\n")
        }
        Console.write("\(outcome.documents.count) documents: \(outcome.stored) imported, \(outcome.alreadyStored) already in the store\n")
    }
}
