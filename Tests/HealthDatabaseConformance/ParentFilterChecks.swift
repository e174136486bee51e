import Foundation
import HealthDatabase
import Testing

/// `hasParent`: records selected by the record they belong to (members by their correlation, samples by their workout).
enum ParentFilterChecks {
    typealias F = Fixture
    typealias C = ChildFilterChecks

    static let all: [ConformanceCheck] = [
        ConformanceCheck("hasParent", "records whose parent matches; top-level records and the parents do not", parents),
        ConformanceCheck("hasParent", "nested (grandparents), negated, and mixed with hasChild", nested),
    ]

    static func parents(_ storage: any HealthStorage) throws {
        let (multi, duo, plain) = try C.triathlons(storage)
        let a = F.quantity(1, 0, parent: multi.uuid), b = F.quantity(2, 60, parent: plain.uuid), free = F.quantity(3, 120)
        _ = try storage.save([a, b, free])
        try F.expect(storage, .and([.kinds([.quantity]), .hasParent(.uuids([multi.uuid, duo.uuid]))]), [a])
        try F.expect(storage, .and([.kinds([.quantity]), .hasParent(.types([C.workout]))]), [a, b])
        try F.expect(storage, .and([.kinds([.quantity]), .hasParent(.hasChild(C.isType(46)))]), [a])
        try F.expect(storage, .and([.kinds([.quantity]), .hasParent(.all)]), [a, b])
        try F.expect(storage, .and([.kinds([.quantity]), .not(.hasParent(.uuids([multi.uuid])))]), [b, free])
        #expect(try storage.count(matching: .and([.types([C.workout]), .hasParent(.all)])) == 0)
        #expect(try storage.count(matching: .and([.types([C.activity]), .hasParent(.uuids([duo.uuid]))])) == 2)
    }

    static func nested(_ storage: any HealthStorage) throws {
        let top = C.workoutRecord(0, 100), other = C.workoutRecord(200, 100)
        let leg = C.activityRecord(of: top.uuid, 13, 0, 50), otherLeg = C.activityRecord(of: other.uuid, 13, 200, 50)
        let rated = F.quantity(7, 10, parent: leg.uuid), elsewhere = F.quantity(8, 210, parent: otherLeg.uuid)
        let direct = F.quantity(9, 20, parent: top.uuid)
        _ = try storage.save([top, other, leg, otherLeg, rated, elsewhere, direct])
        let selected = SampleFilter.uuids([top.uuid])
        try F.expect(storage, .hasParent(.hasParent(selected)), [rated])
        try F.expect(storage, .and([.kinds([.quantity]), .or([.hasParent(selected), .hasParent(.and([.kinds([.part]), .hasParent(selected)]))])]),
                     [rated, direct])
        try F.expect(storage, .and([.kinds([.quantity]), .not(.hasParent(.hasParent(.all)))]), [direct])
        try F.expect(storage, .hasChild(.hasParent(.uuids([other.uuid]))), [other])
    }
}
