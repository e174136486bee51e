import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// `HKStatisticsCollectionQuery` and `HKStatisticsCollection` over SQLite, against hand-computed answers.
@Suite struct StatisticsCollectionQueryTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    /// 300 steps 10:00–10:30 on 5 March, 120 steps 23:50–00:10 across midnight, 50 steps at noon on 7 March (Berlin).
    static func marchStore() async throws -> HKHealthStore {
        let store = try await Q.store()
        try await store.save([C.steps(300, C.date(2024, 3, 5, 10), minutes: 30),
                              C.steps(120, C.date(2024, 3, 5, 23, 50), minutes: 20),
                              C.steps(50, C.date(2024, 3, 7, 12), minutes: 10)])
        return store
    }

    @Test func dailySumsProrateAStraddlingSample() async throws {
        let store = try await Self.marchStore()
        let collection = try await C.run(store, C.query(options: [.cumulativeSum, .duration]))
        let days = collection.statistics()
        #expect(days.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [360, 60, 50])
        #expect(days.map(\.startDate) == [C.date(2024, 3, 5), C.date(2024, 3, 6), C.date(2024, 3, 7)])
        #expect(days.map(\.endDate) == [C.date(2024, 3, 6), C.date(2024, 3, 7), C.date(2024, 3, 8)])
        #expect(days.map { $0.duration()?.doubleValue(for: .second()) } == [2400, 600, 600])
        #expect(collection.sources().isEmpty && days[0].sources == nil)
    }

    @Test func enumerateYieldsEmptyIntervalsAndStops() async throws {
        let store = try await Self.marchStore()
        let collection = try await C.run(store, C.query(options: .cumulativeSum))
        var sums: [Double?] = []
        var starts: [Date] = []
        collection.enumerateStatistics(from: C.date(2024, 3, 4, 12), to: C.date(2024, 3, 8, 1)) { statistics, _ in
            sums.append(statistics.sumQuantity()?.doubleValue(for: .count()))
            starts.append(statistics.startDate)
        }
        #expect(sums == [nil, 360, 60, 50, nil])
        #expect(starts.first == C.date(2024, 3, 4) && starts.last == C.date(2024, 3, 8))
        var visited = 0
        collection.enumerateStatistics(from: C.date(2024, 3, 1), to: C.date(2024, 3, 31)) { _, stop in
            visited += 1
            if visited == 2 { stop.pointee = true }
        }
        #expect(visited == 2)
        let outside = try #require(collection.statistics(for: C.date(2025, 6, 1, 15)))
        #expect(outside.sumQuantity() == nil)
        #expect(outside.startDate == C.date(2025, 6, 1) && outside.endDate == C.date(2025, 6, 2))
    }

    /// One sample per wall-clock slot of `minutes` from midnight to midnight of a day in `zone`, `value` each.
    static func fillDay(_ store: HKHealthStore, _ year: Int, _ month: Int, _ day: Int, zone: String,
                        minutes: Double, value: Double) async throws -> Int {
        let start = C.date(year, month, day, zone: zone)
        let end = C.calendar(zone).date(byAdding: .day, value: 1, to: start)!
        var samples: [HKQuantitySample] = []
        var at = start
        while at < end {
            samples.append(C.steps(value, at, minutes: minutes))
            at = at.addingTimeInterval(minutes * 60)
        }
        try await store.save(samples)
        return samples.count
    }

    @Test(arguments: [
        ("Europe/Berlin", 2024, 3, 31, 23.0), ("Europe/Berlin", 2024, 10, 27, 25.0),
        ("America/New_York", 2024, 3, 10, 23.0), ("America/New_York", 2024, 11, 3, 25.0),
        ("Australia/Lord_Howe", 2024, 4, 7, 24.5), ("Asia/Kolkata", 2024, 3, 31, 24.0),
    ])
    func daylightSavingDaysHaveTheirWallClockLength(zone: String, year: Int, month: Int, day: Int, hours: Double) async throws {
        let store = try await Q.store()
        let count = try await Self.fillDay(store, year, month, day, zone: zone, minutes: 30, value: 30)
        #expect(Double(count) == hours * 2)
        let collection = try await C.run(store, C.query(options: .cumulativeSum, zone: zone))
        let days = collection.statistics()
        #expect(days.count == 1)
        #expect(days.first?.sumQuantity()?.doubleValue(for: .count()) == hours * 60)
        #expect(days.first.map { $0.endDate.timeIntervalSince($0.startDate) } == hours * 3600)
        #expect(days.first?.startDate == C.date(year, month, day, zone: zone))
    }

    @Test func hourlyBucketsOnTheSpringForwardDay() async throws {
        let store = try await Q.store()
        _ = try await Self.fillDay(store, 2024, 3, 31, zone: "Europe/Berlin", minutes: 60, value: 10)
        let collection = try await C.run(store, C.query(options: .cumulativeSum, components: DateComponents(hour: 1)))
        let hours = collection.statistics()
        #expect(hours.count == 23)
        #expect(hours.allSatisfy { $0.sumQuantity()?.doubleValue(for: .count()) == 10 })
        #expect(hours.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 3600 })
    }

    @Test func monthlyBucketsAnchoredOnThe31stDoNotDrift() async throws {
        let store = try await Q.store()
        try await store.save([C.steps(50, C.date(2024, 2, 28, 10), minutes: 10),
                              C.steps(100, C.date(2024, 2, 29, 10), minutes: 10),
                              C.steps(7, C.date(2024, 4, 30, 10), minutes: 10)])
        let query = HKStatisticsCollectionQuery(quantityType: F.stepCount, quantitySamplePredicate: nil, options: .cumulativeSum,
                                                anchorDate: C.date(2024, 1, 31), intervalComponents: DateComponents(month: 1))
        query.intervalCalendar = C.calendar("Europe/Berlin")
        let months = try await C.run(store, query).statistics()
        #expect(months.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [50, 100, 7])
        #expect(months.map(\.startDate) == [C.date(2024, 1, 31), C.date(2024, 2, 29), C.date(2024, 4, 30)])
    }

    @Test func weeklyBucketsLieBeforeTheAnchorToo() async throws {
        let store = try await Q.store()
        try await store.save([C.steps(5, C.date(2023, 12, 27, 10), minutes: 10), C.steps(9, C.date(2024, 1, 8, 10), minutes: 10)])
        let weeks = try await C.run(store, C.query(options: .cumulativeSum, components: DateComponents(weekOfYear: 1))).statistics()
        #expect(weeks.map(\.startDate) == [C.date(2023, 12, 25), C.date(2024, 1, 8)])
        #expect(weeks.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [5, 9])
    }

    @Test func discreteFiguresPerDay() async throws {
        let store = try await Q.store()
        try await store.save([C.rate(60, C.date(2024, 5, 1, 8)), C.rate(90, C.date(2024, 5, 1, 8, 10)),
                              C.rate(70, C.date(2024, 5, 1, 8, 40), minutes: 20), C.rate(100, C.date(2024, 5, 2, 9))])
        let options: HKStatisticsOptions = [.discreteMin, .discreteMax, .discreteAverage, .mostRecent]
        let days = try await C.run(store, C.query(F.heartRate, options: options)).statistics()
        try #require(days.count == 2)
        // Time-weighted: 60 holds 600 s, 90 holds 1800 s, 70 lasts 1200 s.
        let average = try #require(days[0].averageQuantity()?.doubleValue(for: C.bpm))
        #expect(abs(average - 282_000.0 / 3600) < 1e-9)
        #expect(C.close(days[0].minimumQuantity()?.doubleValue(for: C.bpm), 60))
        #expect(C.close(days[0].maximumQuantity()?.doubleValue(for: C.bpm), 90))
        // Heart rates are kept in count/s (the canonical unit), so bpm figures come back within rounding.
        #expect(C.close(days[0].mostRecentQuantity()?.doubleValue(for: C.bpm), 70))
        #expect(days[0].mostRecentQuantityDateInterval() == DateInterval(start: C.date(2024, 5, 1, 8, 40), duration: 1200))
        #expect(C.close(days[1].averageQuantity()?.doubleValue(for: C.bpm), 100))
        #expect(days[0].sumQuantity() == nil && days[0].duration() == nil)
    }

    @Test func separateBySourceGivesEachSourceItsOwnSums() async throws {
        let (store, _) = try await StatisticsQueryTests.twoSources()
        let collection = try await C.run(store, C.query(options: [.cumulativeSum, .separateBySource]))
        let day = try #require(collection.statistics().first)
        #expect(collection.sources().map(\.bundleIdentifier).sorted() == [F.otherAppID, F.appID])
        let sums = Dictionary(uniqueKeysWithValues: collection.sources().map {
            ($0.bundleIdentifier, day.sumQuantity(for: $0)?.doubleValue(for: .count()))
        })
        #expect(sums == [F.otherAppID: 600, F.appID: 400])
        #expect(day.sumQuantity()?.doubleValue(for: .count()) == 800)
    }

    @Test func mostRecentOfACumulativeType() async throws {
        let store = try await Self.marchStore()
        let collection = try await C.run(store, C.query(options: [.cumulativeSum, .mostRecent]))
        #expect(collection.statistics(for: C.date(2024, 3, 5, 12))?.mostRecentQuantity()?.doubleValue(for: .count()) == 120)
        #expect(collection.statistics(for: C.date(2024, 3, 7))?.mostRecentQuantity()?.doubleValue(for: .count()) == 50)
    }

    @Test func predicateAndEmptyStore() async throws {
        let store = try await Self.marchStore()
        let predicate = HKQuery.predicateForSamples(withStart: C.date(2024, 3, 7), end: C.date(2024, 3, 8))
        let collection = try await C.run(store, C.query(options: .cumulativeSum, predicate: predicate))
        #expect(collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [50])
        let empty = try await C.run(try await Q.store(), C.query(options: .cumulativeSum))
        #expect(empty.statistics().isEmpty)
        #expect(empty.statistics(for: C.date(2024, 3, 5))?.sumQuantity() == nil)
    }

    @Test func checkedTwinRejectsBadOptionsAndIntervals() throws {
        #expect(throws: HKError.self) {
            _ = try HKStatisticsCollectionQuery.checked(quantityType: F.stepCount, quantitySamplePredicate: nil,
                                                        options: .discreteMax, anchorDate: Date(),
                                                        intervalComponents: DateComponents(day: 1))
        }
        #expect(throws: HKError.self) {
            _ = try HKStatisticsCollectionQuery.checked(quantityType: F.heartRate, quantitySamplePredicate: nil,
                                                        options: .cumulativeSum, anchorDate: Date(),
                                                        intervalComponents: DateComponents(day: 1))
        }
        #expect(throws: HKError.self) {
            _ = try HKStatisticsCollectionQuery.checked(quantityType: F.stepCount, quantitySamplePredicate: nil,
                                                        options: .cumulativeSum, anchorDate: Date(),
                                                        intervalComponents: DateComponents(day: 0))
        }
        let query = try HKStatisticsCollectionQuery.checked(quantityType: F.heartRate, quantitySamplePredicate: nil,
                                                            options: [.discreteAverage, .separateBySource], anchorDate: Date(),
                                                            intervalComponents: DateComponents(minute: 15))
        #expect(query.intervalComponents.minute == 15 && query.options.contains(.discreteAverage))
    }
}
