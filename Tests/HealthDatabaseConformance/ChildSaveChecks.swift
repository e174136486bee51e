import Foundation
import HealthDatabase
import Testing

/// How saving treats children when their parent is replaced or ignored by the sync-version rule.
enum ChildSaveChecks {
    typealias F = Fixture
    typealias C = ChildFilterChecks

    static let all: [ConformanceCheck] = [
        ConformanceCheck("save", "a replaced record's .part children are deleted with it; other children (.other ones too) move", replaceParts),
        ConformanceCheck("save", "the children of a replaced record's parts move to the new record", partsChildrenMove),
        ConformanceCheck("save", "children of an ignored record are ignored with it", ignoreChildren),
    ]

    static func replaceParts(_ storage: any HealthStorage) throws {
        var old = C.workoutRecord(0, 3600)
        old.syncIdentifier = "ride"
        old.syncVersion = 1
        let part = C.activityRecord(of: old.uuid, 13, 0, 3600), sample = F.quantity(5, 10, parent: old.uuid)
        let route = SampleRecord(uuid: UUID(), kind: .other, type: "HKWorkoutRouteTypeIdentifier", startDate: F.date(0),
                                 endDate: F.date(3600), source: F.app, parent: old.uuid, payload: Data("route".utf8))
        _ = try storage.save([old, part, sample, route])
        var new = C.workoutRecord(0, 3600)
        new.syncIdentifier = "ride"
        new.syncVersion = 2
        let newPart = C.activityRecord(of: new.uuid, 37, 0, 3600)
        let outcome = try storage.save([new, newPart])
        #expect(outcome.stored == [new.uuid, newPart.uuid])
        #expect(outcome.replaced.map(\.uuid) == [old.uuid])
        try F.expect(storage, .parent(new.uuid), [newPart, sample, route])
        try F.expect(storage, .hasChild(C.isType(13)), [])
        let deleted = try storage.changes(after: 0, matching: .types([C.activity]), limit: nil).changes.compactMap { change in
            if case .deleted(let tombstone) = change { return tombstone.uuid } else { return nil }
        }
        #expect(deleted == [part.uuid], "the old part leaves a tombstone")
        #expect(try storage.count(matching: .uuids([route.uuid])) == 1, "the .other child moved, it was not deleted")
    }

    static func partsChildrenMove(_ storage: any HealthStorage) throws {
        var old = C.workoutRecord(0, 3600)
        old.syncIdentifier = "ride"
        old.syncVersion = 1
        let part = C.activityRecord(of: old.uuid, 13, 0, 3600)
        let related = F.quantity(7, 10, parent: part.uuid), subpart = C.activityRecord(of: part.uuid, 52, 0, 60)
        _ = try storage.save([old, part, related, subpart])
        var new = C.workoutRecord(0, 3600)
        new.syncIdentifier = "ride"
        new.syncVersion = 2
        _ = try storage.save([new])
        try F.expect(storage, .parent(new.uuid), [related])
        #expect(try storage.count(matching: .uuids([part.uuid, subpart.uuid])) == 0, "parts of parts go with them")
        let tombstones = try storage.changes(after: 0, matching: .all, limit: nil).changes.compactMap { change in
            if case .deleted(let tombstone) = change { return tombstone.uuid } else { return nil }
        }
        #expect(Set(tombstones) == [old.uuid, part.uuid, subpart.uuid])
    }

    static func ignoreChildren(_ storage: any HealthStorage) throws {
        var stored = C.workoutRecord(0, 3600)
        stored.syncIdentifier = "ride"
        stored.syncVersion = 2
        _ = try storage.save([stored])
        var same = C.workoutRecord(0, 3600)
        same.syncIdentifier = "ride"
        same.syncVersion = 2
        let part = C.activityRecord(of: same.uuid, 13, 0, 3600)
        let grandchild = C.activityRecord(of: part.uuid, 52, 0, 60)
        let fresh = F.quantity(1, 0)
        let outcome = try storage.save([same, part, grandchild, fresh])
        #expect(outcome == SaveOutcome(stored: [fresh.uuid], ignored: [same.uuid, part.uuid, grandchild.uuid], replaced: []))
        try F.expect(storage, .all, [stored, fresh])
    }
}
