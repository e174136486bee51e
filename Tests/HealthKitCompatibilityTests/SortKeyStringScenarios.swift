// HealthKit declares its sort identifiers as `String`s, and apps pass them (and plain key strings) around as strings:
// a data layer whose sort key is a `String` parameter, a descriptor built from a literal key path.
import Foundation
import HealthKit
import Testing

@Suite("Sort identifiers are strings, as in HealthKit")
struct SortKeyStringScenarios {
    /// 2024-03-10 07:00:00 UTC.
    let start = Date(timeIntervalSince1970: 1_710_054_000)
    let stepType = HKQuantityType(.stepCount)

    /// An app's reader: the sort key is a `String`, defaulting to HealthKit's constant.
    private func readSteps(_ healthStore: HKHealthStore, sortKey: String = HKSampleSortIdentifierStartDate,
                           ascending: Bool = true) async throws -> [Double] {
        try await withCheckedThrowingContinuation { continuation in
            let sort = NSSortDescriptor(key: sortKey, ascending: ascending)
            healthStore.execute(HKSampleQuery(sampleType: stepType, predicate: nil, limit: HKObjectQueryNoLimit,
                                              sortDescriptors: [sort]) { _, samples, error in
                if let error { return continuation.resume(throwing: error) }
                let values = (samples ?? []).compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }
                continuation.resume(returning: values)
            })
        }
    }

    private func storeWithSteps() async throws -> HKHealthStore {
        let healthStore = try ScenarioDevice().healthStore()
        try await healthStore.requestAuthorization(toShare: [stepType], read: [stepType])
        // Saved out of order; the second ends last although it starts first.
        let samples = [(300.0, 600.0, 60.0), (100.0, 0.0, 900.0), (200.0, 300.0, 60.0)].map { value, offset, duration in
            HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: value),
                             start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset + duration))
        }
        try await healthStore.save(samples)
        return healthStore
    }

    @Test func theConstantsAreStrings() {
        let keys: [String] = [HKSampleSortIdentifierStartDate, HKSampleSortIdentifierEndDate, HKWorkoutSortIdentifierDuration,
                              HKWorkoutSortIdentifierTotalDistance, HKWorkoutSortIdentifierTotalEnergyBurned]
        #expect(keys == ["HKSampleSortIdentifierStartDate", "HKSampleSortIdentifierEndDate", "HKWorkoutSortIdentifierDuration",
                         "HKWorkoutSortIdentifierTotalDistance", "HKWorkoutSortIdentifierTotalEnergyBurned"])
        #expect(HKWorkoutSortIdentifierTotalSwimmingStrokeCount == "totalSwimmingStrokeCount")
    }

    @Test func aStringSortKeySortsTheStore() async throws {
        let healthStore = try await storeWithSteps()
        #expect(try await readSteps(healthStore) == [100, 200, 300])
        #expect(try await readSteps(healthStore, ascending: false) == [300, 200, 100])
        #expect(try await readSteps(healthStore, sortKey: HKSampleSortIdentifierEndDate) == [200, 300, 100])
    }

    @Test func aLiteralKeyPathSortsToo() async throws {
        let healthStore = try await storeWithSteps()
        #expect(try await readSteps(healthStore, sortKey: "endDate", ascending: false) == [100, 300, 200])
        let literal = NSSortDescriptor(key: "startDate", ascending: true)
        let values: [Double] = try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(HKSampleQuery(sampleType: stepType, predicate: nil, limit: 2, sortDescriptors: [literal]) { _, samples, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: (samples ?? []).compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) })
            })
        }
        #expect(values == [100, 200])
    }

    @Test func aKeyHealthKitCannotSortByFailsTheQuery() async throws {
        let healthStore = try await storeWithSteps()
        await #expect {
            try await readSteps(healthStore, sortKey: "colour")
        } throws: { error in
            (error as? HKError)?.code == .errorInvalidArgument && "\(error)".contains("colour")
        }
    }
}
