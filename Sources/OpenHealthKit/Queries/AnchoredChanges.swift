import Foundation
package import HealthDatabase

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
        if limit == nil, let stretches = stretches(after: anchor, through: latest) {
            // The cores read and map stretches of positions, all at or below `latest`, so together they
            // hold every change up to it whatever commits meanwhile (later changes come with the next read).
            let parts = try stretches.concurrentMap { stretch in
                try Part(storage.changes(after: stretch.lowerBound, through: stretch.upperBound, matching: filter, limit: nil),
                         storage: storage, concurrently: false)
            }
            return AnchoredChanges(samples: parts.flatMap(\.samples), deletedObjects: parts.flatMap(\.deleted),
                                   anchor: HKQueryAnchor(rawValue: max(latest, anchor)), isTruncated: false)
        }
        let batch = try storage.changes(after: anchor, matching: filter, limit: limit)
        let part = try Part(batch, storage: storage, concurrently: true)
        let truncated = limit.map { batch.changes.count >= $0 } ?? false
        let position = truncated ? batch.anchor : max(batch.anchor, latest, anchor)
        return AnchoredChanges(samples: part.samples, deletedObjects: part.deleted,
                               anchor: HKQueryAnchor(rawValue: position), isTruncated: truncated)
    }

    /// Unlimited reads spanning at least this many positions are split into stretches, two per core.
    package static let concurrentReadThreshold: Int64 = 100_000

    /// The stretches `(lower, upper]` that split the positions after `anchor` up to `latest` evenly, two per core
    /// (a core that finishes early takes the next one: with one per core, 1,000,000 changes read at 371k/s here,
    /// with two 439k/s), or nil when the span is short or there is one core.
    static func stretches(after anchor: Int64, through latest: Int64) -> [ClosedRange<Int64>]? {
        let cores = Int64(activeCores)
        let span = latest - anchor
        guard cores > 1, span >= concurrentReadThreshold else { return nil }
        let size = (span + 2 * cores - 1) / (2 * cores)
        return stride(from: anchor, to: latest, by: Int(size)).map { $0 ... min($0 + size, latest) }
    }

    /// One batch's samples and deleted objects, in change order.
    private struct Part: @unchecked Sendable {
        var samples: [HKSample]
        var deleted: [HKDeletedObject]

        init(_ batch: ChangeBatch, storage: any HealthStorage, concurrently: Bool) throws {
            (samples, deleted) = try QueryMapping.objects(in: batch.changes, storage: storage, concurrently: concurrently)
        }
    }
}
