import Foundation
import HealthDatabase
import Testing

/// `save(_:associating:)`: stored records moved under a parent, as a change of each record.
enum AssociationChecks {
    typealias F = Fixture
    typealias C = ChildFilterChecks

    static let all: [ConformanceCheck] = [
        ConformanceCheck("associate", "stored records move under the parent, each at a new position, fields kept", moves),
        ConformanceCheck("associate", "records saved and records moved under a parent saved in the same call", withSave),
        ConformanceCheck("associate", "a missing member or parent, or a cycle, fails and changes nothing", failures),
        ConformanceCheck("associate", "a moved record keeps its children; deleting the parent deletes them all", cascade),
        ConformanceCheck("associate", "nothing moves when the parent is ignored by the sync rule", ignoredParent),
        ConformanceCheck("associate", "with no parent, members leave theirs, each at a new position; top-level ones stay", detach),
    ]

    static func under(_ parent: UUID, _ record: SampleRecord) -> SampleRecord {
        var moved = record
        moved.parent = parent
        return moved
    }

    static func moves(_ storage: any HealthStorage) throws {
        let workout = C.workoutRecord(0, 3600)
        let a = F.quantity(1, 0, fields: ["HKWasUserEntered": .number(1), "note": .text("first")]), b = F.quantity(2, 60)
        let c = F.quantity(3, 120)
        _ = try storage.save([workout, a, b, c])
        let anchor = try storage.latestChangePosition()
        let outcome = try storage.save([], associating: SampleAssociation(parent: workout.uuid, members: [a.uuid, b.uuid, a.uuid]))
        #expect(outcome.associated == [a.uuid, b.uuid] && outcome.stored.isEmpty)
        try F.expect(storage, .parent(workout.uuid), [a, b])
        let read = try storage.records(matching: .uuids([a.uuid]), sort: [], limit: nil)
        #expect(read == [under(workout.uuid, a)], "a moved record keeps its values and fields")
        let batch = try storage.changes(after: anchor, matching: .all, limit: nil)
        #expect(batch.changes == [.saved(under(workout.uuid, a)), .saved(under(workout.uuid, b))],
                "moved records come back as saved after an older anchor")
        let latest = try storage.latestChangePosition()
        #expect(batch.anchor > anchor && batch.anchor == latest)
        let all = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(all == [.saved(workout), .saved(c), .saved(under(workout.uuid, a)), .saved(under(workout.uuid, b))],
                "each record appears once, at its newest position")
        let again = try storage.save([], associating: SampleAssociation(parent: workout.uuid, members: [a.uuid]))
        #expect(again.associated.isEmpty, "a record already under the parent does not move")
        #expect(try storage.latestChangePosition() == batch.anchor)
    }

    static func withSave(_ storage: any HealthStorage) throws {
        let stored = F.quantity(1, 0)
        _ = try storage.save([stored])
        let workout = C.workoutRecord(0, 3600)
        let fresh = F.quantity(2, 60, parent: workout.uuid)
        let outcome = try storage.save([workout, fresh], associating: SampleAssociation(parent: workout.uuid, members: [stored.uuid]))
        #expect(outcome.stored == [workout.uuid, fresh.uuid])
        #expect(outcome.associated == [stored.uuid])
        try F.expect(storage, .parent(workout.uuid), [fresh, stored])
        let order = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(order == [.saved(workout), .saved(fresh), .saved(under(workout.uuid, stored))])
    }

    static func failures(_ storage: any HealthStorage) throws {
        let workout = C.workoutRecord(0, 3600)
        let correlation = F.correlation(at: 0)
        let a = F.quantity(1, 0)
        _ = try storage.save([workout, a] + correlation)
        let before = try storage.latestChangePosition()
        let newcomer = F.quantity(5, 0), unknown = UUID()
        F.expectError(.missingRecord(unknown)) {
            _ = try storage.save([newcomer], associating: SampleAssociation(parent: workout.uuid, members: [a.uuid, unknown]))
        }
        let nowhere = UUID()
        F.expectError(.missingParent(record: a.uuid, parent: nowhere)) {
            _ = try storage.save([], associating: SampleAssociation(parent: nowhere, members: [a.uuid]))
        }
        F.expectError(.cyclicAssociation(record: workout.uuid, parent: workout.uuid)) {
            _ = try storage.save([], associating: SampleAssociation(parent: workout.uuid, members: [workout.uuid]))
        }
        F.expectError(.cyclicAssociation(record: correlation[0].uuid, parent: correlation[1].uuid)) {
            _ = try storage.save([], associating: SampleAssociation(parent: correlation[1].uuid, members: [correlation[0].uuid]))
        }
        #expect(try storage.latestChangePosition() == before, "a failed call changes nothing")
        #expect(try storage.count(matching: .uuids([newcomer.uuid])) == 0)
        try F.expect(storage, .parent(workout.uuid), [])
    }

    static func cascade(_ storage: any HealthStorage) throws {
        let workout = C.workoutRecord(0, 3600)
        let correlation = F.correlation(at: 0)
        _ = try storage.save([workout] + correlation)
        _ = try storage.save([], associating: SampleAssociation(parent: workout.uuid, members: [correlation[0].uuid]))
        try F.expect(storage, .parent(workout.uuid), [correlation[0]])
        try F.expect(storage, .parent(correlation[0].uuid), Array(correlation[1...]))
        let tombstones = try storage.delete(uuids: [workout.uuid], source: nil)
        #expect(Set(tombstones.map(\.uuid)) == Set(([workout] + correlation).map(\.uuid)))
        #expect(try storage.count(matching: .all) == 0)
    }

    static func ignoredParent(_ storage: any HealthStorage) throws {
        var newer = C.workoutRecord(0, 3600)
        newer.syncIdentifier = "ride"
        newer.syncVersion = 2
        let a = F.quantity(1, 0)
        _ = try storage.save([newer, a])
        var older = C.workoutRecord(0, 3600)
        older.syncIdentifier = "ride"
        older.syncVersion = 1
        let outcome = try storage.save([older], associating: SampleAssociation(parent: older.uuid, members: [a.uuid]))
        #expect(outcome.ignored == [older.uuid] && outcome.associated.isEmpty)
        try F.expect(storage, .uuids([a.uuid]), [a])
        try F.expect(storage, .parent(newer.uuid), [])
    }

    static func detach(_ storage: any HealthStorage) throws {
        let workout = C.workoutRecord(0, 3600)
        let a = F.quantity(1, 0, parent: workout.uuid), b = F.quantity(2, 60, parent: workout.uuid), c = F.quantity(3, 120)
        _ = try storage.save([workout, a, b, c])
        let anchor = try storage.latestChangePosition()
        let outcome = try storage.save([], associating: SampleAssociation(parent: nil, members: [a.uuid, c.uuid]))
        #expect(outcome.associated == [a.uuid], "a top-level member does not move")
        try F.expect(storage, .parent(workout.uuid), [b])
        var free = a
        free.parent = nil
        #expect(try storage.changes(after: anchor, matching: .all, limit: nil).changes == [.saved(free)])
        let tombstones = try storage.delete(uuids: [workout.uuid], source: nil)
        #expect(Set(tombstones.map(\.uuid)) == [workout.uuid, b.uuid], "a detached record no longer goes with its old parent")
        let unknown = UUID()
        F.expectError(.missingRecord(unknown)) {
            _ = try storage.save([], associating: SampleAssociation(parent: nil, members: [c.uuid, unknown]))
        }
    }
}
