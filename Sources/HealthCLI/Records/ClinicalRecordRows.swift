import Foundation
import HealthDatabase
import HealthProviders
import HealthRecords
import OpenHealthKit

/// Reading clinical records for the CLI, and turning them into rows and text.
enum ClinicalRecordRows {
    /// The columns of `records list`.
    static let columns = ["id", "type", "name", "date", "institution", "fhirVersion", "uuid"]

    /// Records read from the store at a time.
    static let pageSize = 1_000

    /// Writes the records of `types` (and of one FHIR resource type, when given), newest first (ties: last saved
    /// first), to `writer` a page at a time as they are read, so memory holds one page however many records match.
    static func write(_ types: [HKClinicalType], resourceType: String?, from store: HKHealthStore, to writer: RowWriter) throws {
        var parts: [SampleFilter] = [.types(Set(types.map(\.identifier)))]
        if let resourceType { parts.append(.field(FieldKey.fhirResourceType, .equal, .text(resourceType))) }
        let storage = try store.storage()
        var pager = KeysetPager(filter: .and(parts), byEnd: false, ascending: false)
        while let page = try pager.next(storage, size: pageSize) {
            for case let record as HKClinicalRecord in try QueryMapping.samples(from: page, storage: storage, concurrently: false) {
                writer.add(row(record))
            }
        }
    }

    /// The records `id` names: the record with that UUID when `id` is one and a record has it (a seek in the store's
    /// UUID index, nothing else read); otherwise those whose FHIR identifier (and resource type, for `ResourceType/id`)
    /// it is, through the identifier field.
    static func find(_ id: String, in store: HKHealthStore) async throws -> [HKClinicalRecord] {
        if let uuid = UUID(uuidString: id), let record = try await records(HKQuery.predicateForObject(with: uuid), in: store).first {
            return [record]
        }
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let identifier = NSPredicate(format: "%K == %@", HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier, parts.last ?? id)
        return try await records(parts.count == 2
            ? NSCompoundPredicate(andPredicateWithSubpredicates: [
                HKQuery.predicateForClinicalRecords(withFHIRResourceType: HKFHIRResourceType(rawValue: parts[0])), identifier])
            : identifier, in: store)
    }

    /// The clinical records of every clinical type matching `predicate`, newest first.
    private static func records(_ predicate: NSPredicate, in store: HKHealthStore) async throws -> [HKClinicalRecord] {
        let predicates: [HKSamplePredicate<HKClinicalRecord>] = HKObjectType.allClinicalTypes.map { .clinicalRecord(type: $0, predicate: predicate) }
        let descriptor = HKSampleQueryDescriptor(predicates: predicates, sortDescriptors: [SortDescriptor(\HKClinicalRecord.startDate, order: .reverse)])
        return try await healthCall { try await descriptor.result(for: store) }
    }

    /// A record's row, one cell per column of ``columns``.
    static func row(_ record: HKClinicalRecord) -> [String?] {
        let resource = record.fhirResource
        return [
            resource.map { "\($0.resourceType.rawValue)/\($0.identifier)" }, shortName(record.clinicalType),
            record.displayName, relevantDate(record), record.sourceRevision.source.name,
            resource.map { "\($0.fhirVersion.fhirRelease.rawValue) \($0.fhirVersion.stringRepresentation)" },
            record.uuid.uuidString,
        ]
    }

    /// The record's fields, the Practitioners and Organizations it names (by name when `parties`, kept with its
    /// provider connection, or the resource itself knows it), then its FHIR JSON pretty-printed.
    static func details(_ record: HKClinicalRecord, parties: ReferencedParties? = nil) -> String {
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
        for party in PartyReferences.lines(for: resource.data, parties: parties) {
            lines.append("\(party.role): " + (party.name.map { "\($0) (\(party.reference))" } ?? party.reference))
        }
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
