public import Foundation
import HealthDatabase

/// One entry of the store's change log (OpenHealthKit extension, for sync).
public enum StoreChange: @unchecked Sendable {
    /// A sample saved (and still present).
    case added(HKSample)
    /// An activity summary saved (and still present). Activity summaries are not samples, so they come with the
    /// UUID of their stored record, the one a later ``deleted(_:typeIdentifier:)`` names.
    case addedActivitySummary(HKActivitySummary, uuid: UUID)
    /// An object deleted; `typeIdentifier` is the type it had, which ``HKDeletedObject`` does not carry.
    case deleted(HKDeletedObject, typeIdentifier: String)
}

/// A slice of the change log across every type, in change order (OpenHealthKit extension).
public struct StoreChangeSet: @unchecked Sendable {
    /// Saves and deletions, oldest first.
    public let changes: [StoreChange]
    /// Where to continue from: pass it as `after` next time.
    public let anchor: HKQueryAnchor
    /// Whether the limit cut the slice short, so more changes are waiting.
    public let hasMore: Bool
}

// OpenHealthKit extensions for sync tools and servers: the whole change log across every type the app
// may read, in one ordered stream (an anchored query covers one query's types and splits saves from deletions).
extension HKHealthStore {
    /// The changes after `anchor` (from the beginning when nil), at most `limit` of them, across every kind of
    /// object the app may read (samples of every kind, documents, clinical and verifiable records, activity
    /// summaries); the app's own objects always. Restricted in the database, like every query.
    public func changes(after anchor: HKQueryAnchor?, limit: Int? = nil) throws -> StoreChangeSet {
        do {
            let storage = try storage()
            let filter = SampleFilter.and([try readRestriction(for: Self.changeTypes), WorkoutActivityRecords.excluded])
            let start = anchor?.rawValue ?? 0
            let batch = try storage.changes(after: start, matching: filter, limit: limit)
            // Activity summaries are no samples: they are mapped on their own, the rest through the query mapping.
            // One object per saved change and one deleted object per tombstone, each in the changes' order.
            let isSummary = { (change: Change) -> Bool in
                if case .saved(let record) = change { return record.type == HKActivitySummaryTypeIdentifier }
                return false
            }
            let objects = try QueryMapping.objects(in: batch.changes.filter { !isSummary($0) }, storage: storage)
            var samples = objects.samples.makeIterator()
            var deleted = objects.deleted.makeIterator()
            let changes: [StoreChange] = try batch.changes.compactMap { change in
                switch change {
                case .saved(let record) where isSummary(change):
                    return .addedActivitySummary(try ActivitySummaryMapping.summary(from: record), uuid: record.uuid)
                case .saved: return samples.next().map(StoreChange.added)
                case .deleted(let tombstone): return deleted.next().map { .deleted($0, typeIdentifier: tombstone.type) }
                }
            }
            let hasMore = limit.map { batch.changes.count >= $0 } ?? false
            return StoreChangeSet(changes: changes, anchor: HKQueryAnchor(rawValue: max(batch.anchor, start)), hasMore: hasMore)
        } catch {
            throw HKError.from(error)
        }
    }

    /// The types the change log reports: every sample type and activity summaries.
    private static var changeTypes: [HKObjectType] { HKObjectType.allSampleTypes + [HKObjectType.activitySummaryType()] }

    /// Every source that saved samples the app may read, by bundle identifier (OpenHealthKit extension).
    public func allSources() throws -> [HKSource] {
        do {
            let filter = try readRestriction(for: HKObjectType.allSampleTypes)
            return try storage().sources(matching: filter).map { SourceMapping.revision(from: $0).source }
        } catch {
            throw HKError.from(error)
        }
    }
}
