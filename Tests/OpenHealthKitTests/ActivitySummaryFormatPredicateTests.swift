import Foundation
import OpenHealthKit
import Testing

/// Activity summaries chosen with `HKPredicateKeyPathDateComponents` in a format predicate, the way Apple's
/// activity-ring sample code asks for today's summary (`argumentArray:` and `components as CVarArg` forms).
@Suite struct ActivitySummaryFormatPredicateTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    private func storeWithThreeDays() async throws -> HKHealthStore {
        let store = try await Q.store(types: [F.stepCount])
        try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType()])
        try await store.saveActivitySummaries([
            QueryKindsTests.summary(day: 1, energy: 300), QueryKindsTests.summary(day: 2, energy: 450),
            QueryKindsTests.summary(day: 3, energy: 500),
        ])
        return store
    }

    private func energies(_ store: HKHealthStore, _ predicate: NSPredicate) async throws -> [Double] {
        try await HKActivitySummaryQueryDescriptor(predicate: predicate).result(for: store)
            .map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) }
    }

    @Test func theDayOfDateComponentsSelectsItsSummary() async throws {
        let store = try await storeWithThreeDays()
        var components = DateComponents(era: 1, year: 2024, month: 3, day: 2)
        components.calendar = Calendar(identifier: .gregorian)
        let arrayForm = NSPredicate(format: "%K = %@", argumentArray: [HKPredicateKeyPathDateComponents, components])
        #expect(try await energies(store, arrayForm) == [450])
        let variadicForm = NSPredicate(format: "%K == %@", HKPredicateKeyPathDateComponents, components as CVarArg)
        #expect(try await energies(store, variadicForm) == [450])
        // The same answer as HealthKit's convenience predicate.
        #expect(try await energies(store, HKQuery.predicateForActivitySummary(with: components)) == [450])
    }

    @Test func dayComparisonsAndCompoundsSelectRanges() async throws {
        let store = try await storeWithThreeDays()
        let second = DateComponents(year: 2024, month: 3, day: 2)
        let later = NSPredicate(format: "%K >= %@", argumentArray: [HKPredicateKeyPathDateComponents, second])
        #expect(try await energies(store, later) == [450, 500])
        let notSecond = NSPredicate(format: "NOT (%K == %@)", HKPredicateKeyPathDateComponents, second as CVarArg)
        #expect(try await energies(store, notSecond) == [300, 500])
        let noArguments = NSPredicate(format: "dateComponents < %@", argumentArray: [second])
        #expect(try await energies(store, noArguments) == [300])
    }

    @Test func componentsWithoutADayFailTheQueryWithAClearError() async throws {
        let store = try await storeWithThreeDays()
        let month = NSPredicate(format: "%K == %@", argumentArray: [HKPredicateKeyPathDateComponents, DateComponents(year: 2024, month: 3)])
        await #expect {
            try await HKActivitySummaryQueryDescriptor(predicate: month).result(for: store)
        } throws: { error in
            (error as? HKError)?.code == .errorInvalidArgument && "\(error)".contains("year, month and day")
        }
        let notComponents = NSPredicate(format: "%K == %@", argumentArray: [HKPredicateKeyPathDateComponents, "2024-03-02"])
        await #expect(throws: HKError.self) { try await HKActivitySummaryQueryDescriptor(predicate: notComponents).result(for: store) }
    }

    @Test func argumentArrayParsesLikeTheVariadicForm() async throws {
        let store = try await Q.store()
        try await store.save([Q.steps(10, minutes: 0), Q.steps(200, minutes: 5)])
        let big = NSPredicate(format: "%K > %@", argumentArray: [HKPredicateKeyPathQuantity, HKQuantity(unit: .count(), doubleValue: 50)])
        #expect(try await Q.samples(store, predicate: big).count == 1)
        let all = NSPredicate(format: "%K != nil", argumentArray: nil)
        await #expect(throws: HKError.self) { try await Q.samples(store, predicate: all) }
    }
}
