import ArgumentParser
import Foundation
import HealthKitModel
import HealthProviders
import HealthRecords
import OpenHealthKit

/// `health providers list`: connections, what they may read, how their last sync went, and their records.
struct ProvidersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List connections: institution, patient, granted types, status, last sync, next due, record counts, last error, who signed in (fhirUser)."
    )

    @OptionGroup var options: ProviderOptions

    @Option(help: "table or json.")
    var format: OutputFormat = .table

    func run() async throws {
        let all = try providerCall { try options.connections().all() }
        let health = all.isEmpty ? nil : try options.store.openForReading()
        var rows: [[String?]] = []
        for connection in all {
            let granted = ProviderSync.resourceTypes.filter(connection.granted.allowsSearch)
            var counts: String?
            if let health { counts = try await Self.counts(health, source: connection.source) }
            rows.append([connection.id, connection.institution, connection.patientID, granted.joined(separator: " "),
                         connection.status.rawValue, connection.lastSync.map { ISO8601DateFormatter().string(from: $0) },
                         connection.status == .active ? ISO8601DateFormatter().string(from: connection.nextDue ?? Date()) : nil,
                         counts, connection.lastError, connection.fhirUser])
        }
        Console.write(Table(columns: ["id", "institution", "patient", "grantedTypes", "status", "lastSync", "nextDue", "records", "lastError", "fhirUser"],
                            rows: rows).render(format))
    }

    /// `labResultRecord 12, conditionRecord 3`: the source's records per clinical type.
    static func counts(_ health: HKHealthStore, source: HKSource) async throws -> String {
        var parts: [String] = []
        let identifiers: [(String, HKClinicalTypeIdentifier)] = [
            ("allergyRecord", .allergyRecord), ("clinicalNoteRecord", .clinicalNoteRecord), ("conditionRecord", .conditionRecord),
            ("coverageRecord", .coverageRecord), ("immunizationRecord", .immunizationRecord), ("labResultRecord", .labResultRecord),
            ("medicationRecord", .medicationRecord), ("procedureRecord", .procedureRecord), ("vitalSignRecord", .vitalSignRecord),
        ]
        for (name, identifier) in identifiers {
            let records = try await healthCall {
                try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(identifier),
                                                                               predicate: HKQuery.predicateForObjects(from: source))],
                                                  sortDescriptors: []).result(for: health)
            }
            if !records.isEmpty { parts.append("\(name) \(records.count)") }
        }
        return parts.joined(separator: ", ")
    }
}
