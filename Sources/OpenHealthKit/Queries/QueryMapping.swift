package import Foundation
package import HealthDatabase

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
    package static func samples(from records: [SampleRecord], storage: any HealthStorage,
                                concurrently: Bool = true) throws -> [HKSample] {
        let correlations = records.filter { $0.kind == .correlation }.map(\.uuid)
        return try samples(from: records, correlations: correlations, storage: storage, concurrently: concurrently)
    }

    /// The objects of the records matching `filter`, sorted, at most `limit` of them. A short read (a limit under
    /// ``concurrentMappingThreshold``) maps each record as the storage reads it (``HealthStorage/forEachRecord``): no
    /// list of records is built and freed in between (SQLite rewrites one record value from row to row), and only the
    /// parts the objects use are read (``MappedParts``: a heart-rate read leaves out the category value, the parent
    /// and the sync columns). Correlations are mapped after the read, with their members (reading them is a storage
    /// call of its own), and so is any record of a kind the parts were not chosen for, read again whole. Longer reads
    /// are read, then mapped as ``samples(from:storage:concurrently:)`` maps them, on every core.
    package static func samples(matching filter: SampleFilter, sort: [SampleSort], limit: Int?,
                                storage: any HealthStorage) throws -> [HKSample] {
        guard let limit, limit < concurrentMappingThreshold else {
            return try samples(from: storage.records(matching: filter, sort: sort, limit: limit), storage: storage)
        }
        let memo = ReadMemo()
        let read = MappedParts(confinedTo: filter.confiningTypes)
        var mapped: [HKSample] = []
        mapped.reserveCapacity(min(limit, 1_000))
        var later: [(position: Int, record: SampleRecord)] = []
        try storage.forEachRecord(matching: filter, sort: sort, limit: limit, parts: read.parts) { record in
            if record.kind == .correlation || !read.covers(record.kind) {
                later.append((mapped.count + later.count, record))
            } else {
                mapped.append(try ObjectMapping.object(from: record, children: [], memo: memo))
            }
        }
        guard !later.isEmpty else { return mapped }
        let members = try correlationMembers(of: later.filter { $0.record.kind == .correlation }.map(\.record.uuid), storage: storage)
        let whole = try wholeRecords(later.map(\.record).filter { !read.covers($0.kind) }, storage: storage)
        var all: [HKSample] = []
        all.reserveCapacity(mapped.count + later.count)
        var next = mapped.makeIterator()
        for (position, record) in later {
            while all.count < position, let sample = next.next() { all.append(sample) }
            // A record deleted since the read is left out, as a read after the deletion would.
            guard let record = read.covers(record.kind) ? record : whole[record.uuid] else { continue }
            all.append(try ObjectMapping.object(from: record, children: members[record.uuid] ?? [], memo: memo))
        }
        while let sample = next.next() { all.append(sample) }
        return all
    }

    /// The whole records (every part) of `records`, read again by UUID; no storage call when there are none.
    private static func wholeRecords(_ records: [SampleRecord], storage: any HealthStorage) throws -> [UUID: SampleRecord] {
        guard !records.isEmpty else { return [:] }
        let read = try storage.records(matching: .uuids(Set(records.map(\.uuid))), sort: [], limit: nil)
        return Dictionary(read.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The objects the saved records among `changes` hold and the deleted objects its tombstones stand for, each
    /// in change order.
    package static func objects(in changes: [Change], storage: any HealthStorage,
                                concurrently: Bool = true) throws -> (samples: [HKSample], deleted: [HKDeletedObject]) {
        var records: [SampleRecord] = []
        records.reserveCapacity(changes.count)
        var correlations: [UUID] = []
        var deleted: [HKDeletedObject] = []
        for change in changes {
            switch change {
            case .saved(let record):
                if record.kind == .correlation { correlations.append(record.uuid) }
                records.append(record)
            case .deleted(let tombstone): deleted.append(deletedObject(from: tombstone))
            }
        }
        return (try samples(from: records, correlations: correlations, storage: storage, concurrently: concurrently), deleted)
    }

    /// Reads this long and longer are mapped in slices on every core (a slice per core, each with its own
    /// ``ReadMemo``); shorter ones are not worth the threads.
    package static let concurrentMappingThreshold = 20_000

    /// The objects of `records`, in order: first the members of `correlations` (the correlations among the records)
    /// are read, then slices are mapped, concurrently when the read is long.
    private static func samples(from records: [SampleRecord], correlations: [UUID], storage: any HealthStorage,
                                concurrently: Bool) throws -> [HKSample] {
        let members = try correlationMembers(of: correlations, storage: storage)
        let map: @Sendable (Range<Int>) throws -> [HKSample] = { range in
            let memo = ReadMemo()
            var samples: [HKSample] = []
            samples.reserveCapacity(range.count)
            for record in records[range] {
                // No lookup (hashing the UUID) when the read holds no correlation.
                let children = members.isEmpty ? [] : members[record.uuid] ?? []
                samples.append(try ObjectMapping.object(from: record, children: children, memo: memo))
            }
            return samples
        }
        let count = records.count
        guard concurrently, count >= concurrentMappingThreshold, activeCores > 1 else { return try map(0 ..< count) }
        let size = (count + activeCores - 1) / activeCores
        let slices = stride(from: 0, to: count, by: size).map { $0 ..< min($0 + size, count) }
        return try slices.concurrentMap(map).flatMap { $0 }
    }

    /// The member records of the correlations `uuids`, by correlation; no storage call when there are none.
    private static func correlationMembers(of correlations: [UUID], storage: any HealthStorage) throws -> [UUID: [SampleRecord]] {
        guard !correlations.isEmpty else { return [:] }
        let filter: SampleFilter = correlations.count == 1 ? .parent(correlations[0]) : .or(correlations.map { .parent($0) })
        var members: [UUID: [SampleRecord]] = [:]
        for member in try storage.records(matching: filter, sort: [], limit: nil) {
            if let parent = member.parent { members[parent, default: []].append(member) }
        }
        return members
    }

    /// The deleted object a tombstone stands for: its UUID and its sync identifier and version.
    package static func deletedObject(from tombstone: Tombstone) -> HKDeletedObject {
        var metadata: [String: Any] = [:]
        if let identifier = tombstone.syncIdentifier { metadata[HKMetadataKeySyncIdentifier] = identifier }
        if let version = tombstone.syncVersion { metadata[HKMetadataKeySyncVersion] = NSNumber(value: version) }
        return HKDeletedObject(uuid: tombstone.uuid, metadata: metadata)
    }
}
