import Foundation
import HealthDatabase
import Testing

/// Saving: atomicity, duplicate UUIDs, missing parents and the sync-version rule.
enum SaveChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("save", "a duplicate UUID inside a batch stores nothing", duplicateInBatch),
        ConformanceCheck("save", "a UUID already stored fails the whole batch", duplicateOfStored),
        ConformanceCheck("save", "a missing parent fails the whole batch", missingParent),
        ConformanceCheck("save", "a higher sync version replaces and leaves a tombstone", syncReplace),
        ConformanceCheck("save", "an equal or lower sync version is ignored", syncIgnore),
        ConformanceCheck("save", "sync identifiers are per source", syncPerSource),
        ConformanceCheck("save", "a replaced correlation takes its old members with it", syncReplacesMembers),
        ConformanceCheck("save", "a replaced member stays in its correlation", syncMemberKeepsParent),
        ConformanceCheck("save", "sync replacement inside one batch", syncWithinBatch),
    ]

    static func duplicateInBatch(_ storage: any HealthStorage) throws {
        let a = F.quantity(1, 0)
        var copy = F.quantity(2, 10)
        copy.uuid = a.uuid
        F.expectError(.duplicateUUID(a.uuid)) { _ = try storage.save([a, F.quantity(3, 5), copy]) }
        #expect(try storage.count(matching: .all) == 0)
        #expect(try storage.latestChangePosition() == 0)
        #expect(try storage.sources(matching: .all).isEmpty)
    }

    static func duplicateOfStored(_ storage: any HealthStorage) throws {
        let a = F.quantity(1, 0)
        _ = try storage.save([a])
        let position = try storage.latestChangePosition()
        let b = F.quantity(2, 0, source: F.other)
        F.expectError(.duplicateUUID(a.uuid)) { _ = try storage.save([b, a]) }
        try F.expect(storage, .all, [a])
        #expect(try storage.latestChangePosition() == position)
        #expect(try storage.sources(matching: .all).map(\.bundleIdentifier) == [F.app.bundleIdentifier])
        // The failed batch left nothing behind that would break a later save.
        _ = try storage.save([b])
        #expect(try storage.sources(matching: .all).count == 2)
    }

    static func missingParent(_ storage: any HealthStorage) throws {
        let orphanParent = UUID()
        let ok = F.quantity(1, 0)
        let orphan = F.quantity(2, 0, parent: orphanParent)
        F.expectError(.missingParent(record: orphan.uuid, parent: orphanParent)) { _ = try storage.save([ok, orphan]) }
        #expect(try storage.count(matching: .all) == 0)
    }

    static func syncReplace(_ storage: any HealthStorage) throws {
        let v1 = F.quantity(1, 0, sync: ("day-1", 1))
        _ = try storage.save([v1])
        let before = try storage.latestChangePosition()
        let v2 = F.quantity(2, 0, sync: ("day-1", 2))
        let outcome = try storage.save([v2])
        let tombstone = Tombstone(uuid: v1.uuid, type: F.steps, sourceBundleIdentifier: F.app.bundleIdentifier,
                                  syncIdentifier: "day-1", syncVersion: 1)
        #expect(outcome == SaveOutcome(stored: [v2.uuid], ignored: [], replaced: [tombstone]))
        try F.expect(storage, .all, [v2])
        let batch = try storage.changes(after: before, matching: .all, limit: nil)
        #expect(batch.changes == [.deleted(tombstone), .saved(v2)], "the old version's tombstone, then the new one")
        #expect(try storage.changes(after: 0, matching: .all, limit: nil).changes == [.deleted(tombstone), .saved(v2)],
                "the replaced record is gone from the log but for its tombstone")
    }

    static func syncIgnore(_ storage: any HealthStorage) throws {
        let v2 = F.quantity(1, 0, sync: ("day-1", 2))
        _ = try storage.save([v2])
        let position = try storage.latestChangePosition()
        let equal = F.quantity(5, 0, sync: ("day-1", 2))
        let lower = F.quantity(6, 0, sync: ("day-1", 1))
        let fresh = F.quantity(7, 0)
        let outcome = try storage.save([equal, lower, fresh])
        #expect(outcome == SaveOutcome(stored: [fresh.uuid], ignored: [equal.uuid, lower.uuid], replaced: []))
        try F.expect(storage, .all, [v2, fresh])
        #expect(try storage.latestChangePosition() == position + 1, "ignored records take no change position")
    }

    static func syncPerSource(_ storage: any HealthStorage) throws {
        let mine = F.quantity(1, 0, sync: ("shared", 5))
        let theirs = F.quantity(2, 0, source: F.other, sync: ("shared", 1))
        let outcome = try storage.save([mine, theirs])
        #expect(outcome.stored == [mine.uuid, theirs.uuid])
        // Another revision of the same source (same bundle identifier) is the same source.
        let renamed = SourceRecord(bundleIdentifier: F.app.bundleIdentifier, name: "Example 2", version: "2")
        let newer = F.quantity(3, 0, source: renamed, sync: ("shared", 6))
        #expect(try storage.save([newer]).replaced.map(\.uuid) == [mine.uuid])
        try F.expect(storage, .all, [theirs, newer])
    }

    static func syncReplacesMembers(_ storage: any HealthStorage) throws {
        let old = F.correlation(at: 0, sync: ("bp", 1))
        _ = try storage.save(old)
        let before = try storage.latestChangePosition()
        var new = F.correlation(at: 60, sync: ("bp", 2))
        new[1].quantity = 125
        let outcome = try storage.save(new)
        #expect(outcome.replaced.map(\.uuid) == [old[0].uuid])
        try F.expect(storage, .parent(new[0].uuid), [new[1], new[2]])
        try F.expect(storage, .all, new)
        let deleted = try storage.changes(after: before, matching: .all, limit: nil).changes.compactMap { change -> UUID? in
            if case .deleted(let tombstone) = change { return tombstone.uuid }
            return nil
        }
        #expect(Set(deleted) == Set(old.map(\.uuid)))
    }

    static func syncMemberKeepsParent(_ storage: any HealthStorage) throws {
        var old = F.correlation(at: 0)
        old[1].syncIdentifier = "systolic"
        old[1].syncVersion = 1
        _ = try storage.save(old)
        let newer = F.quantity(118, 0, type: F.systolic, sync: ("systolic", 2))
        let outcome = try storage.save([newer])
        #expect(outcome.replaced.map(\.uuid) == [old[1].uuid])
        try F.expect(storage, .parent(old[0].uuid), [newer, old[2]])
        let stored = try storage.records(matching: .uuids([newer.uuid]), sort: [], limit: nil)
        #expect(stored.first?.parent == old[0].uuid)
    }

    static func syncWithinBatch(_ storage: any HealthStorage) throws {
        let v1 = F.quantity(1, 0, sync: ("x", 1))
        let v3 = F.quantity(3, 0, sync: ("x", 3))
        let v2 = F.quantity(2, 0, sync: ("x", 2))
        let outcome = try storage.save([v1, v3, v2])
        #expect(outcome.stored == [v1.uuid, v3.uuid])
        #expect(outcome.ignored == [v2.uuid])
        #expect(outcome.replaced.map(\.uuid) == [v1.uuid])
        try F.expect(storage, .all, [v3])
    }
}
