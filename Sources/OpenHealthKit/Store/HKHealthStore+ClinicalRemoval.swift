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
            var stale: Set<UUID> = []
            try forEachClinicalRecord(from: institution, resourceType: resourceType, in: storage) { record in
                if let identifier = record.fields[FieldKey.fhirIdentifier]?.comparableText, keeping.contains(identifier) { return }
                stale.insert(record.uuid)
            }
            guard !stale.isEmpty else { return 0 }
            return try writer.delete(matching: .and([.uuids(stale), .sources([institution.bundleIdentifier])]),
                                     types: [], rules: .imported).count
        } catch {
            throw HKError.from(error)
        }
    }

    /// The FHIR identifiers of `institution`'s stored clinical records of `resourceType`.
    package func clinicalRecordIdentifiers(from institution: HKSource, resourceType: String) throws -> Set<String> {
        do {
            var identifiers: Set<String> = []
            try forEachClinicalRecord(from: institution, resourceType: resourceType, in: storage()) { record in
                if let identifier = record.fields[FieldKey.fhirIdentifier]?.comparableText { identifiers.insert(identifier) }
            }
            return identifiers
        } catch {
            throw HKError.from(error)
        }
    }

    /// Whether the store keeps any clinical record of `institution` (one row read).
    package func hasClinicalRecords(from institution: HKSource) throws -> Bool {
        do {
            let filter = SampleFilter.and([.sources([institution.bundleIdentifier]), .kinds([.clinical])])
            var pager = KeysetPager(filter: filter, byEnd: false, ascending: true, includePayload: false)
            return try pager.next(storage(), size: 1).map { !$0.isEmpty } ?? false
        } catch {
            throw HKError.from(error)
        }
    }

    /// Calls `body` with each of `institution`'s stored clinical records (of `resourceType`, or all), without their
    /// resources, a page of 1,000 at a time: memory holds one page whatever the institution's count (a full check of
    /// 20,000 records read them all at once before).
    private func forEachClinicalRecord(from institution: HKSource, resourceType: String?, in storage: any HealthStorage,
                                       _ body: (SampleRecord) -> Void) throws {
        var filters: [SampleFilter] = [.sources([institution.bundleIdentifier]), .kinds([.clinical])]
        if let resourceType { filters.append(.fieldIn(FieldKey.fhirResourceType, [.text(resourceType)])) }
        var pager = KeysetPager(filter: .and(filters), byEnd: false, ascending: true, includePayload: false)
        while let page = try pager.next(storage, size: 1_000) { page.forEach(body) }
    }
}
