// Edges of sample queries that apps depend on without thinking about them: leaving out what the person typed
// in by hand ("metadata.%K != YES"), samples that touch a date window's bounds, limits with end-date ordering,
// and the typed results an iOS app casts to.
import Foundation
import HealthKit
import Testing

@Suite("Query scenarios: user-entered exclusion, window bounds, limits and result classes")
struct QueryEdgeScenarios {
    /// 2024-03-10 00:00:00 UTC.
    let midnight = Date(timeIntervalSince1970: 1_710_028_800)
    let steps = HKQuantityType(.stepCount)

    private func store(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: [steps], read: [steps])
        return healthStore
    }

    private func stepSample(_ count: Double, from start: Double, to end: Double, metadata: [String: Any]? = nil) -> HKQuantitySample {
        HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
                         start: midnight.addingTimeInterval(start * 60), end: midnight.addingTimeInterval(end * 60), metadata: metadata)
    }

    private func counts(_ samples: [HKQuantitySample]) -> [Double] { samples.map { $0.quantity.doubleValue(for: .count()) } }

    @Test func leavingOutManuallyEnteredStepsWithAFormatPredicate() async throws {
        // A common line in step-counting apps: count only what a device measured.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([
            stepSample(100, from: 60, to: 70),
            stepSample(5000, from: 80, to: 90, metadata: [HKMetadataKeyWasUserEntered: true]),
            stepSample(300, from: 100, to: 110, metadata: [HKMetadataKeyWasUserEntered: false]),
        ])
        let measured = NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)
        let query = HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps, predicate: measured)],
                                            sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(counts(try await query.result(for: healthStore)) == [100, 300])

        let statistics = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps, predicate: measured), options: .cumulativeSum)
        #expect(try await statistics.result(for: healthStore)?.sumQuantity()?.doubleValue(for: .count()) == 400)
    }

    @Test func samplesTouchingTheBoundsOfADay() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let day = 24.0 * 60
        try await healthStore.save([
            stepSample(1, from: -10, to: 0),          // ends exactly at midnight
            stepSample(2, from: -5, to: 5),           // spans midnight
            stepSample(3, from: 0, to: 0),            // an instant at midnight
            stepSample(4, from: day - 5, to: day),    // ends exactly at the next midnight
            stepSample(5, from: day, to: day + 5),    // starts at the next midnight
        ])
        let byStart = [SortDescriptor<HKQuantitySample>(\.startDate)]
        func run(_ options: HKQueryOptions) async throws -> [Double] {
            let window = HKQuery.predicateForSamples(withStart: midnight, end: midnight.addingTimeInterval(day * 60), options: options)
            return counts(try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps, predicate: window)],
                                                            sortDescriptors: byStart).result(for: healthStore))
        }
        // HKQueryOptionNone: "The sample's end time must be equal to or later than the target's start time, and the
        // sample's start time must be earlier than the target's end time" - a sample ending at midnight overlaps.
        #expect(try await run([]) == [1, 2, 3, 4])
        // strictStartDate / strictEndDate: that date must fall in [start, end).
        #expect(try await run(.strictStartDate) == [3, 4])
        #expect(try await run(.strictEndDate) == [1, 2, 3])
        #expect(try await run([.strictStartDate, .strictEndDate]) == [3])
    }

    @Test func theLatestTwoByEndDateWithALimit() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        // Started in one order, ended in another.
        try await healthStore.save([stepSample(1, from: 0, to: 100), stepSample(2, from: 10, to: 20), stepSample(3, from: 30, to: 90),
                                    stepSample(4, from: 40, to: 50)])
        let latestEnding = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[HKSample], any Error>) in
            let query = HKSampleQuery(sampleType: steps, predicate: nil, limit: 2,
                                      sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: false)]) { _, samples, error in
                if let samples { continuation.resume(returning: samples) } else { continuation.resume(throwing: error!) }
            }
            healthStore.execute(query)
        }
        #expect(counts(latestEnding.compactMap { $0 as? HKQuantitySample }) == [1, 3])
    }

    @Test func storedStepsComeBackAsCumulativeSamples() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save(stepSample(250, from: 0, to: 15))
        let found = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: []).result(for: healthStore)
        let cumulative = try #require(found.first as? HKCumulativeQuantitySample)
        #expect(cumulative.sumQuantity.doubleValue(for: .count()) == 250)
        #expect(cumulative.count == 1)
        #expect(cumulative.quantityType == steps)
    }

    @Test func deletingByPredicateReportsTheCount() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await healthStore.save([stepSample(1, from: 0, to: 1), stepSample(2, from: 60, to: 61), stepSample(3, from: 120, to: 121)])
        let firstHour = HKQuery.predicateForSamples(withStart: midnight, end: midnight.addingTimeInterval(3600))
        let deleted = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            healthStore.deleteObjects(of: steps, predicate: firstHour) { success, count, error in
                if success { continuation.resume(returning: count) } else { continuation.resume(throwing: error!) }
            }
        }
        #expect(deleted == 1)
        let left = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: [SortDescriptor(\.startDate)])
            .result(for: healthStore)
        #expect(counts(left) == [2, 3])
    }
}
