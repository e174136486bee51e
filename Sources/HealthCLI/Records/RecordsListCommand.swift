import ArgumentParser
import Foundation
import HealthProviders
import HealthRecords
import OpenHealthKit

/// `health records list [--type T]`: the stored clinical records.
struct RecordsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List clinical records, optionally of one clinical type.",
        usage: "health records list [--type <type>] [--resource-type <type>] [options]",
        discussion: """
            Examples:
              health records list
              health records list --type labResultRecord --format json
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "Only this clinical type, e.g. labResultRecord, medicationRecord.")
    var type: String?

    @Option(help: "Only resources of this FHIR type, e.g. MedicationRequest.")
    var resourceType: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func run() async throws {
        let types: [HKClinicalType]
        if let type {
            guard let clinical = try TypeList.parse([type]).first as? HKClinicalType else {
                throw badInput("\"\(type)\" is not a clinical type (allergyRecord, labResultRecord, medicationRecord, ...)")
            }
            types = [clinical]
        } else {
            types = HKObjectType.allClinicalTypes
        }
        let healthStore = try store.openForReading()
        let writer = RowWriter(columns: ClinicalRecordRows.columns, format: format)
        try streamRows(to: writer) { try ClinicalRecordRows.write(types, resourceType: resourceType, from: healthStore, to: writer) }
    }
}

/// `health records show ID`: one record, its fields and its FHIR JSON.
struct RecordsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one clinical record and its FHIR resource.",
        discussion: """
            ID is the record's UUID, ResourceType/id, or a FHIR id.
            Examples:
              health records show Observation/1234
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The record's UUID, ResourceType/id, or FHIR id.")
    var id: String

    func run() async throws {
        let matches = try await ClinicalRecordRows.find(id, in: try store.openForReading())
        guard let record = matches.first else { throw badInput("no clinical record \"\(id)\"") }
        if matches.count > 1 {
            Console.error("\(matches.count) records match \"\(id)\"; showing the first (use ResourceType/id or the UUID)")
        }
        // A provider's record: the Practitioners and Organizations kept with its connection name its parties.
        let parties = store.isPostgres ? nil
            : ConnectionStore.parties(database: store.path, sourceBundleIdentifier: record.sourceRevision.source.bundleIdentifier)
        Console.write(ClinicalRecordRows.details(record, parties: parties))
    }
}
