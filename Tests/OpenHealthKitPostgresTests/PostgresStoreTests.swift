import Foundation
import HealthDatabasePostgres
import OpenHealthKit
import OpenHealthKitPostgres
import Testing
import TestSupport

/// HKHealthStore on PostgreSQL: HealthKit objects saved, queried, summed and synced by anchor, per person.
@Suite(.enabled(if: TestPostgres.url != nil, Comment(rawValue: TestPostgres.missingMessage)))
struct PostgresStoreTests {
    static let steps = HKQuantityType(.stepCount)

    static func url() throws -> URL {
        let text = try #require(TestPostgres.url)
        return try #require(URL(string: text))
    }

    static func steps(_ count: Double, minutes: Double) -> HKQuantitySample {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60)
        return HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start, end: start + 60)
    }

    @Test("two people's HKHealthStores on one database: saves, queries, statistics and anchors stay each one's")
    func storesPerPerson() async throws {
        let alice = try HKHealthStore.owner(postgres: Self.url(), owner: "hk-" + UUID().uuidString)
        let bob = try HKHealthStore.owner(postgres: Self.url(), owner: "hk-" + UUID().uuidString)
        try await alice.save([Self.steps(100, minutes: 0), Self.steps(50, minutes: 30)])
        try await bob.save(Self.steps(7, minutes: 0))

        let query = HKSampleQueryDescriptor(predicates: [.quantitySample(type: Self.steps)], sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(try await query.result(for: alice).map { $0.quantity.doubleValue(for: .count()) } == [100, 50])
        #expect(try await query.result(for: bob).map { $0.quantity.doubleValue(for: .count()) } == [7])

        let sum = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: Self.steps), options: .cumulativeSum)
        #expect(try await sum.result(for: alice)?.sumQuantity()?.doubleValue(for: .count()) == 150)

        let first = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: Self.steps)], anchor: nil).result(for: alice)
        #expect(first.addedSamples.count == 2)
        try await alice.delete(first.addedSamples[0])
        let second = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: Self.steps)], anchor: first.newAnchor)
            .result(for: alice)
        #expect(second.addedSamples.isEmpty && second.deletedObjects.map(\.uuid) == [first.addedSamples[0].uuid])
    }

    @Test("a database that cannot be reached is errorDatabaseInaccessible, without the password")
    func unreachable() throws {
        do {
            _ = try HKHealthStore(postgres: try #require(URL(string: "postgres://u:hunter2@127.0.0.1:1/x")), owner: "a", app: .healthApp)
            Issue.record("opened")
        } catch let error as HKError {
            #expect(error.code == .errorDatabaseInaccessible)
            #expect(!error.localizedDescription.contains("hunter2"))
        }
    }
}
