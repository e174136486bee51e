import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite("Quantity series: HKQuantitySeriesSampleBuilder, HKQuantitySeriesSampleQuery and the store")
struct SeriesQuantityTests {
    typealias F = StoreFixture
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    /// A store on `path` whose app may share and read steps and heart rate.
    static func store(path: String = F.temporaryDatabasePath()) async throws -> HKHealthStore {
        try await QueryFixture.store(storage: try SQLiteHealthStorage(path: path), types: [F.stepCount, F.heartRate])
    }

    /// What one call of a quantity series query's handler carried.
    struct Call: Sendable {
        let value: Double?
        let start: Date?
        let sample: UUID?
        let done: Bool
    }

    /// Runs a quantity series query over `type` and returns every call of its handler.
    static func calls(_ store: HKHealthStore, _ type: HKQuantityType, unit: HKUnit, bySample: Bool = false) async -> [Call] {
        let recorder = EventRecorder<Call>()
        let query = HKQuantitySeriesSampleQuery(quantityType: type, predicate: nil) { _, quantity, interval, sample, done, _ in
            recorder.record(Call(value: quantity?.doubleValue(for: unit), start: interval?.start, sample: sample?.uuid, done: done))
        }
        query.includeSample = true
        query.orderByQuantitySampleStartDate = bySample
        store.execute(query)
        return await SeriesFixture.wait(recorder, query) { $0.last?.done == true }
    }

    @Test("a step series: one sample whose count and sum are its quantities', read back quantity by quantity from the file")
    func cumulativeSeries() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await Self.store(path: path)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.stepCount, startDate: Self.start, device: .local())
        for minute in 0..<5 {
            let interval = DateInterval(start: Self.start.addingTimeInterval(Double(minute) * 60), duration: 60)
            try builder.insert(HKQuantity(unit: .count(), doubleValue: Double(100 + minute)), for: interval)
        }
        // Same start as the third quantity: replaces it.
        try builder.insert(HKQuantity(unit: .count(), doubleValue: 7), for: DateInterval(start: Self.start.addingTimeInterval(120), duration: 30))
        let samples = try await builder.finishSeries(metadata: ["Walk": "dog"])
        let series = try #require(samples.first as? HKCumulativeQuantitySample)
        #expect(samples.count == 1 && series.count == 5)
        #expect(series.sumQuantity.doubleValue(for: .count()) == 100 + 101 + 7 + 103 + 104)
        #expect(series.startDate == Self.start && series.endDate == Self.start.addingTimeInterval(300))

        let reopened = try await Self.store(path: path)
        let stored = try #require(try await QueryFixture.samples(reopened, F.stepCount).first as? HKQuantitySample)
        #expect(stored.uuid == series.uuid && stored.count == 5 && stored.metadata?["Walk"] as? String == "dog")
        let calls = await Self.calls(reopened, F.stepCount, unit: .count())
        #expect(calls.map(\.value) == [100, 101, 7, 103, 104])
        #expect(calls.map(\.start) == (0..<5).map { Self.start.addingTimeInterval(Double($0) * 60) })
        #expect(calls.map(\.done) == [false, false, false, false, true])
        #expect(calls.allSatisfy { $0.sample == series.uuid })

        let sum = try await withCheckedThrowingContinuation { continuation in
            reopened.execute(HKStatisticsQuery(quantityType: F.stepCount, quantitySamplePredicate: nil, options: .cumulativeSum) { _, statistics, error in
                if let statistics { continuation.resume(returning: statistics) } else { continuation.resume(throwing: error!) }
            })
        }
        #expect(sum.sumQuantity()?.doubleValue(for: .count()) == 415)
    }

    @Test("a heart rate series: the average is the quantity; minimum, maximum and most recent come from the series; archives")
    func discreteSeries() async throws {
        let store = try await Self.store()
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.heartRate, startDate: Self.start, device: nil)
        for (second, value) in [(0.0, 60.0), (30, 90), (10, 75)] {
            try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: value), at: Self.start.addingTimeInterval(second))
        }
        let end = Self.start.addingTimeInterval(120)
        let series = try #require(try await builder.finishSeries(metadata: nil, endDate: end).first as? HKDiscreteQuantitySample)
        #expect(series.count == 3 && series.endDate == end)
        #expect(series.averageQuantity.doubleValue(for: Self.bpm) == 75)
        #expect(series.minimumQuantity.doubleValue(for: Self.bpm) == 60 && series.maximumQuantity.doubleValue(for: Self.bpm) == 90)
        #expect(series.mostRecentQuantity.doubleValue(for: Self.bpm) == 90)
        #expect(series.mostRecentQuantityDateInterval == DateInterval(start: Self.start.addingTimeInterval(30), duration: 0))

        let data = try NSKeyedArchiver.archivedData(withRootObject: series, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKDiscreteQuantitySample.self, from: data))
        #expect(restored.count == 3 && restored.maximumQuantity.doubleValue(for: Self.bpm) == 90)
    }

    @Test("the query orders quantities by their own start, or sample by sample with orderByQuantitySampleStartDate")
    func ordering() async throws {
        let store = try await Self.store()
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.heartRate, startDate: Self.start, device: nil)
        try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 61), at: Self.start)
        try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 63), at: Self.start.addingTimeInterval(20))
        let series = try await builder.finishSeries(metadata: nil)[0]
        let single = HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: Self.bpm, doubleValue: 62),
                                      start: Self.start.addingTimeInterval(10), end: Self.start.addingTimeInterval(10))
        try await store.save(single)

        let byQuantity = await Self.calls(store, F.heartRate, unit: Self.bpm)
        #expect(byQuantity.map(\.value) == [61, 62, 63])
        #expect(byQuantity.map(\.sample) == [series.uuid, single.uuid, series.uuid])
        let bySample = await Self.calls(store, F.heartRate, unit: Self.bpm, bySample: true)
        #expect(bySample.map(\.value) == [61, 63, 62])
        #expect(bySample.map(\.done) == [false, false, true])
    }

    @Test("bad input fails with errorInvalidArgument; a discarded or finished builder refuses everything and saves nothing more")
    func rules() async throws {
        let store = try await Self.store()
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.stepCount, startDate: Self.start, device: nil)
        await expectHKError(.errorInvalidArgument) { try builder.insert(HKQuantity(unit: .count(), doubleValue: 1), at: Self.start.addingTimeInterval(-1)) }
        await expectHKError(.errorInvalidArgument) { try builder.insert(HKQuantity(unit: .meter(), doubleValue: 1), at: Self.start) }
        await expectHKError(.errorInvalidArgument) { _ = try await builder.finishSeries(metadata: nil) }
        try builder.insert(HKQuantity(unit: .count(), doubleValue: 5), for: DateInterval(start: Self.start, duration: 60))
        await expectHKError(.errorInvalidArgument) { _ = try await builder.finishSeries(metadata: nil, endDate: Self.start.addingTimeInterval(30)) }
        // A failed finish leaves the builder collecting.
        #expect(try await builder.finishSeries(metadata: nil).first?.count == 1)
        await expectHKError(.errorInvalidArgument) { try builder.insert(HKQuantity(unit: .count(), doubleValue: 1), at: Self.start) }

        let discarded = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.stepCount, startDate: Self.start, device: nil)
        try discarded.insert(HKQuantity(unit: .count(), doubleValue: 9), at: Self.start)
        discarded.discard()
        await expectHKError(.errorInvalidArgument) { _ = try await discarded.finishSeries(metadata: nil) }
        #expect(try await QueryFixture.samples(store, F.stepCount).count == 1)
    }

    @Test("finishing needs sharing authorization for the quantity type")
    func authorization() async throws {
        let store = try await QueryFixture.store(types: [F.heartRate])
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: F.stepCount, startDate: Self.start, device: nil)
        try builder.insert(HKQuantity(unit: .count(), doubleValue: 5), at: Self.start)
        await expectHKError(.errorAuthorizationNotDetermined) { _ = try await builder.finishSeries(metadata: nil) }
    }
}
