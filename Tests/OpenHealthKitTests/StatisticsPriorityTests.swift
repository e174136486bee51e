import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// The persisted source priority: the default order, custom orders, user-entered data, and their effect on sums.
@Suite struct StatisticsPriorityTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture
    typealias C = CollectionFixture

    static let phoneApp = "com.a.phone"   // sorts before the watch by bundle identifier
    static let watchApp = "com.z.watch"

    /// On 5 March (Berlin): the phone counts 600 steps 10:00–10:30, the watch 300 steps 10:10–10:20.
    static func phoneAndWatch(storage: SQLiteHealthStorage) async throws {
        let phone = try await Q.store(app: phoneApp, storage: storage)
        try await phone.save(C.steps(600, C.date(2024, 3, 5, 10), minutes: 30, device: C.device("iPhone", hardware: "iPhone15,2")))
        let watch = try await Q.store(app: watchApp, storage: storage)
        try await watch.save(C.steps(300, C.date(2024, 3, 5, 10, 10), minutes: 10, device: C.device("Watch", hardware: "Watch6,1")))
    }

    static func dailySum(_ store: HKHealthStore) async throws -> Double? {
        C.sum(try await C.run(store, C.query(options: .cumulativeSum)), C.date(2024, 3, 5))
    }

    @Test func watchOutranksPhoneByDefault() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try await Self.phoneAndWatch(storage: storage)
        let owner = C.owner(storage)
        #expect(try owner.sourcePriority().map(\.bundleIdentifier) == [Self.watchApp, Self.phoneApp])
        #expect(try owner.customSourcePriority() == nil)
        // Watch 300 for 10:10–10:20; the phone's 20 uncovered minutes at 20 steps a minute.
        #expect(try await Self.dailySum(owner) == 700)
        let statistics = try await StatisticsQueryTests.run(owner, options: .cumulativeSum)
        #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 700)
    }

    @Test func healthAppDataComesFirstThenWatchThenPhoneThenOtherApps() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try await Self.phoneAndWatch(storage: storage)
        let other = try await Q.store(app: "com.0.other", storage: storage)
        try await other.save(C.steps(1, C.date(2024, 3, 6, 10), minutes: 1))
        let owner = C.owner(storage)
        try await owner.save(C.steps(1000, C.date(2024, 3, 5, 9, 30), minutes: 60))
        #expect(try owner.sourcePriority().map(\.bundleIdentifier)
                == [HKSource.healthApp.bundleIdentifier, Self.watchApp, Self.phoneApp, "com.0.other"])
        // The Health app's 1000 cover 09:30–10:30; the phone's 10:00–10:30 and the watch's lie inside.
        #expect(try await Self.dailySum(owner) == 1000)
    }

    @Test func aPersistedCustomOrderChangesTheMergeAndSurvivesReopening() async throws {
        let path = F.temporaryDatabasePath()
        let storage = try SQLiteHealthStorage(path: path)
        try await Self.phoneAndWatch(storage: storage)
        try C.owner(storage).setSourcePriority(bundleIdentifiers: [Self.phoneApp])
        let reopened = C.owner(try SQLiteHealthStorage(path: path))
        #expect(try reopened.customSourcePriority() == [Self.phoneApp])
        #expect(try reopened.sourcePriority().map(\.bundleIdentifier) == [Self.phoneApp, Self.watchApp])
        #expect(try await Self.dailySum(reopened) == 600)   // the phone's 10:00–10:30 covers the watch's
        try reopened.resetSourcePriority()
        #expect(try reopened.customSourcePriority() == nil)
        #expect(try await Self.dailySum(reopened) == 700)
    }

    @Test func userEnteredSamplesOutrankEverySource() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        try await Self.phoneAndWatch(storage: storage)
        let logger = try await Q.store(app: "com.0.logger", storage: storage)
        try await logger.save(C.steps(90, C.date(2024, 3, 5, 10, 15), minutes: 30,
                                      metadata: [HKMetadataKeyWasUserEntered: true]))
        // 10:00–10:10 phone 200; 10:10–10:15 watch 150; 10:15–10:45 typed-in 90.
        #expect(try await Self.dailySum(C.owner(storage)) == 440)
    }

    /// A predicate the summaries do not serve reads the samples a week at a time and looks each source's rank up when
    /// the read first meets it: a source met only weeks later still ranks as the store orders it, by default and with a
    /// custom order, and its `HKSource` comes with its figures.
    @Test func readingTheSamplesRanksASourceMetOnlyInALaterWeekAsTheStoreDoes() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let phone = try await Q.store(app: Self.phoneApp, storage: storage)
        try await phone.save(C.steps(100, C.date(2024, 2, 1, 10), minutes: 10, device: C.device("iPhone", hardware: "iPhone15,2")))
        try await Self.phoneAndWatch(storage: storage)   // the watch's first sample, five weeks on
        let owner = C.owner(storage)
        let fromSamples = HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .count(), doubleValue: 0))
        func run() async throws -> HKStatisticsCollection {
            try await C.run(owner, C.query(options: [.cumulativeSum, .separateBySource], predicate: fromSamples))
        }
        var collection = try await run()
        #expect(C.sum(collection, C.date(2024, 2, 1)) == 100)
        #expect(C.sum(collection, C.date(2024, 3, 5)) == 700)   // the watch outranks the phone
        let watch = try #require(collection.statistics(for: C.date(2024, 3, 5))?.sources?.first { $0.bundleIdentifier == Self.watchApp })
        #expect(collection.statistics(for: C.date(2024, 3, 5))?.sumQuantity(for: watch)?.doubleValue(for: .count()) == 300)
        try owner.setSourcePriority(bundleIdentifiers: [Self.phoneApp])
        collection = try await run()
        #expect(C.sum(collection, C.date(2024, 3, 5)) == 600)
    }

    @Test func appsCannotChangeThePriorityAndBadListsAreRefused() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let app = try await Q.store(storage: storage)
        #expect { try app.setSourcePriority(bundleIdentifiers: ["a"]) } throws: { ($0 as? HKError)?.code == .errorAuthorizationDenied }
        let owner = C.owner(storage)
        #expect { try owner.setSourcePriority(bundleIdentifiers: ["a", "b", "a"]) } throws: { ($0 as? HKError)?.code == .errorInvalidArgument }
        #expect { try owner.setSourcePriority(bundleIdentifiers: [" "]) } throws: { ($0 as? HKError)?.code == .errorInvalidArgument }
        try owner.setSourcePriority([HKSource(name: "B", bundleIdentifier: "b")])
        #expect(try owner.sourcePriority().map(\.bundleIdentifier) == ["b"])
    }
}
