// A workout app's flow as Apple's "HKWorkoutBuilder" and "Saving data to HealthKit" pages describe it since
// iOS 17: begin collection, add heart-rate, energy and distance samples and pause/resume events, end, finish;
// then read the workout back with workout predicates and find its samples with predicateForObjects(from:).
import Foundation
import HealthKit
import Testing

@Suite("Workout scenarios: HKWorkoutBuilder from begin to finish, and reading the workout back")
struct WorkoutBuilderScenarios {
    /// 2024-03-10 07:00:00 UTC.
    let start = Date(timeIntervalSince1970: 1_710_054_000)
    let heartRate = HKQuantityType(.heartRate)
    let energy = HKQuantityType(.activeEnergyBurned)
    let distance = HKQuantityType(.distanceWalkingRunning)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    private func minutes(_ m: Double) -> Date { start.addingTimeInterval(m * 60) }

    private func store(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let types: Set<HKSampleType> = [.workoutType(), heartRate, energy, distance]
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        return healthStore
    }

    /// A 60-minute outdoor run with a 10-minute pause, three heart-rate readings over spans, energy and distance.
    private func recordRun(_ healthStore: HKHealthStore) async throws -> HKWorkout {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: .local())
        try await builder.beginCollection(at: start)
        try await builder.addSamples([
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 100), start: minutes(0), end: minutes(40)),
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 160), start: minutes(50), end: minutes(60)),
            HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 300), start: minutes(0), end: minutes(40)),
            HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 150), start: minutes(50), end: minutes(60)),
            HKQuantitySample(type: distance, quantity: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 8), start: minutes(0), end: minutes(60)),
        ])
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: minutes(40), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: minutes(50), duration: 0), metadata: nil),
        ])
        try await builder.addMetadata([HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeCelsius(), doubleValue: 12)])
        #expect(builder.elapsedTime(at: minutes(45)) == 40 * 60)
        try await builder.endCollection(at: minutes(60))
        return try #require(try await builder.finishWorkout())
    }

    @Test func aRunWithAPauseHasItsActiveDurationAndTotals() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let workout = try await recordRun(healthStore)

        #expect(workout.workoutActivityType == .running)
        #expect(workout.startDate == start)
        #expect(workout.endDate == minutes(60))
        #expect(workout.duration == 50 * 60)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect((workout.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity)?.doubleValue(for: .degreeCelsius()) == 12)
        #expect(workout.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 450)
        #expect(workout.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()) == 8000)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(workout.sourceRevision.source.bundleIdentifier == ScenarioDevice.stepCounterApp)
    }

    @Test func theAverageHeartRateOfAWorkoutIsWeightedByTime() async throws {
        // Heart rate is discreteTemporallyWeighted: 100 bpm held for 40 minutes and 160 bpm for 10 average to
        // 112 bpm, not to the 130 bpm of the plain mean of the two readings.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let workout = try await recordRun(healthStore)
        let statistics = try #require(workout.statistics(for: heartRate))
        #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 100)
        #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 160)
        let average = try #require(statistics.averageQuantity()).doubleValue(for: bpm)
        #expect(abs(average - 112) < 1e-9)
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: bpm) == 160)
    }

    @Test func theWorkoutAndItsSamplesAreFoundAgain() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let workout = try await recordRun(healthStore)

        let runs = HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForWorkouts(with: .running))],
                                           sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)])
        let found = try await runs.result(for: healthStore)
        #expect(found.map(\.uuid) == [workout.uuid])
        #expect(found.first?.duration == TimeInterval(50 * 60))
        #expect(found.first?.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 450)

        let longerThanHalfAnHour = HKSampleQueryDescriptor(
            predicates: [.workout(HKQuery.predicateForWorkouts(with: .greaterThan, duration: 30 * 60))], sortDescriptors: [])
        #expect(try await longerThanHalfAnHour.result(for: healthStore).count == 1)

        let heartRates = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(try await heartRates.result(for: healthStore).map { $0.quantity.doubleValue(for: bpm) } == [100, 160])
    }

    @Test func finishingBeforeEndingCollectionFails() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: HKWorkoutConfiguration(), device: nil)
        try await builder.beginCollection(at: start)
        await #expect(throws: HKError.self) { _ = try await builder.finishWorkout() }
        // Nothing was saved.
        let all = HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [])
        #expect(try await all.result(for: healthStore).isEmpty)
    }
}
