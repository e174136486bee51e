import Foundation
import HealthRecords
import OpenHealthKit

/// Reading clinical records for the CLI, and turning them into rows and text.
enum ClinicalRecordRows {
    /// The records of `types` (and of one FHIR resource type, when given), newest first.
    static func fetch(_ types: [HKClinicalType], resourceType: String?, from store: HKHealthStore) async throws -> [HKClinicalRecord] {
        let predicate = resourceType.map { HKQuery.predicateForClinicalRecords(withFHIRResourceType: HKFHIRResourceType(rawValue: $0)) }
        let predicates: [HKSamplePredicate<HKClinicalRecord>] = types.map { .clinicalRecord(type: $0, predicate: predicate) }
        let descriptor = HKSampleQueryDescriptor(predicates: predicates, sortDescriptors: [SortDescriptor(\HKClinicalRecord.startDate, order: .reverse)])
        return try await healthCall { try await descriptor.result(for: store) }
    }

    /// The records `id` names — its UUID, `ResourceType/id` or FHIR id — found through the store's indexes (the
    /// sample's UUID, the FHIR identifier field), not by reading every record.
    static func find(_ id: String, in store: HKHealthStore) async throws -> [HKClinicalRecord] {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let identifier = NSPredicate(format: "%K == %@", HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier, parts.last ?? id)
        var lookups = [parts.count == 2
            ? NSCompoundPredicate(andPredicateWithSubpredicates: [
                HKQuery.predicateForClinicalRecords(withFHIRResourceType: HKFHIRResourceType(rawValue: parts[0])), identifier])
            : identifier]
        if let uuid = UUID(uuidString: id) { lookups.insert(HKQuery.predicateForObject(with: uuid), at: 0) }
        var found: [HKClinicalRecord] = []
        for predicate in lookups {
            let predicates: [HKSamplePredicate<HKClinicalRecord>] = HKObjectType.allClinicalTypes.map { .clinicalRecord(type: $0, predicate: predicate) }
            let descriptor = HKSampleQueryDescriptor(predicates: predicates, sortDescriptors: [SortDescriptor(\HKClinicalRecord.startDate, order: .reverse)])
            found += try await healthCall { try await descriptor.result(for: store) }.filter { record in !found.contains { $0.uuid == record.uuid } }
        }
        return found
    }

    /// One row per record.
    static func table(_ records: [HKClinicalRecord]) -> Table {
        Table(columns: ["id", "type", "name", "date", "institution", "fhirVersion", "uuid"], rows: records.map { record in
            let resource = record.fhirResource
            return [
                resource.map { "\($0.resourceType.rawValue)/\($0.identifier)" }, shortName(record.clinicalType),
                record.displayName, relevantDate(record), record.sourceRevision.source.name,
                resource.map { "\($0.fhirVersion.fhirRelease.rawValue) \($0.fhirVersion.stringRepresentation)" },
                record.uuid.uuidString,
            ]
        })
    }

    /// The record's fields, then its FHIR JSON pretty-printed.
    static func details(_ record: HKClinicalRecord) -> String {
        var lines = [
            "uuid: \(record.uuid.uuidString)", "type: \(shortName(record.clinicalType))", "name: \(record.displayName)",
            "institution: \(record.sourceRevision.source.name) (\(record.sourceRevision.source.bundleIdentifier))",
            "added: \(ISO8601DateFormatter().string(from: record.startDate))",
        ]
        if let date = relevantDate(record) { lines.append("date: \(date)") }
        guard let resource = record.fhirResource else { return lines.joined(separator: "\n") + "\n" }
        lines += [
            "resource: \(resource.resourceType.rawValue)/\(resource.identifier)",
            "fhirVersion: \(resource.fhirVersion.stringRepresentation) (\(resource.fhirVersion.fhirRelease.rawValue))",
        ]
        if let url = resource.sourceURL { lines.append("sourceURL: \(url.absoluteString)") }
        let json = (try? JSONSerialization.jsonObject(with: resource.data))
            .flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) }
        lines.append(String(decoding: json ?? resource.data, as: UTF8.self))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `labResultRecord` for `HKClinicalTypeIdentifierLabResultRecord`.
    static func shortName(_ type: HKClinicalType) -> String {
        let name = type.identifier.replacingOccurrences(of: "HKClinicalTypeIdentifier", with: "")
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// The date the resource is about, as written in it.
    static func relevantDate(_ record: HKClinicalRecord) -> String? {
        guard let data = record.fhirResource?.data else { return nil }
        return (try? JSONDecoder().decode(FHIRAnyResource.self, from: data))?.clinical?.relevantDate
    }
}
