// iOS 18's workout effort scores, as apps written from Apple's documentation use them: the person rates a finished
// workout, the app relates a new workoutEffortScore sample to it, and reads the rating back through the related-samples
// predicate and through HKWorkoutEffortRelationshipQuery (its descriptor, and the classic query stopped in its handler).
import Foundation
import HealthKit
import Testing

@Suite("Workout effort scenarios: rating a workout and reading the rating back")
struct WorkoutEffortScenarios {
    /// 2024-10-02 06:30:00 UTC.
    let start = Date(timeIntervalSince1970: 1_727_850_600)
    let effortTypes: [HKQuantityType] = [HKQuantityType(.workoutEffortScore), HKQuantityType(.estimatedWorkoutEffortScore)]

    private func store(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let types = Set<HKSampleType>([.workoutType()] + effortTypes)
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        return healthStore
    }

    private func finishedRun(_ healthStore: HKHealthStore) async throws -> HKWorkout {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: .local())
        try await builder.beginCollection(at: start)
        try await builder.endCollection(at: start.addingTimeInterval(2400))
        return try #require(try await builder.finishWorkout())
    }

    private func rating(_ value: Double, _ type: HKQuantityType, for workout: HKWorkout) -> HKQuantitySample {
        HKQuantitySample(type: type, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: value),
                         start: workout.startDate, end: workout.endDate)
    }

    @Test func theAppRatesAWorkoutAndReadsTheRatingBack() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let healthStore = try await store(device)
        let workout = try await finishedRun(healthStore)
        let estimate = rating(6, HKQuantityType(.estimatedWorkoutEffortScore), for: workout)
        try await healthStore.relateWorkoutEffortSample(estimate, with: workout, activity: nil)
        let score = rating(8, HKQuantityType(.workoutEffortScore), for: workout)
        let related = try await healthStore.relateWorkoutEffortSample(score, with: workout, activity: nil)
        #expect(related)

        let predicate = HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: nil)
        let query = HKSampleQueryDescriptor(predicates: [.sample(type: HKQuantityType(.workoutEffortScore), predicate: predicate)],
                                            sortDescriptors: [], limit: 0)
        let samples = try await query.result(for: healthStore)
        #expect(samples.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore()) } == [8])

        let all = try await HKWorkoutEffortRelationshipQueryDescriptor(predicate: HKQuery.predicateForObject(with: workout.uuid),
                                                                       anchor: nil, option: .default).result(for: healthStore)
        #expect(all.relationships.count == 1)
        #expect(all.relationships.first?.samples?.count == 2)
        let best = try await HKWorkoutEffortRelationshipQueryDescriptor(predicate: HKQuery.predicateForObject(with: workout.uuid),
                                                                        anchor: nil, option: .mostRelevant).result(for: healthStore)
        let mostRelevant = best.relationships.last?.samples?.first as? HKQuantitySample
        #expect(mostRelevant?.quantityType == HKQuantityType(.workoutEffortScore))
        #expect(mostRelevant?.quantity.doubleValue(for: .appleEffortScore()) == 8)

        // Unrelating the rating leaves the estimate.
        #expect(try await healthStore.unrelateWorkoutEffortSample(score, from: workout, activity: nil))
        #expect(try await query.result(for: healthStore).isEmpty)
    }

    @Test func aSyncLoopReadsTheRelationshipsOfADayAndStopsTheQuery() async throws {
        let device = try ScenarioDevice(path: ScenarioDevice.temporaryDatabasePath())
        let healthStore = try await store(device)
        let workout = try await finishedRun(healthStore)
        try await healthStore.relateWorkoutEffortSample(rating(5, HKQuantityType(.workoutEffortScore), for: workout),
                                                        with: workout, activity: nil)
        let predicate = HKQuery.predicateForSamples(withStart: start.addingTimeInterval(-3600), end: start.addingTimeInterval(86_400),
                                                    options: [.strictStartDate])
        let scores: [UUID: [Double]] = try await withCheckedThrowingContinuation { continuation in
            let query = HKWorkoutEffortRelationshipQuery(predicate: predicate, anchor: nil, options: .default) { query, relationships, _, error in
                healthStore.stop(query)
                if let error { continuation.resume(throwing: error); return }
                var values: [UUID: [Double]] = [:]
                for relationship in relationships ?? [] {
                    for case let sample as HKQuantitySample in relationship.samples ?? [] {
                        values[relationship.workout.uuid, default: []].append(sample.quantity.doubleValue(for: .appleEffortScore()))
                    }
                }
                continuation.resume(returning: values)
            }
            healthStore.execute(query)
        }
        #expect(scores == [workout.uuid: [5]])
    }
}
