// Apple's "Adding samples to a workout" article (the pre-iOS 17 flow many apps still run): save an HKWorkout, then
// associate interval samples with it through HKHealthStore.add(_:to:completion:) and its async form addSamples(_:to:), and find them again.
import Foundation
import HealthKit
import Testing

@Suite("Workout scenarios: adding samples to a saved workout")
struct WorkoutSampleScenarios {
    /// 2024-03-10 07:00:00 UTC.
    let start = Date(timeIntervalSince1970: 1_710_054_000)
    let distanceType = HKQuantityType(.distanceWalkingRunning)
    let energyType = HKQuantityType(.activeEnergyBurned)

    private func store(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let types: Set<HKSampleType> = [.workoutType(), distanceType, energyType]
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        return healthStore
    }

    @available(*, deprecated, message: "uses HKWorkout's initialiser and add(_:to:), deprecated in HealthKit")
    private func run() -> HKWorkout {
        HKWorkout(activityType: .running, start: start, end: start.addingTimeInterval(1800), duration: 0,
                  totalEnergyBurned: HKQuantity(unit: .largeCalorie(), doubleValue: 425),
                  totalDistance: HKQuantity(unit: .mile(), doubleValue: 3.2), metadata: nil)
    }

    @Test @available(*, deprecated, message: "uses HKWorkout's initialiser and add(_:to:), deprecated in HealthKit")
    func intervalSamplesAddedAfterSavingTheWorkout() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let workout = run()
        try await healthStore.save(workout)

        let firstInterval = [
            HKQuantitySample(type: distanceType, quantity: HKQuantity(unit: .mile(), doubleValue: 1.1),
                             start: start, end: start.addingTimeInterval(600)),
            HKQuantitySample(type: energyType, quantity: HKQuantity(unit: .largeCalorie(), doubleValue: 150),
                             start: start, end: start.addingTimeInterval(600)),
        ]
        let added: Bool = try await withCheckedThrowingContinuation { continuation in
            healthStore.add(firstInterval, to: workout) { success, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: success) }
            }
        }
        #expect(added)
        let secondInterval = HKQuantitySample(type: distanceType, quantity: HKQuantity(unit: .mile(), doubleValue: 1.0),
                                              start: start.addingTimeInterval(600), end: start.addingTimeInterval(1200))
        try await healthStore.addSamples([secondInterval], to: workout)

        let ofTheRun = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: distanceType, predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(try await ofTheRun.result(for: healthStore).map { $0.quantity.doubleValue(for: .mile()) } == [1.1, 1.0])
        // Adding samples does not change the workout.
        let stored = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: healthStore)
        #expect(stored.first?.totalDistance?.doubleValue(for: .mile()) == 3.2)
    }

    @Test @available(*, deprecated, message: "uses HKWorkout's initialiser and add(_:to:), deprecated in HealthKit")
    func samplesSavedBeforeAreAddedToTheWorkout() async throws {
        // The common order in apps: save the workout, save the samples, then associate them.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let workout = run()
        try await healthStore.save(workout)
        let energy = (0..<3).map { interval in
            HKQuantitySample(type: energyType, quantity: HKQuantity(unit: .largeCalorie(), doubleValue: 140),
                             start: start.addingTimeInterval(Double(interval) * 600),
                             end: start.addingTimeInterval(Double(interval + 1) * 600))
        }
        try await healthStore.save(energy)
        try await healthStore.addSamples(energy, to: workout)

        let ofTheRun = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: energyType, predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(try await ofTheRun.result(for: healthStore).map(\.uuid) == energy.map(\.uuid))
        let everything = HKSampleQueryDescriptor(predicates: [.quantitySample(type: energyType)], sortDescriptors: [])
        #expect(try await everything.result(for: healthStore).count == 3)
        try await healthStore.delete(workout)
        #expect(try await everything.result(for: healthStore).isEmpty, "the samples go with their workout")
    }

    @Test @available(*, deprecated, message: "uses HKWorkout's initialiser and add(_:to:), deprecated in HealthKit")
    func addingToAWorkoutNotYetSavedFails() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let sample = HKQuantitySample(type: distanceType, quantity: HKQuantity(unit: .meter(), doubleValue: 400),
                                      start: start, end: start.addingTimeInterval(120))
        await #expect { try await healthStore.addSamples([sample], to: run()) } throws: { ($0 as? HKError)?.code == .errorInvalidArgument }
        #expect(try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: distanceType)], sortDescriptors: [])
            .result(for: healthStore).isEmpty)
    }
}
