import Foundation
import HealthDatabase
package import HealthKitModel

// Removing an institution's clinical records: resources the institution no longer returns (a provider's full check),
// or all of them (a connection removed). Package API beside ingestion; deletions leave tombstones, so anchored
// queries report them.
extension HKHealthStore {
    /// Deletes `institution`'s clinical records of FHIR `resourceType` (all types when nil) whose FHIR identifier is
    /// not in `keeping`, in one transaction. Returns how many were deleted.
    @discardableResult
    package func removeClinicalRecords(from institution: HKSource, resourceType: String?, keeping: Set<String> = []) throws -> Int {
        do {
            let storage = try storage()
            let stale = try clinicalRecords(from: institution, resourceType: resourceType, in: storage).filter { record in
                guard let identifier = record.fields[FieldKey.fhirIdentifier]?.comparableText else { return true }
                return !keeping.contains(identifier)
            }
            guard !stale.isEmpty else { return 0 }
            return try writer.delete(matching: .and([.uuids(Set(stale.map(\.uuid))), .sources([institution.bundleIdentifier])]),
                                     types: [], rules: .imported).count
        } catch {
            throw HKError.from(error)
        }
    }

    /// The FHIR identifiers of `institution`'s stored clinical records of `resourceType`.
    package func clinicalRecordIdentifiers(from institution: HKSource, resourceType: String) throws -> Set<String> {
        do {
            let records = try clinicalRecords(from: institution, resourceType: resourceType, in: storage())
            return Set(records.compactMap { $0.fields[FieldKey.fhirIdentifier]?.comparableText })
        } catch {
            throw HKError.from(error)
        }
    }

    private func clinicalRecords(from institution: HKSource, resourceType: String?, in storage: any HealthStorage) throws -> [SampleRecord] {
        var filters: [SampleFilter] = [.sources([institution.bundleIdentifier]), .kinds([.clinical])]
        if let resourceType { filters.append(.fieldIn(FieldKey.fhirResourceType, [.text(resourceType)])) }
        return try storage.records(matching: .and(filters), sort: [], limit: nil, includePayload: false)
    }
}
