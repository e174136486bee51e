import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing
import TestSupport

/// Sums from the derived summaries equal sums from the samples after random saves and deletions.
@Suite struct SlotSumStatisticsTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    static let apps = ["com.a.phone", "com.z.watch", "com.m.app"]
    /// Matches every sample but is a predicate the summaries do not serve, so the query reads the samples.
    static var everything: NSPredicate {
        HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 0))
    }

    /// A random step sample on the three Berlin days around the October 2024 DST change: whole-minute or odd-second
    /// starts, instants included, some user-entered, some measured by a watch or a phone.
    static func randomSample(_ random: inout SeededGenerator) -> HKQuantitySample {
        let base = C.date(2024, 10, 26)
        let start = base.addingTimeInterval(Bool.random(using: &random)
            ? Double(Int.random(in: 0..<(72 * 4), using: &random)) * 900
            : Double(Int.random(in: 0..<(72 * 3600), using: &random)))
        let minutes = [0, 1, 1, 5, 15, 20, 95].randomElement(using: &random)!
        let metadata: [String: Any]? = Int.random(in: 0..<8, using: &random) == 0 ? [HKMetadataKeyWasUserEntered: true] : nil
        let device = [nil, C.device("Watch"), C.device("iPhone")].randomElement(using: &random)!
        return C.steps(Double(Int.random(in: 0...300, using: &random)), start, minutes: Double(minutes), device: device, metadata: metadata)
    }

    /// Daily and hourly Berlin collections, merged and per source, as numbers.
    static func sums(_ store: HKHealthStore, predicate: NSPredicate?, hours: Bool) async throws -> [String: Double] {
        let query = C.query(options: [.cumulativeSum, .separateBySource],
                            components: hours ? DateComponents(hour: 1) : DateComponents(day: 1), predicate: predicate)
        let collection = try await C.run(store, query)
        var figures: [String: Double] = [:]
        for statistics in collection.statistics() {
            let key = "\(statistics.startDate.timeIntervalSince1970)"
            figures[key] = statistics.sumQuantity()?.doubleValue(for: .count())
            for source in statistics.sources ?? [] {
                figures[key + source.bundleIdentifier] = statistics.sumQuantity(for: source)?.doubleValue(for: .count())
            }
        }
        return figures
    }

    static func agree(_ lhs: [String: Double], _ rhs: [String: Double]) -> Bool {
        Set(lhs.keys) == Set(rhs.keys) && lhs.allSatisfy { key, value in C.close(rhs[key], value) }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func summariesAgreeWithSamplesAfterRandomSavesAndDeletes(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let storage = try SQLiteHealthStorage.inMemory()
        var stores: [HKHealthStore] = []
        for app in Self.apps { stores.append(try await Q.store(app: app, storage: storage)) }
        let owner = C.owner(storage)
        var saved: [(HKHealthStore, HKQuantitySample)] = []
        for round in 0..<6 {
            for (index, store) in stores.enumerated() {
                let batch = (0..<Int.random(in: 0...25, using: &random)).map { _ in Self.randomSample(&random) }
                try await store.save(batch)
                saved += batch.map { (stores[index], $0) }
            }
            for _ in 0..<Int.random(in: 0...8, using: &random) where !saved.isEmpty {
                let (store, sample) = saved.remove(at: Int.random(in: 0..<saved.count, using: &random))
                try await store.delete(sample)
            }
            if round == 3 { try owner.setSourcePriority(bundleIdentifiers: ["com.m.app"]) }
            for hours in [false, true] {
                let fromSummaries = try await Self.sums(owner, predicate: nil, hours: hours)
                let fromSamples = try await Self.sums(owner, predicate: Self.everything, hours: hours)
                #expect(Self.agree(fromSummaries, fromSamples), "seed \(seed) round \(round) hours \(hours)")
                #expect(fromSummaries.isEmpty == saved.isEmpty)
            }
        }
    }

    @Test func theSummaryPathIsTakenOnlyWhenItGivesTheSamplesAnswer() async throws {
        let store = try await Q.store()
        let context = try QueryContext(store: store)
        let days = [DateInterval(start: C.date(2024, 3, 5), end: C.date(2024, 3, 6))]
        let plain = try StatisticsReader(context: context, type: F.stepCount, predicate: nil, options: .cumulativeSum)
        #expect(SlotSumStatistics.storage(for: plain, intervals: days) != nil)
        let filtered = try StatisticsReader(context: context, type: F.stepCount, predicate: Self.everything, options: .cumulativeSum)
        #expect(SlotSumStatistics.storage(for: filtered, intervals: days) == nil)
        let window = HKQuery.predicateForSamples(withStart: .distantPast, end: .distantFuture, options: .strictStartDate)
        let windowed = try StatisticsReader(context: context, type: F.stepCount, predicate: window, options: .cumulativeSum)
        #expect(SlotSumStatistics.storage(for: windowed, intervals: days) != nil)
        let duration = try StatisticsReader(context: context, type: F.stepCount, predicate: nil, options: [.cumulativeSum, .duration])
        #expect(SlotSumStatistics.storage(for: duration, intervals: days) == nil)
        let minutes = [DateInterval(start: C.date(2024, 3, 5, 10, 5), duration: 300)]
        #expect(SlotSumStatistics.storage(for: plain, intervals: minutes) == nil)
        let discrete = try StatisticsReader(context: context, type: F.heartRate, predicate: nil, options: .discreteMax)
        #expect(SlotSumStatistics.storage(for: discrete, intervals: days) == nil)
    }

    @Test func summariesOfSamplesSavedBeforeTheyExistedAndAfterReopening() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await Q.store(storage: try SQLiteHealthStorage(path: path))
        try await store.save([C.steps(100, C.date(2024, 3, 5, 10), minutes: 10), C.steps(60, C.date(2024, 3, 5, 23, 50), minutes: 20)])
        #expect(C.sum(try await C.run(store, C.query(options: .cumulativeSum)), C.date(2024, 3, 6)) == 30)
        let reopened = try await Q.store(storage: try SQLiteHealthStorage(path: path))
        try await reopened.save(C.steps(5, C.date(2024, 3, 6, 8), minutes: 1))
        let collection = try await C.run(reopened, C.query(options: .cumulativeSum))
        #expect(collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [130, 35])
    }
}
