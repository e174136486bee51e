import Foundation
import HealthDatabase

/// How queries turn HealthKit's inputs into storage terms and records back into objects, through the
/// mapping layer (Mapping/ and Predicates/).
package enum QueryMapping {
    /// The storage filter for `predicate` (`.all` for nil); throws `errorInvalidArgument` for a predicate
    /// that cannot be evaluated by the store.
    package static func filter(from predicate: NSPredicate?) throws -> SampleFilter {
        try sampleFilter(from: predicate)
    }

    /// The storage sort for `descriptors`; nil or empty gives the order the objects were saved in.
    package static func sorts(from descriptors: [NSSortDescriptor]?) throws -> [SampleSort] {
        try sampleSorts(from: descriptors)
    }

    /// A limit as storage takes it: nil for ``HKObjectQueryNoLimit`` (and any non-positive value).
    package static func storageLimit(_ limit: Int) -> Int? { limit > 0 ? limit : nil }

    /// The objects `records` hold; correlations get their members, read in one storage call.
    package static func samples(from records: [SampleRecord], storage: any HealthStorage) throws -> [HKSample] {
        let correlations = records.filter { $0.kind == .correlation }.map(\.uuid)
        var members: [UUID: [SampleRecord]] = [:]
        if !correlations.isEmpty {
            let filter: SampleFilter = correlations.count == 1 ? .parent(correlations[0]) : .or(correlations.map { .parent($0) })
            for member in try storage.records(matching: filter, sort: [], limit: nil) {
                if let parent = member.parent { members[parent, default: []].append(member) }
            }
        }
        let memo = ReadMemo()
        return try records.map { record throws(HKError) in
            try ObjectMapping.object(from: record, children: members[record.uuid] ?? [], memo: memo)
        }
    }

    /// The deleted object a tombstone stands for: its UUID and its sync identifier and version.
    package static func deletedObject(from tombstone: Tombstone) -> HKDeletedObject {
        var metadata: [String: Any] = [:]
        if let identifier = tombstone.syncIdentifier { metadata[HKMetadataKeySyncIdentifier] = identifier }
        if let version = tombstone.syncVersion { metadata[HKMetadataKeySyncVersion] = NSNumber(value: version) }
        return HKDeletedObject(uuid: tombstone.uuid, metadata: metadata)
    }
}
