import Foundation
import HealthDatabase
import Testing

/// Deleting by UUID and by filter, cascading to children, and the tombstones deletions return.
enum DeleteChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("delete", "by UUID, restricted to a source, unknown UUIDs skipped", byUUID),
        ConformanceCheck("delete", "tombstones come back in deletion order", order),
        ConformanceCheck("delete", "by filter, returning every tombstone", byFilter),
        ConformanceCheck("delete", "a correlation's members go with it, with tombstones", cascade),
        ConformanceCheck("delete", "a member can be deleted alone", memberAlone),
    ]

    static func tombstone(_ record: SampleRecord) -> Tombstone {
        Tombstone(uuid: record.uuid, type: record.type, sourceBundleIdentifier: record.source.bundleIdentifier,
                  syncIdentifier: record.syncIdentifier, syncVersion: record.syncVersion)
    }

    static func byUUID(_ storage: any HealthStorage) throws {
        let mine = F.quantity(1, 0, sync: ("s", 4))
        let theirs = F.quantity(2, 0, source: F.other)
        _ = try storage.save([mine, theirs])
        #expect(try storage.delete(uuids: [theirs.uuid], source: F.app.bundleIdentifier).isEmpty,
                "an app cannot delete another source's records")
        #expect(try storage.delete(uuids: [UUID(), mine.uuid], source: F.app.bundleIdentifier) == [tombstone(mine)])
        try F.expect(storage, .all, [theirs])
        #expect(try storage.delete(uuids: [theirs.uuid, mine.uuid], source: nil) == [tombstone(theirs)],
                "nil source deletes any source's records; already deleted ones are skipped")
        #expect(try storage.count(matching: .all) == 0)
    }

    static func order(_ storage: any HealthStorage) throws {
        let records = (0..<4).map { F.quantity(Double($0), Double($0)) }
        _ = try storage.save(records)
        let tombstones = try storage.delete(uuids: [records[2].uuid, records[0].uuid, records[3].uuid], source: nil)
        #expect(tombstones == [records[2], records[0], records[3]].map(tombstone))
        let changes = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(changes == [.saved(records[1])] + [records[2], records[0], records[3]].map { .deleted(tombstone($0)) })
    }

    static func byFilter(_ storage: any HealthStorage) throws {
        let steps = (0..<3).map { F.quantity(Double($0), Double($0)) }
        let heart = F.quantity(60, 0, type: F.heartRate)
        _ = try storage.save(steps + [heart])
        let tombstones = try storage.delete(matching: .and([.types([F.steps]), .quantity(.greaterThan, 0)]))
        #expect(Set(tombstones) == Set([steps[1], steps[2]].map(tombstone)))
        try F.expect(storage, .all, [steps[0], heart])
        #expect(try storage.delete(matching: .none).isEmpty)
        #expect(try storage.delete(matching: .all).count == 2)
        #expect(try storage.count(matching: .all) == 0)
    }

    static func cascade(_ storage: any HealthStorage) throws {
        let correlation = F.correlation(at: 0)
        let other = F.correlation(at: 100)
        _ = try storage.save(correlation + other)
        let tombstones = try storage.delete(uuids: [correlation[0].uuid], source: nil)
        #expect(tombstones.first == tombstone(correlation[0]), "the correlation's own tombstone comes first")
        #expect(Set(tombstones) == Set(correlation.map(tombstone)))
        try F.expect(storage, .all, other)
        let byFilter = try storage.delete(matching: .types([F.bloodPressure]))
        #expect(Set(byFilter) == Set(other.map(tombstone)))
        #expect(try storage.count(matching: .all) == 0)
    }

    static func memberAlone(_ storage: any HealthStorage) throws {
        let correlation = F.correlation(at: 0)
        _ = try storage.save(correlation)
        #expect(try storage.delete(uuids: [correlation[1].uuid], source: nil) == [tombstone(correlation[1])])
        try F.expect(storage, .all, [correlation[0], correlation[2]])
    }
}
