import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing

/// `HKStatisticsQuery` over the real SQLite engine: one bucket over the matching samples, merged by source.
@Suite struct StatisticsQueryTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// `value` steps from `from` to `to` minutes after `t0`.
    static func steps(_ value: Double, _ from: Double, _ to: Double) -> HKQuantitySample {
        HKQuantitySample(type: F.stepCount, quantity: HKQuantity(unit: .count(), doubleValue: value),
                         start: t0.addingTimeInterval(from * 60), end: t0.addingTimeInterval(to * 60))
    }

    /// A heart rate of `bpm` from `from` to `to` minutes after `t0`.
    static func rate(_ bpm: Double, _ from: Double, _ to: Double) -> HKQuantitySample {
        HKQuantitySample(type: F.heartRate, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: bpm),
                         start: t0.addingTimeInterval(from * 60), end: t0.addingTimeInterval(to * 60))
    }

    /// Runs a statistics query; returns the statistics or throws its error.
    static func run(_ store: HKHealthStore, _ type: HKQuantityType = F.stepCount, predicate: NSPredicate? = nil,
                    options: HKStatisticsOptions) async throws -> HKStatistics {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate, options: options) { _, statistics, error in
                if let statistics { continuation.resume(returning: statistics) } else { continuation.resume(throwing: error!) }
            })
        }
    }

    /// Two apps over one database: the other app's steps 10:00–10:30 (600), this app's 10:20–10:40 (400).
    /// The interim default ranks sources by bundle identifier, so org.example.other wins the overlap.
    static func twoSources() async throws -> (HKHealthStore, SQLiteHealthStorage) {
        let storage = try SQLiteHealthStorage.inMemory()
        let other = try await Q.store(app: F.otherAppID, storage: storage)
        try await other.save(steps(600, 0, 30))
        let store = try await Q.store(storage: storage)
        try await store.save(steps(400, 20, 40))
        return (store, storage)
    }

    @Test func sumsTwoOverlappingSourcesMerged() async throws {
        let (store, _) = try await Self.twoSources()
        let statistics = try await Self.run(store, options: [.cumulativeSum, .duration])
        // other: 600 over 10:00–10:30; this app's uncovered 10:30–10:40 counts 400 × 10/20 = 200.
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 800)
        #expect(statistics.duration()?.doubleValue(for: .second()) == 2400)
        #expect(statistics.startDate == Self.t0)
        #expect(statistics.endDate == Self.t0.addingTimeInterval(2400))
        #expect(statistics.sources == nil)
        #expect(statistics.averageQuantity() == nil && statistics.mostRecentQuantity() == nil)
    }

    @Test func masksFiguresTheOptionsDidNotAskFor() async throws {
        let (store, _) = try await Self.twoSources()
        let statistics = try await Self.run(store, options: .cumulativeSum)
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 800)
        #expect(statistics.duration() == nil)
    }

    @Test func separatesBySource() async throws {
        let (store, _) = try await Self.twoSources()
        let statistics = try await Self.run(store, options: [.cumulativeSum, .separateBySource])
        let sources = try #require(statistics.sources)
        #expect(Set(sources.map(\.bundleIdentifier)) == [F.appID, F.otherAppID])
        let sums = Dictionary(uniqueKeysWithValues: sources.map {
            ($0.bundleIdentifier, statistics.sumQuantity(for: $0)?.doubleValue(for: .count()))
        })
        #expect(sums == [F.otherAppID: 600, F.appID: 400])
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 800)
        #expect(sources.allSatisfy { statistics.duration(for: $0) == nil })
    }

    @Test func discreteMinimumMaximumAverageAndMostRecent() async throws {
        let store = try await Q.store()
        try await store.save([Self.rate(60, 0, 10), Self.rate(90, 10, 20), Self.rate(75, 20, 30)])
        let statistics = try await Self.run(store, F.heartRate, options: [.discreteMin, .discreteMax, .discreteAverage, .mostRecent])
        let bpm = HKUnit(from: "count/min")
        #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 60)
        #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 90)
        #expect(statistics.averageQuantity()?.doubleValue(for: bpm) == 75)   // equal durations: (60+90+75)/3
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: bpm) == 75)
        #expect(statistics.mostRecentQuantityDateInterval() == DateInterval(start: Self.t0.addingTimeInterval(1200), duration: 600))
        #expect(statistics.sumQuantity() == nil && statistics.duration() == nil)
    }

    @Test func mostRecentAlone() async throws {
        let store = try await Q.store()
        try await store.save([Self.rate(80, 30, 30), Self.rate(100, 0, 0)])
        let statistics = try await Self.run(store, F.heartRate, options: .mostRecent)
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: HKUnit(from: "count/min")) == 80)
        #expect(statistics.minimumQuantity() == nil && statistics.averageQuantity() == nil)
    }

    @Test func noMatchingSamplesIsErrorNoData() async throws {
        let store = try await Q.store()
        try await store.save(Self.steps(10, 0, 10))
        await #expect(throws: HKError.self) { try await Self.run(store, F.heartRate, options: .mostRecent) }
        do {
            _ = try await Self.run(store, F.heartRate, options: .discreteMax)
            Issue.record("expected errorNoData")
        } catch let error as HKError {
            #expect(error.code == .errorNoData)
            #expect(error.localizedDescription == "No data available for the specified predicate.")
        }
    }

    @Test func predicateRestrictsByDate() async throws {
        let store = try await Q.store()
        try await store.save([Self.steps(10, 0, 10), Self.steps(20, 120, 130), Self.steps(40, 240, 250)])
        let start = Self.t0.addingTimeInterval(100 * 60)
        let predicate = HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(3600), options: .strictStartDate)
        let statistics = try await Self.run(store, predicate: predicate, options: .cumulativeSum)
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 20)
        #expect(statistics.startDate == Self.t0.addingTimeInterval(120 * 60))
    }

    @Test func anAppWithoutReadAccessCountsOnlyItsOwnSamples() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let other = try await Q.store(app: F.otherAppID, storage: storage)
        try await other.save(Self.steps(600, 0, 30))
        let denied = try F.store(storage: storage, prompt: ClosureAuthorizationPrompt { request in
            AuthorizationPromptResponse(allowedToShare: request.typesToShare, allowedToRead: [])
        })
        try await denied.requestAuthorization(toShare: [F.stepCount], read: [F.stepCount])
        try await denied.save(Self.steps(400, 20, 40))
        let statistics = try await Self.run(denied, options: .cumulativeSum)
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 400)
    }

    @Test func optionsThatDoNotFitTheTypeThrowFromTheCheckedTwin() throws {
        #expect(throws: HKError.self) {
            _ = try HKStatisticsQuery.checked(quantityType: F.stepCount, quantitySamplePredicate: nil,
                                              options: .discreteAverage) { _, _, _ in }
        }
        #expect(throws: HKError.self) {
            _ = try HKStatisticsQuery.checked(quantityType: F.heartRate, quantitySamplePredicate: nil,
                                              options: [.cumulativeSum, .mostRecent]) { _, _, _ in }
        }
        let query = try HKStatisticsQuery.checked(quantityType: F.heartRate, quantitySamplePredicate: nil,
                                                  options: [.discreteMax, .mostRecent, .duration, .separateBySource]) { _, _, _ in }
        #expect(query.options.contains(.separateBySource))
    }
}
