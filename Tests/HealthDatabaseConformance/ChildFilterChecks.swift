import Foundation
import HealthDatabase
import Testing

/// `hasChild`: records selected by their children (correlations by members, workouts by activities).
enum ChildFilterChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("hasChild", "records with a matching child; childless records and the children themselves do not match", members),
        ConformanceCheck("hasChild", "one child must match every condition; children of another record do not count", oneChild),
        ConformanceCheck("hasChild", "combined with not, and, or; not(hasChild) matches childless records", compound),
        ConformanceCheck("hasChild", "nested: grandchildren, and a child without children", nested),
        ConformanceCheck("hasChild", "deleting by hasChild takes the children along", deleting),
    ]

    static let workout = "HKWorkoutTypeIdentifier"
    static let activity = "HKWorkoutActivity"

    /// A workout record from `start` for `seconds`.
    static func workoutRecord(_ start: TimeInterval, _ seconds: TimeInterval) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .workout, type: workout, startDate: F.date(start), endDate: F.date(start + seconds),
                     source: F.app, payload: Data("workout".utf8))
    }

    /// A child of `parent` of kind `.part` with an activity type and a duration field.
    static func activityRecord(of parent: UUID, _ type: Int, _ start: TimeInterval, _ seconds: TimeInterval) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .part, type: activity, startDate: F.date(start), endDate: F.date(start + seconds),
                     source: F.app, fields: ["@activity.activityType": .number(Double(type)), "@activity.duration": .number(seconds)],
                     parent: parent)
    }

    static func isType(_ type: Int) -> SampleFilter { .field("@activity.activityType", .equal, .number(Double(type))) }
    static func longer(than seconds: TimeInterval) -> SampleFilter { .field("@activity.duration", .greaterThan, .number(seconds)) }

    /// Three workouts: swim, bike (60 min), run; bike (20 min), run (60 min); none.
    static func triathlons(_ storage: any HealthStorage) throws -> (multi: SampleRecord, duo: SampleRecord, plain: SampleRecord) {
        let multi = workoutRecord(0, 7200), duo = workoutRecord(10_000, 4800), plain = workoutRecord(20_000, 600)
        _ = try storage.save([multi, duo, plain,
                              activityRecord(of: multi.uuid, 46, 0, 1200), activityRecord(of: multi.uuid, 13, 1200, 3600),
                              activityRecord(of: multi.uuid, 37, 4800, 2400),
                              activityRecord(of: duo.uuid, 13, 10_000, 1200), activityRecord(of: duo.uuid, 37, 11_200, 3600)])
        return (multi, duo, plain)
    }

    static func members(_ storage: any HealthStorage) throws {
        let low = F.correlation(at: 0), empty = F.correlation(at: 5)[0]
        var high = F.correlation(at: 10)
        high[1].quantity = 140
        let single = F.quantity(150, 20, type: F.systolic)
        _ = try storage.save(low + high + [empty, single])
        try F.expect(storage, .hasChild(.and([.types([F.systolic]), .quantity(.greaterThan, 130)])), [high[0]])
        try F.expect(storage, .hasChild(.types([F.systolic])), [low[0], high[0]])
        try F.expect(storage, .hasChild(.all), [low[0], high[0]])
        try F.expect(storage, .hasChild(.none), [])
        try F.expect(storage, .hasChild(.uuids([low[2].uuid])), [low[0]])
        try F.expect(storage, .hasChild(.uuids([single.uuid])), [])
    }

    static func oneChild(_ storage: any HealthStorage) throws {
        let (multi, duo, _) = try triathlons(storage)
        try F.expect(storage, .hasChild(.and([isType(13), longer(than: 1800)])), [multi])
        try F.expect(storage, .hasChild(.and([isType(37), longer(than: 3000)])), [duo])
        try F.expect(storage, .hasChild(isType(13)), [multi, duo])
        try F.expect(storage, .hasChild(.and([isType(46), isType(13)])), [])
        try F.expect(storage, .and([.hasChild(isType(46)), .hasChild(isType(13))]), [multi])
        try F.expect(storage, .hasChild(.window(DateWindow(start: F.date(11_000), end: F.date(12_000)))), [duo])
    }

    static func compound(_ storage: any HealthStorage) throws {
        let (multi, duo, plain) = try triathlons(storage)
        try F.expect(storage, .and([.types([workout]), .not(.hasChild(isType(46)))]), [duo, plain])
        try F.expect(storage, .and([.types([workout]), .not(.hasChild(.all))]), [plain])
        try F.expect(storage, .or([.hasChild(isType(46)), .uuids([plain.uuid])]), [multi, plain])
        try F.expect(storage, .hasChild(.not(isType(13))), [multi, duo])
        try F.expect(storage, .hasChild(.or([.and([isType(13), longer(than: 1800)]), .and([isType(37), longer(than: 3000)])])),
                     [multi, duo])
        try F.expect(storage, .and([.hasChild(isType(13)), .not(.hasChild(.and([isType(13), longer(than: 1800)])))]), [duo])
    }

    static func nested(_ storage: any HealthStorage) throws {
        let top = workoutRecord(0, 100)
        let middle = activityRecord(of: top.uuid, 13, 0, 50), leaf = activityRecord(of: top.uuid, 37, 50, 50)
        let grandchild = activityRecord(of: middle.uuid, 52, 0, 10)
        _ = try storage.save([top, middle, leaf, grandchild])
        try F.expect(storage, .hasChild(.hasChild(isType(52))), [top])
        try F.expect(storage, .hasChild(isType(52)), [middle])
        try F.expect(storage, .hasChild(.hasChild(isType(13))), [])
        try F.expect(storage, .hasChild(.and([isType(13), .hasChild(isType(52))])), [top])
        try F.expect(storage, .hasChild(.and([isType(37), .hasChild(.all)])), [])
        try F.expect(storage, .hasChild(.not(.hasChild(.all))), [top, middle])  // records with a childless child
        try F.expect(storage, .and([.types([activity]), .not(.hasChild(.all))]), [leaf, grandchild])
    }

    static func deleting(_ storage: any HealthStorage) throws {
        let (_, duo, plain) = try triathlons(storage)
        let tombstones = try storage.delete(matching: .and([.types([workout]), .hasChild(.and([isType(13), longer(than: 1800)]))]))
        #expect(Set(tombstones.map(\.type)) == [workout, activity])
        #expect(tombstones.filter { $0.type == activity }.count == 3, "the workout's three activities")
        try F.expect(storage, .types([workout]), [duo, plain])
        #expect(try storage.count(matching: .types([activity])) == 2)
    }
}
