import Foundation
import HealthDatabase

/// One slice of the change log as HealthKit objects: the samples saved and the objects deleted after an
/// anchor, and the anchor to continue from.
package struct AnchoredChanges: @unchecked Sendable {
    /// Samples saved (and still present), oldest change first.
    package var samples: [HKSample]
    /// Objects deleted, oldest change first.
    package var deletedObjects: [HKDeletedObject]
    /// Where to continue from.
    package var anchor: HKQueryAnchor
    /// Whether the limit cut the slice short (more changes may follow right away).
    package var isTruncated: Bool

    /// Whether the slice holds no change.
    package var isEmpty: Bool { samples.isEmpty && deletedObjects.isEmpty }

    /// Reads the changes after `anchor` matching `filter` (already restricted to what the app may read), at
    /// most `limit` of them (samples and deletions both count).
    ///
    /// When the slice is not cut short by the limit, the anchor returned is at least the store's newest
    /// position as read before the changes, so a caller does not scan the same unrelated changes again.
    /// This relies on the storage contract: every change at or before ``HealthStorage/latestChangePosition()``
    /// is visible to a later read.
    package static func read(after anchor: Int64, matching filter: SampleFilter, limit: Int?,
                             storage: any HealthStorage) throws -> AnchoredChanges {
        let latest = try storage.latestChangePosition()
        let batch = try storage.changes(after: anchor, matching: filter, limit: limit)
        let deleted = batch.changes.compactMap { change -> HKDeletedObject? in
            if case .deleted(let tombstone) = change { QueryMapping.deletedObject(from: tombstone) } else { nil }
        }
        let truncated = limit.map { batch.changes.count >= $0 } ?? false
        let position = truncated ? batch.anchor : max(batch.anchor, latest, anchor)
        return AnchoredChanges(
            samples: try QueryMapping.samples(savedIn: batch.changes, storage: storage), deletedObjects: deleted,
            anchor: HKQueryAnchor(rawValue: position), isTruncated: truncated)
    }
}
