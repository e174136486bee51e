import Foundation
import HealthDatabase
import Testing

/// Filters on columns, sources, devices, parents, and their combinations.
enum FilterChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("filter", "all, none, types, kinds and UUIDs; empty sets match nothing", basics),
        ConformanceCheck("filter", "sync identifiers (records without one never match)", syncIdentifiers),
        ConformanceCheck("filter", "sources and revision patterns (nil parts match any)", sources),
        ConformanceCheck("filter", "exact devices and device properties (empty set = absent)", devices),
        ConformanceCheck("filter", "quantity and category values", values),
        ConformanceCheck("filter", "parent and noParent(of:)", parents),
        ConformanceCheck("filter", "and, or, not, nested; not matches records without the value", compound),
    ]

    static func basics(_ storage: any HealthStorage) throws {
        let step = F.quantity(1, 0), heart = F.quantity(60, 0, type: F.heartRate), sleep = F.category(1, 0, 10)
        _ = try storage.save([step, heart, sleep])
        try F.expect(storage, .all, [step, heart, sleep])
        try F.expect(storage, .none, [])
        try F.expect(storage, .types([F.steps, F.sleep]), [step, sleep])
        try F.expect(storage, .types([]), [])
        try F.expect(storage, .kinds([.quantity]), [step, heart])
        try F.expect(storage, .kinds([]), [])
        try F.expect(storage, .uuids([heart.uuid, UUID()]), [heart])
        try F.expect(storage, .uuids([]), [])
    }

    static func syncIdentifiers(_ storage: any HealthStorage) throws {
        let a = F.quantity(1, 0, sync: ("Observation/a", 1)), b = F.quantity(2, 0, sync: ("Observation/b", 3)), plain = F.quantity(3, 0)
        _ = try storage.save([a, b, plain])
        try F.expect(storage, .syncIdentifiers(["Observation/b", "Observation/c"]), [b])
        try F.expect(storage, .syncIdentifiers(["Observation/a", "Observation/b"]), [a, b])
        try F.expect(storage, .and([.syncIdentifiers(["Observation/a"]), .sources([F.other.bundleIdentifier])]), [])
        try F.expect(storage, .not(.syncIdentifiers(["Observation/a"])), [b, plain])
        try F.expect(storage, .syncIdentifiers([]), [])
        // The read a writer makes before saving finds the same records, payloads included.
        let before = try storage.recordsBeforeWriting(matching: .syncIdentifiers(["Observation/b", "Observation/c"]))
        #expect(before.map(\.uuid) == [b.uuid] && before.first?.syncVersion == 3)
    }

    static func sources(_ storage: any HealthStorage) throws {
        let watchV2 = SourceRecord(bundleIdentifier: F.watch.bundleIdentifier, name: "Watch", version: "11.0",
                                   productType: "Watch7,1", operatingSystemVersion: "11.0.0")
        let a = F.quantity(1, 0), b = F.quantity(2, 0, source: F.watch), c = F.quantity(3, 0, source: watchV2)
        let d = F.quantity(4, 0, source: F.other)
        _ = try storage.save([a, b, c, d])
        try F.expect(storage, .sources([F.watch.bundleIdentifier]), [b, c])
        try F.expect(storage, .sources([F.app.bundleIdentifier, F.other.bundleIdentifier]), [a, d])
        try F.expect(storage, .sources([]), [])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.watch.bundleIdentifier)]), [b, c])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.watch.bundleIdentifier, version: "11.0")]), [c])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.watch.bundleIdentifier, productType: "Watch6,1")]), [b])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.watch.bundleIdentifier, operatingSystemVersion: "11.0.0"),
                                          RevisionPattern(bundleIdentifier: F.other.bundleIdentifier)]), [c, d])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.watch.bundleIdentifier, version: "10.1",
                                                          productType: "Watch7,1")]), [])
        try F.expect(storage, .revisions([RevisionPattern(bundleIdentifier: F.app.bundleIdentifier, version: "1")]), [])
    }

    static func devices(_ storage: any HealthStorage) throws {
        let watch = F.quantity(1, 0, device: F.watchDevice), scale = F.quantity(2, 0, device: F.scale)
        let none = F.quantity(3, 0), bare = F.quantity(4, 0, device: DeviceRecord(properties: [:]))
        _ = try storage.save([watch, scale, none, bare])
        try F.expect(storage, .devices([F.scale]), [scale])
        try F.expect(storage, .devices([F.watchDevice, DeviceRecord(properties: [:])]), [watch, bare])
        try F.expect(storage, .devices([DeviceRecord(properties: ["HKDevicePropertyName": "Apple Watch"])]), [])
        try F.expect(storage, .devices([]), [])
        try F.expect(storage, .deviceProperty(key: "HKDevicePropertyName", values: ["Scale", "Apple Watch"]), [watch, scale])
        try F.expect(storage, .deviceProperty(key: "HKDevicePropertyManufacturer", values: ["Apple Inc."]), [watch])
        try F.expect(storage, .deviceProperty(key: "HKDevicePropertyManufacturer", values: []), [scale, none, bare])
    }

    static func values(_ storage: any HealthStorage) throws {
        let low = F.quantity(5, 0), mid = F.quantity(10, 0), high = F.quantity(15, 0)
        let awake = F.category(2, 0, 10), deep = F.category(4, 0, 10)
        _ = try storage.save([low, mid, high, awake, deep])
        try F.expect(storage, .quantity(.lessThan, 10), [low])
        try F.expect(storage, .quantity(.lessThanOrEqual, 10), [low, mid])
        try F.expect(storage, .quantity(.equal, 10), [mid])
        try F.expect(storage, .quantity(.notEqual, 10), [low, high])
        try F.expect(storage, .quantity(.greaterThan, 10), [high])
        try F.expect(storage, .quantity(.greaterThanOrEqual, 10), [mid, high])
        try F.expect(storage, .categoryValue(.equal, 4), [deep])
        try F.expect(storage, .categoryValue(.notEqual, 4), [awake])
        try F.expect(storage, .categoryValue(.lessThan, 4), [awake])
        try F.expect(storage, .categoryValues([2, 4, 9]), [awake, deep])
        try F.expect(storage, .categoryValues([]), [])
    }

    static func parents(_ storage: any HealthStorage) throws {
        let correlation = F.correlation(at: 0)
        let loose = F.quantity(120, 0, type: F.systolic)
        let workout = SampleRecord(uuid: UUID(), kind: .workout, type: "HKWorkoutTypeIdentifier", startDate: F.date(0),
                                   endDate: F.date(60), source: F.app)
        let inWorkout = F.quantity(130, 10, type: F.systolic, parent: workout.uuid)
        _ = try storage.save(correlation + [loose, workout, inWorkout])
        try F.expect(storage, .parent(correlation[0].uuid), [correlation[1], correlation[2]])
        try F.expect(storage, .parent(UUID()), [])
        try F.expect(storage, .and([.types([F.systolic]), .noParent(of: .correlation)]), [loose, inWorkout])
        try F.expect(storage, .and([.types([F.systolic]), .noParent(of: .workout)]), [loose, correlation[1]])
    }

    static func compound(_ storage: any HealthStorage) throws {
        let a = F.quantity(5, 0), b = F.quantity(15, 0), c = F.quantity(15, 0, type: F.heartRate)
        let sleep = F.category(1, 0, 10)
        _ = try storage.save([a, b, c, sleep])
        try F.expect(storage, .and([.types([F.steps]), .quantity(.greaterThan, 10)]), [b])
        try F.expect(storage, .or([.types([F.heartRate]), .quantity(.lessThan, 10)]), [a, c])
        try F.expect(storage, .not(.types([F.steps])), [c, sleep])
        try F.expect(storage, .not(.quantity(.greaterThan, 10)), [a, sleep])
        try F.expect(storage, .not(.not(.quantity(.greaterThan, 10))), [b, c])
        try F.expect(storage, .and([]), [a, b, c, sleep])
        try F.expect(storage, .or([]), [])
        try F.expect(storage, .not(.none), [a, b, c, sleep])
        try F.expect(storage, .and([.or([.types([F.steps]), .kinds([.category])]), .not(.and([.kinds([.quantity]), .quantity(.lessThan, 10)]))]),
                     [b, sleep])
    }
}
