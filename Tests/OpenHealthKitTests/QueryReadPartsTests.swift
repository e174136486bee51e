import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

/// A short sample query reads only the parts of the records its objects use (``MappedParts``): what it hands over must
/// be what the whole records give, for every shape of quantity and category sample.
@Suite struct QueryReadPartsTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let sleep = HKCategoryType(.sleepAnalysis)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    /// A store over a database file whose app may share and read the test's types, and its storage.
    static func store() async throws -> (HKHealthStore, SQLiteHealthStorage) {
        let storage = try SQLiteHealthStorage(path: F.temporaryDatabasePath())
        let store = try await Q.store(storage: storage, types: [F.stepCount, F.heartRate, F.systolic, F.diastolic, sleep])
        return (store, storage)
    }

    /// Each object as the whole stored record of `type` maps, in save order.
    static func wholeObjects(_ storage: SQLiteHealthStorage, _ type: HKSampleType) throws -> [HKSample] {
        try storage.records(matching: .types([type.identifier]), sort: [], limit: nil).map { try ObjectMapping.object(from: $0) }
    }

    /// Expects the query's samples of `type` (limit 100: mapped as the storage reads them) to be the whole records'.
    static func expectWhole(_ store: HKHealthStore, _ storage: SQLiteHealthStorage, _ type: HKSampleType, count: Int) async throws {
        let queried = try await Q.samples(store, type, limit: 100)
        let expected = try wholeObjects(storage, type)
        #expect(queried.count == count && expected.count == count, "\(type.identifier)")
        for (sample, whole) in zip(queried, expected) {
            // The record an object maps back to holds everything the object does: values, series, metadata (and its
            // sync identifier), device, source revision.
            #expect(try ObjectMapping.record(from: sample) == ObjectMapping.record(from: whole), "\(type.identifier) \(sample.uuid)")
        }
    }

    @Test("quantity samples (series values, count, device, metadata with sync identifiers, correlation members) and category samples come out as their whole records map")
    func everyShapeAsWhole() async throws {
        let (store, storage) = try await Self.store()
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.heartRate, startDate: Self.start, device: nil)
        for (second, value) in [(0.0, 60.0), (30, 90), (10, 75)] {
            try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: value), at: Self.start.addingTimeInterval(second))
        }
        _ = try await builder.finishSeries(metadata: nil, endDate: Self.start.addingTimeInterval(120))
        let watch = HKDevice(name: "Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch7,1",
                             firmwareVersion: nil, softwareVersion: "10.1", localIdentifier: nil, udiDeviceIdentifier: nil)
        let synced: [String: Any] = [HKMetadataKeySyncIdentifier: "reading 1", HKMetadataKeySyncVersion: NSNumber(value: 3),
                                     HKMetadataKeyWasUserEntered: NSNumber(value: true), "Note": "after a run"]
        let rate = HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: Self.bpm, doubleValue: 71),
                                    start: Self.start.addingTimeInterval(600), end: Self.start.addingTimeInterval(600),
                                    device: watch, metadata: synced)
        let night = HKCategorySample(type: Self.sleep, value: HKCategoryValueSleepAnalysis.asleepDeep.rawValue,
                                     start: Self.start, end: Self.start.addingTimeInterval(3600),
                                     metadata: synced.merging([HKMetadataKeySyncIdentifier: "night 1"]) { $1 })
        let awake = HKCategorySample(type: Self.sleep, value: HKCategoryValueSleepAnalysis.awake.rawValue,
                                     start: Self.start.addingTimeInterval(3600), end: Self.start.addingTimeInterval(3700))
        try await store.save([rate, F.steps(12, start: Self.start), F.syncedSteps(30, id: "steps 1", version: 2), night, awake,
                              F.bloodPressureReading(at: Self.start.addingTimeInterval(900))])

        try await Self.expectWhole(store, storage, F.heartRate, count: 2)
        #expect(try await Q.samples(store, F.heartRate, limit: 100).compactMap { ($0 as? HKQuantitySample)?.count } == [3, 1],
                "the series sample keeps its values")
        try await Self.expectWhole(store, storage, F.stepCount, count: 2)
        try await Self.expectWhole(store, storage, F.systolic, count: 1)
        try await Self.expectWhole(store, storage, F.diastolic, count: 1)
        try await Self.expectWhole(store, storage, Self.sleep, count: 2)
    }

    @Test("a record of a kind the read's parts were not chosen for (a document stored under a category type) is read again whole")
    func otherKindReadWhole() async throws {
        let (store, storage) = try await Self.store()
        let document = SampleRecord(uuid: UUID(), kind: .document, type: Self.sleep.identifier, startDate: Self.start,
                                    endDate: Self.start, source: SourceRecord(bundleIdentifier: F.appID, name: F.appID),
                                    fields: [FieldKey.cdaTitle: .text("Discharge summary")],
                                    payload: Data("<ClinicalDocument/>".utf8))
        _ = try storage.save([document])
        try await store.save([HKCategorySample(type: Self.sleep, value: HKCategoryValueSleepAnalysis.inBed.rawValue,
                                               start: Self.start.addingTimeInterval(60), end: Self.start.addingTimeInterval(120))])
        try await Self.expectWhole(store, storage, Self.sleep, count: 2)
        let read = try await Q.samples(store, Self.sleep, limit: 100)
        #expect((read.first as? HKCDADocumentSample)?.document?.documentData == Data("<ClinicalDocument/>".utf8))
    }
}
