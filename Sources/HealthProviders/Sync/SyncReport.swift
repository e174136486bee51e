import Foundation
public import HealthRecords
import OpenHealthKit

/// What one sync of a connection did, per resource type. A sync with any failed type is partial, never a success.
public struct SyncReport: Sendable {
    /// One resource type's result.
    public struct TypeResult: Sendable {
        /// The FHIR resource type.
        public var resourceType: String
        /// Why it was not searched, when it was not (`not granted`, `not offered by the server`).
        public var notSearched: String?
        /// Searches run and pages read.
        public var searches = 0, pages = 0
        /// What ingestion did with the pages (added, replaced, unchanged, unreadable resources).
        public var ingest = ClinicalIngestReport()
        /// CDA documents attached to DocumentReferences that were new to the store.
        public var documentsStored = 0
        /// Other attachments (text, HTML, PDF…) downloaded into their DocumentReference's `data`.
        public var attachmentsInlined = 0
        /// Attachments that could not be downloaded or stored, each `DocumentReference/id content[0]: why`.
        public var attachmentProblems: [String] = []
        /// Records removed because the source no longer returns them (full checks only).
        public var removed = 0
        /// The failure that stopped this type, naming the step; nil when it finished.
        public var error: ProviderError?
    }

    /// What a sync did with the Practitioners and Organizations its records refer to (``ReferencedParties``).
    public struct PartyCounts: Sendable, Equatable {
        /// Parties read from the source, those of them that changed since kept, and those that could not be read.
        public var fetched = 0, changed = 0, unavailable = 0
    }

    /// The connection synced.
    public var connectionID: String
    /// Per type, in sync order.
    public var types: [TypeResult] = []
    /// Reading the Patient failed (it is read first, to check the grant).
    public var patientError: ProviderError?
    /// Whether this sync was a full check (no `_lastUpdated`, removals of what the source dropped).
    public var fullCheck = false
    /// The Practitioners and Organizations read for the records (each at most once).
    public var parties = PartyCounts()
    /// Whether only changes since the last sync were asked for (`_lastUpdated`) for at least one search.
    public var incremental = false

    /// Every searched type finished, the Patient was read, and no resource was unreadable.
    public var isComplete: Bool {
        patientError == nil && types.allSatisfy { $0.error == nil && $0.ingest.failures.isEmpty && $0.attachmentProblems.isEmpty }
    }

    /// The failures, one line each: `Observation: downloading Observation: HTTP 403`.
    public var problems: [String] {
        (patientError.map { ["Patient: \($0)"] } ?? [])
            + types.flatMap { type in
                (type.error.map { ["\(type.resourceType): \($0)"] } ?? []) + type.ingest.failures.map { "\(type.resourceType): \($0)" }
                    + type.attachmentProblems.map { "\(type.resourceType): \($0)" }
            }
    }

    /// Added, replaced and unchanged records over all types.
    public var outcome: (added: Int, replaced: Int, unchanged: Int) {
        types.reduce((0, 0, 0)) { ($0.0 + $1.ingest.outcome.added, $0.1 + $1.ingest.outcome.replaced, $0.2 + $1.ingest.outcome.unchanged) }
    }
}

/// A sync's progress, as ``ProviderSync/progress`` reports it.
public enum SyncProgress: Sendable {
    /// The sync began: a full check, or asking only for changes since the last sync (where the server allows).
    case started(fullCheck: Bool, sinceLastSync: Bool)
    /// One resource type finished (or failed, or was not searched); its checkpoint is saved.
    case finished(SyncReport.TypeResult)
}
