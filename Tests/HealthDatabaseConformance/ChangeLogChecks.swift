import Foundation
import HealthDatabase
import Testing

/// The change sequence: positions, tombstones, anchors and limits.
enum ChangeLogChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("changes", "every save and delete takes the next position", positions),
        ConformanceCheck("changes", "a record saved then deleted appears only as its tombstone", savedThenDeleted),
        ConformanceCheck("changes", "a limit pages through the log from the returned anchor", paging),
        ConformanceCheck("changes", "stretches bounded by `through` split the log without gaps or overlaps", stretches),
        ConformanceCheck("changes", "filters apply to saves; tombstones match on type and source only", filtered),
        ConformanceCheck("changes", "tombstones never expire", tombstonesStay),
    ]

    static func positions(_ storage: any HealthStorage) throws {
        #expect(try storage.latestChangePosition() == 0)
        let a = F.quantity(1, 0), b = F.quantity(2, 0), c = F.quantity(3, 0)
        _ = try storage.save([a, b])
        let afterTwo = try storage.latestChangePosition()
        #expect(afterTwo >= 2)
        _ = try storage.save([c])
        #expect(try storage.latestChangePosition() > afterTwo)
        _ = try storage.delete(uuids: [a.uuid], source: nil)
        let last = try storage.latestChangePosition()
        let batch = try storage.changes(after: 0, matching: .all, limit: nil)
        #expect(batch.changes == [.saved(b), .saved(c), .deleted(DeleteChecks.tombstone(a))])
        #expect(batch.anchor == last)
        let none = try storage.changes(after: last, matching: .all, limit: nil)
        #expect(none.changes.isEmpty && none.anchor == last, "an empty batch keeps the anchor")
        try storage.setSetting("k", to: "v")
        try storage.setGrants([AuthorizationGrant(app: "x", type: F.steps, access: .read, allowed: true, decidedAt: F.t0)])
        #expect(try storage.latestChangePosition() == last, "settings and grants are not changes")
    }

    static func savedThenDeleted(_ storage: any HealthStorage) throws {
        let kept = F.quantity(1, 0)
        let gone = F.quantity(2, 0)
        _ = try storage.save([kept, gone])
        let anchor = try storage.latestChangePosition()
        _ = try storage.delete(uuids: [gone.uuid], source: nil)
        let all = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(all == [.saved(kept), .deleted(DeleteChecks.tombstone(gone))])
        let since = try storage.changes(after: anchor, matching: .all, limit: nil).changes
        #expect(since == [.deleted(DeleteChecks.tombstone(gone))])
    }

    static func paging(_ storage: any HealthStorage) throws {
        let records = (0..<7).map { F.quantity(Double($0), Double($0)) }
        _ = try storage.save(records)
        _ = try storage.delete(uuids: [records[1].uuid, records[4].uuid], source: nil)
        let expected = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(expected.count == 7)
        var anchor: Int64 = 0
        var pages: [[Change]] = []
        while true {
            let batch = try storage.changes(after: anchor, matching: .all, limit: 2)
            if batch.changes.isEmpty { #expect(batch.anchor == anchor); break }
            #expect(batch.changes.count <= 2)
            #expect(batch.anchor > anchor)
            pages.append(batch.changes)
            anchor = batch.anchor
        }
        #expect(pages.flatMap { $0 } == expected)
        #expect(pages.map(\.count) == [2, 2, 2, 1], "deletions count toward the limit")
        #expect(try storage.changes(after: 0, matching: .all, limit: 0).changes.isEmpty)
    }

    static func stretches(_ storage: any HealthStorage) throws {
        let records = (0..<9).map { F.quantity(Double($0), Double($0)) }
        _ = try storage.save(records)
        _ = try storage.delete(uuids: [records[2].uuid, records[6].uuid], source: nil)
        let latest = try storage.latestChangePosition()
        let whole = try storage.changes(after: 0, matching: .all, limit: nil).changes
        for split in 0 ... latest {
            let first = try storage.changes(after: 0, through: split, matching: .all, limit: nil)
            let second = try storage.changes(after: split, through: latest, matching: .all, limit: nil)
            #expect(first.changes + second.changes == whole, "split at \(split)")
            #expect(first.anchor <= split && (first.changes.isEmpty || first.anchor > 0))
        }
        let early = try storage.changes(after: 0, through: 3, matching: .all, limit: nil)
        _ = try storage.save([F.quantity(99, 99)])
        #expect(try storage.changes(after: 0, through: 3, matching: .all, limit: nil) == early, "a bounded stretch never grows")
        #expect(try storage.changes(after: 0, through: latest, matching: .all, limit: 2).changes == Array(whole.prefix(2)))
        #expect(try storage.changes(after: 5, through: 5, matching: .all, limit: nil).changes.count <= 1)
    }

    static func filtered(_ storage: any HealthStorage) throws {
        let step = F.quantity(1, 0), heart = F.quantity(60, 0, type: F.heartRate)
        let theirs = F.quantity(2, 500, source: F.other)
        let doomed = F.quantity(3, 1000)
        _ = try storage.save([step, heart, theirs, doomed])
        _ = try storage.delete(uuids: [doomed.uuid], source: nil)
        let tomb = Change.deleted(DeleteChecks.tombstone(doomed))
        #expect(try storage.changes(after: 0, matching: .types([F.steps]), limit: nil).changes == [.saved(step), .saved(theirs), tomb])
        #expect(try storage.changes(after: 0, matching: .types([F.heartRate]), limit: nil).changes == [.saved(heart)])
        #expect(try storage.changes(after: 0, matching: .sources([F.other.bundleIdentifier]), limit: nil).changes == [.saved(theirs)])
        let window = SampleFilter.and([.types([F.steps]), .window(DateWindow(start: F.date(0), end: F.date(10)))])
        #expect(try storage.changes(after: 0, matching: window, limit: nil).changes == [.saved(step), tomb],
                "a window does not hide a tombstone of the type")
        let notMine = SampleFilter.not(.sources([F.app.bundleIdentifier]))
        #expect(try storage.changes(after: 0, matching: notMine, limit: nil).changes == [.saved(theirs)])
    }

    static func tombstonesStay(_ storage: any HealthStorage) throws {
        let records = (0..<50).map { F.quantity(Double($0), Double($0)) }
        _ = try storage.save(records)
        _ = try storage.delete(matching: .all)
        _ = try storage.save([F.quantity(1, 0)])
        let changes = try storage.changes(after: 0, matching: .types([F.steps]), limit: nil).changes
        #expect(changes.count == 51)
        #expect(Set(changes.prefix(50).compactMap { if case .deleted(let t) = $0 { t.uuid } else { nil } }) == Set(records.map(\.uuid)))
    }
}
