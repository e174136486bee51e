import Foundation
import OpenHealthKit
import Testing

/// HKWorkoutBuilder on the SQLite engine: what it collects, the workout it saves, and the samples it associates.
@Suite struct WorkoutBuilderTests {
    typealias W = WorkoutBuilderFixture

    @Test func aWorkoutBuiltFromSamplesEventsAndMetadata() async throws {
        let store = try await W.store()
        let builder = W.runningBuilder(store, location: .outdoor)
        #expect(builder.startDate == nil && builder.endDate == nil)
        #expect(builder.workoutConfiguration.activityType == .running)
        try await builder.beginCollection(at: W.at(0))
        let samples = [W.energy(120, from: 0, to: 10), W.energy(180, from: 10, to: 30), W.distance(2000, from: 0, to: 10),
                       W.distance(3000, from: 10, to: 30), W.heartRate(120, at: 5), W.heartRate(150, at: 15), W.heartRate(165, at: 25)]
        try await builder.addSamples(samples)
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .pause, date: W.at(12)), HKWorkoutEvent(type: .resume, date: W.at(14))])
        try await builder.addMetadata([HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeCelsius(), doubleValue: 18)])
        #expect(builder.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 300)
        #expect(builder.elapsedTime(at: W.at(20)) == 18 * 60)
        try await builder.endCollection(at: W.at(30))
        #expect(builder.endDate == W.at(30))
        #expect(builder.elapsedTime(at: W.at(90)) == 28 * 60)

        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivityType == .running)
        #expect(workout.startDate == W.at(0) && workout.endDate == W.at(30))
        #expect(workout.duration == 28 * 60)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(workout.device == HKDevice.local())
        #expect(workout.sourceRevision.source.bundleIdentifier == StoreFixture.appID)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect((workout.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity)?.doubleValue(for: .degreeCelsius()) == 18)
        #expect(workout.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 300)
        #expect(workout.totalDistance?.doubleValue(for: .meter()) == 5000)
        let heart = try #require(workout.statistics(for: W.heartRateType))
        let bpm = HKUnit.count().unitDivided(by: .minute())
        #expect(heart.minimumQuantity()?.doubleValue(for: bpm) == 120)
        #expect(heart.maximumQuantity()?.doubleValue(for: bpm) == 165)
        // Heart rate is time-weighted: 120 holds 10 minutes, 150 holds 10, 165 the last 5 of the workout (141, not the mean 145).
        #expect(heart.averageQuantity()?.doubleValue(for: bpm) == 141)
        #expect(heart.mostRecentQuantity()?.doubleValue(for: bpm) == 165)
        #expect(heart.sumQuantity() == nil)

        // The store holds the same workout, and the samples belong to it.
        let stored = try #require(try await W.samples(store, .workoutType()).first as? HKWorkout)
        #expect(stored.uuid == workout.uuid)
        #expect(stored.duration == workout.duration)
        #expect(stored.statistics(for: W.energyType)?.sumQuantity() == workout.statistics(for: W.energyType)?.sumQuantity())
        let ofWorkout = HKQuery.predicateForObjects(from: workout)
        #expect(Set(try await W.samples(store, W.energyType, predicate: ofWorkout).map(\.uuid)) == Set(samples[0...1].map(\.uuid)))
        #expect(try await W.samples(store, W.heartRateType, predicate: ofWorkout).count == 3)
    }

    @Test func theReviewersMinimalWorkoutAndItsCompletionHandlers() async throws {
        let store = try await W.store()
        let builder = W.runningBuilder(store)
        #expect(await W.completion { builder.beginCollection(withStart: W.at(0), completion: $0) } == (true, nil))
        #expect(await W.completion { builder.add([W.energy(50, from: 0, to: 5)], completion: $0) } == (true, nil))
        #expect(await W.completion { builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, date: W.at(3))], completion: $0) } == (true, nil))
        #expect(await W.completion { builder.addMetadata(["Route": "park"], completion: $0) } == (true, nil))
        #expect(await W.completion { builder.endCollection(withEnd: W.at(30), completion: $0) } == (true, nil))
        let workout: HKWorkout? = await withCheckedContinuation { continuation in
            builder.finishWorkout { workout, _ in continuation.resume(returning: workout) }
        }
        #expect(workout?.duration == 1800)
        #expect(workout?.metadata?["Route"] as? String == "park")
        #expect(workout?.metadata?[HKMetadataKeyIndoorWorkout] == nil)
        #expect(builder.metadata["Route"] as? String == "park")
        #expect(try await W.samples(store, .workoutType()).count == 1)
    }

    @Test func activitiesSplitTheWorkoutAndCarryTheirOwnStatistics() async throws {
        let store = try await W.store()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimBikeRun
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
        try await builder.beginCollection(at: W.at(0))
        func leg(_ type: HKWorkoutActivityType, _ from: Double, _ to: Double?) -> HKWorkoutActivity {
            let legConfiguration = HKWorkoutConfiguration()
            legConfiguration.activityType = type
            return HKWorkoutActivity(workoutConfiguration: legConfiguration, start: W.at(from), end: to.map(W.at), metadata: nil)
        }
        let swim = leg(.swimming, 0, nil), run = leg(.running, 40, nil)
        try await builder.addWorkoutActivity(swim)
        try await builder.addSamples([W.energy(200, from: 0, to: 30), W.energy(400, from: 45, to: 90)])
        try await builder.updateActivity(uuid: swim.uuid, end: W.at(30))
        try await builder.updateActivity(uuid: swim.uuid, adding: ["Pool": "Olympic"])
        try await builder.addWorkoutActivity(run)
        #expect(builder.workoutActivities.map(\.uuid) == [swim.uuid, run.uuid])
        #expect(builder.workoutActivities.first?.endDate == W.at(30))
        try await builder.endCollection(at: W.at(90))
        #expect(builder.workoutActivities.last?.endDate == W.at(90))

        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivities.map { $0.workoutConfiguration.activityType } == [.swimming, .running])
        #expect(workout.workoutActivities.first?.metadata?["Pool"] as? String == "Olympic")
        let sums = workout.workoutActivities.map { $0.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) }
        #expect(sums == [200, 400])
        #expect(workout.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 600)
        let stored = try #require(try await W.samples(store, .workoutType()).first as? HKWorkout)
        #expect(stored.workoutActivities.map(\.uuid) == [swim.uuid, run.uuid])
    }

    @Test func aDiscardedBuilderSavesNothing() async throws {
        let store = try await W.store()
        let builder = W.runningBuilder(store)
        try await builder.beginCollection(at: W.at(0))
        try await builder.addSamples([W.energy(50, from: 0, to: 5)])
        builder.discardWorkout()
        #expect(builder.allStatistics.isEmpty)
        await #expect(throws: HKError.self) { try await builder.endCollection(at: W.at(10)) }
        await #expect(throws: HKError.self) { try await builder.finishWorkout() }
        #expect(try await W.samples(store, W.energyType).isEmpty)
        #expect(try await W.samples(store, .workoutType()).isEmpty)
    }

    @Test func workoutsSortByDurationWithASortDescriptor() async throws {
        let store = try await W.store()
        for minutes in [20.0, 60, 40] {
            let builder = W.runningBuilder(store)
            try await builder.beginCollection(at: W.at(minutes * 10))
            try await builder.endCollection(at: W.at(minutes * 10 + minutes))
            _ = try await builder.finishWorkout()
        }
        let longestFirst = HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.duration, order: .reverse)])
        #expect(try await longestFirst.result(for: store).map(\.duration) == [3600, 2400, 1200])
        let shortestFirst = HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.duration)], limit: 2)
        #expect(try await shortestFirst.result(for: store).map(\.duration) == [1200, 2400])
    }
}
