import Foundation
import HealthDatabase
package import HealthKitModel

/// What one ingestion of clinical records did (OpenHealthKit extension).
public struct ClinicalSaveOutcome: Sendable, Hashable {
    /// Records stored for resources the institution had not sent before.
    public var added: Int = 0
    /// Records that replaced an older version of the same resource (anchored queries report a deletion and an addition).
    public var replaced: Int = 0
    /// Resources identical to the stored ones, left as they were.
    public var unchanged: Int = 0

    /// An empty outcome.
    public init() {}

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: ClinicalSaveOutcome) {
        added += other.added
        replaced += other.replaced
        unchanged += other.unchanged
    }
}

// The one path that writes clinical records. Apps cannot save clinical records (HealthKit's rule, kept by
// `save(_:)`); records arrive from institutions through ingestion, which is package API for the importers
// (`health records import`, provider downloads) and never reachable from an app.
extension HKHealthStore {
    /// Stores `records` as sent by `institution`, one transaction, without authorization checks.
    ///
    /// A record's identity is the institution (its source) plus its FHIR resource type and identifier: a
    /// resource sent again with different bytes (or display name, or version) replaces the stored record,
    /// leaving a tombstone so anchored queries see the change; one sent again unchanged is left alone. Within
    /// one call the last record for an identity wins. Throws ``HKError/Code/errorInvalidArgument`` for a
    /// record without a FHIR resource.
    package func ingestClinicalRecords(_ records: [HKClinicalRecord], from institution: HKSource) throws -> ClinicalSaveOutcome {
        do {
            let storage = try storage()
            var identified: [SampleRecord] = []
            for clinical in records {
                guard let resource = clinical.fhirResource else {
                    throw HKError.invalidArgument("Clinical record \(clinical.uuid) has no FHIR resource to identify it")
                }
                var record = try ObjectMapping.record(from: clinical)
                record.syncIdentifier = Self.clinicalIdentity(resource.resourceType.rawValue, resource.identifier)
                identified.append(record)
            }
            let stored = try storedClinicalRecords(identities: Set(identified.compactMap(\.syncIdentifier)),
                                                   source: institution.bundleIdentifier, in: storage)
            return try storeIdentified(identified, from: institution, replacing: stored, in: storage)
        } catch {
            throw HKError.from(error)
        }
    }

    /// Removes the stored records of `institution` with these identities (resources it sent again marked
    /// `entered-in-error`), leaving tombstones so anchored queries report the deletions; returns how many it removed.
    package func withdrawClinicalRecords(_ identities: [(resourceType: String, identifier: String)],
                                         from institution: HKSource) throws -> Int {
        do {
            let storage = try storage()
            let stored = try storedClinicalRecords(identities: Set(identities.map { Self.clinicalIdentity($0.resourceType, $0.identifier) }),
                                                   source: institution.bundleIdentifier, in: storage)
            let uuids = identities.compactMap { stored[Self.clinicalIdentity($0.resourceType, $0.identifier)]?.uuid }
            guard !uuids.isEmpty else { return 0 }
            let scope = SampleFilter.and([.uuids(Set(uuids)), .sources([institution.bundleIdentifier]), .kinds([.clinical])])
            return try writer.delete(matching: scope, types: [], rules: .imported).count
        } catch {
            throw HKError.from(error)
        }
    }

    /// Stores verified SMART Health Cards under `source` (OpenHealthKit's card importer), one transaction.
    ///
    /// `identity` names each card (a digest of its JWS): a card imported again is left alone, never duplicated.
    package func ingestVerifiableClinicalRecords(_ records: [(record: HKVerifiableClinicalRecord, identity: String)],
                                                 from source: HKSource) throws -> ClinicalSaveOutcome {
        do {
            let storage = try storage()
            var identified: [SampleRecord] = []
            for (card, identity) in records {
                var record = try ObjectMapping.record(from: card)
                record.syncIdentifier = identity
                identified.append(record)
            }
            let filter = SampleFilter.and([.sources([source.bundleIdentifier]), .kinds([.verifiableRecord])])
            var stored: [String: SampleRecord] = [:]
            for record in try storage.records(matching: filter, sort: [], limit: nil) {
                if let identity = record.syncIdentifier { stored[identity] = record }
            }
            return try storeIdentified(identified, from: source, replacing: stored, in: storage)
        } catch {
            throw HKError.from(error)
        }
    }

    /// Stores `records` (each with its identity as sync identifier) as `source`'s: new identities are added, changed
    /// ones replace the stored record with the next sync version, unchanged ones are skipped; the last of repeats wins.
    /// A record without a FHIR source URL takes the stored record's: an input that does not say where a resource lives
    /// does not change where it lives.
    private func storeIdentified(_ records: [SampleRecord], from source: HKSource, replacing stored: [String: SampleRecord],
                                 in storage: any HealthStorage) throws -> ClinicalSaveOutcome {
        let sourceRecord = SourceRecord(bundleIdentifier: source.bundleIdentifier, name: source.name)
        var latest: [String: SampleRecord] = [:], order: [String] = []
        for var record in records {
            guard let identity = record.syncIdentifier else { continue }
            record.source = sourceRecord
            if latest.updateValue(record, forKey: identity) == nil { order.append(identity) }
        }
        var outcome = ClinicalSaveOutcome(), toSave: [SampleRecord] = []
        for identity in order {
            guard var record = latest[identity] else { continue }
            if let old = stored[identity] {
                // A resource sent without a source URL (no base URL, no http fullUrl) keeps the one it had.
                if record.fields[FieldKey.fhirSourceURL] == nil { record.fields[FieldKey.fhirSourceURL] = old.fields[FieldKey.fhirSourceURL] }
                if Self.sameContent(old, record) { outcome.unchanged += 1; continue }
                record.syncVersion = (old.syncVersion ?? 0) + 1
                outcome.replaced += 1
            } else {
                record.syncVersion = 1
                outcome.added += 1
            }
            toSave.append(record)
        }
        if !toSave.isEmpty {
            try writer.save(toSave, rules: .imported)
        }
        return outcome
    }

    /// The stored clinical records of `source` with these identities (``clinicalIdentity(_:_:)``, their sync
    /// identifiers, so the engine finds them by index however many records the source has), by identity.
    private func storedClinicalRecords(identities: Set<String>, source: String,
                                       in storage: any HealthStorage) throws -> [String: SampleRecord] {
        guard !identities.isEmpty else { return [:] }
        let filter = SampleFilter.and([.syncIdentifiers(identities), .sources([source]), .kinds([.clinical])])
        var result: [String: SampleRecord] = [:]
        for record in try storage.recordsBeforeWriting(matching: filter) {
            if let identity = record.syncIdentifier { result[identity] = record }
        }
        return result
    }

    /// `ResourceType/identifier`, the sync identifier of an ingested record.
    static func clinicalIdentity(_ type: String, _ identifier: String) -> String { "\(type)/\(identifier)" }

    /// Whether two records of one identity hold the same resource, version, source URL and title.
    private static func sameContent(_ old: SampleRecord, _ new: SampleRecord) -> Bool {
        let keys = [FieldKey.fhirVersion, FieldKey.fhirSourceURL, FieldKey.clinicalDisplayName]
        return old.payload == new.payload && old.type == new.type && keys.allSatisfy { old.fields[$0] == new.fields[$0] }
    }
}
