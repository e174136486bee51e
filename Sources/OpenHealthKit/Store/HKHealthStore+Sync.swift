import Foundation
import HealthDatabase

/// One entry of the store's change log (OpenHealthKit extension, for sync).
public enum HKChange: @unchecked Sendable {
    /// A sample saved (and still present).
    case added(HKSample)
    /// An object deleted; `typeIdentifier` is the type it had, which ``HKDeletedObject`` does not carry.
    case deleted(HKDeletedObject, typeIdentifier: String)
}

/// A slice of the change log across every type, in change order (OpenHealthKit extension).
public struct HKChangeSet: @unchecked Sendable {
    /// Saves and deletions, oldest first.
    public let changes: [HKChange]
    /// Where to continue from: pass it as `after` next time.
    public let anchor: HKQueryAnchor
    /// Whether the limit cut the slice short, so more changes are waiting.
    public let hasMore: Bool
}

// OpenHealthKit extensions for sync tools and servers: the whole change log across every type the app
// may read, in one ordered stream (an anchored query covers one query's types and splits saves from deletions).
extension HKHealthStore {
    /// The changes after `anchor` (from the beginning when nil), at most `limit` of them, across every sample
    /// type the app may read; the app's own samples always. Restricted in the database, like every query.
    public func changes(after anchor: HKQueryAnchor?, limit: Int? = nil) throws -> HKChangeSet {
        do {
            let storage = try storage()
            let filter = SampleFilter.and([try readRestriction(for: HKObjectType.allSampleTypes), WorkoutActivityRecords.excluded])
            let start = anchor?.rawValue ?? 0
            let batch = try storage.changes(after: start, matching: filter, limit: limit)
            // One sample per saved change and one deleted object per tombstone, each in the changes' order.
            let objects = try QueryMapping.objects(in: batch.changes, storage: storage)
            var samples = objects.samples.makeIterator()
            var deleted = objects.deleted.makeIterator()
            let changes: [HKChange] = batch.changes.compactMap { change in
                switch change {
                case .saved: samples.next().map(HKChange.added)
                case .deleted(let tombstone): deleted.next().map { .deleted($0, typeIdentifier: tombstone.type) }
                }
            }
            let hasMore = limit.map { batch.changes.count >= $0 } ?? false
            return HKChangeSet(changes: changes, anchor: HKQueryAnchor(rawValue: max(batch.anchor, start)), hasMore: hasMore)
        } catch {
            throw HKError.from(error)
        }
    }

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
