import Foundation
import OpenHealthKit
import Testing

/// HKWorkoutBuilder's state rules and authorization: what fails, with which error, and what it leaves behind.
@Suite struct WorkoutBuilderRuleTests {
    typealias W = WorkoutBuilderFixture

    private func expectInvalid(_ reason: String, _ body: () async throws -> Void) async {
        await expectError(.errorInvalidArgument, reason, body)
    }

    private func expectError(_ code: HKError.Code, _ reason: String = "", _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(code) about \(reason)")
        } catch let error as HKError {
            #expect(error.code == code)
            #expect(reason.isEmpty || error.localizedDescription.contains(reason), "\(error.localizedDescription)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func nothingCanBeAddedBeforeCollectionBeginsOrAfterItEnds() async throws {
        let store = try await W.store()
        let builder = W.runningBuilder(store)
        await expectInvalid("has not begun") { try await builder.addSamples([W.energy(10, from: 0, to: 1)]) }
        await expectInvalid("has not begun") { try await builder.addMetadata(["Note": "early"]) }
        await expectInvalid("has not begun") { try await builder.endCollection(at: W.at(5)) }
        await expectInvalid("has not begun") { _ = try await builder.finishWorkout() }
        #expect(builder.elapsedTime(at: W.at(5)) == 0)

        try await builder.beginCollection(at: W.at(0))
        await expectInvalid("is collecting") { try await builder.beginCollection(at: W.at(1)) }
        await expectInvalid("is collecting") { _ = try await builder.finishWorkout() }
        try await builder.endCollection(at: W.at(10))
        await expectInvalid("has ended") { try await builder.addSamples([W.energy(10, from: 0, to: 1)]) }
        await expectInvalid("has ended") { try await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, date: W.at(2))]) }
        await expectInvalid("has ended") { try await builder.addMetadata(["Note": "late"]) }
        _ = try await builder.finishWorkout()
        await expectInvalid("has finished") { _ = try await builder.finishWorkout() }
        #expect(try await W.samples(store, .workoutType()).count == 1)
    }

    @Test func datesEventsAndActivitiesMustFitTheWorkout() async throws {
        let store = try await W.store()
        let builder = W.runningBuilder(store)
        try await builder.beginCollection(at: W.at(10))
        await expectInvalid("starts before the workout") { try await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, date: W.at(5))]) }
        let configuration = HKWorkoutConfiguration()
        let early = HKWorkoutActivity(workoutConfiguration: configuration, start: W.at(0), end: nil, metadata: nil)
        await expectInvalid("starts before the workout") { try await builder.addWorkoutActivity(early) }
        let first = HKWorkoutActivity(workoutConfiguration: configuration, start: W.at(10), end: W.at(20), metadata: nil)
        try await builder.addWorkoutActivity(first)
        let overlapping = HKWorkoutActivity(workoutConfiguration: configuration, start: W.at(15), end: nil, metadata: nil)
        await expectInvalid("overlaps") { try await builder.addWorkoutActivity(overlapping) }
        await expectInvalid("no workout activity") { try await builder.updateActivity(uuid: UUID(), end: W.at(30)) }
        await expectInvalid("before it starts") { try await builder.updateActivity(uuid: first.uuid, end: W.at(5)) }
        await expectInvalid("Metadata") { try await builder.addMetadata([HKMetadataKeySyncIdentifier: "only-half-of-a-pair"]) }
        await expectInvalid("before it starts") { try await builder.endCollection(at: W.at(5)) }
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: W.at(20), end: W.at(40)), metadata: nil)])
        await expectInvalid("ends after the workout") { try await builder.endCollection(at: W.at(30)) }
        try await builder.endCollection(at: W.at(40))
        #expect(try await builder.finishWorkout()?.duration == 1800)
    }

    @Test func finishingNeedsSharingForWorkoutsAndAddingForTheSamplesTypes() async throws {
        let store = try await W.store(sharing: [W.energyType])
        let builder = W.runningBuilder(store)
        try await builder.beginCollection(at: W.at(0))
        try await builder.addSamples([W.energy(10, from: 0, to: 1)])
        // Heart rates were never asked to share; then the person says no.
        let (added, refusal) = await W.completion { builder.add([W.heartRate(100, at: 1)], completion: $0) }
        #expect(!added)
        #expect(refusal?.code == .errorAuthorizationNotDetermined)
        try store.setAuthorization(forApp: StoreFixture.appID, toShare: [W.heartRateType], read: [], allowed: false)
        await expectError(.errorAuthorizationDenied) { try await builder.addSamples([W.heartRate(100, at: 1)]) }
        try await builder.endCollection(at: W.at(10))
        await expectError(.errorAuthorizationNotDetermined) { _ = try await builder.finishWorkout() }
        try store.setAuthorization(forApp: StoreFixture.appID, toShare: [.workoutType()], read: [], allowed: false)
        await expectError(.errorAuthorizationDenied) { _ = try await builder.finishWorkout() }
        // Nothing was saved, and the builder may try again once the person allows workouts.
        #expect(try await W.samples(store, W.energyType).isEmpty)
        try store.setAuthorization(forApp: StoreFixture.appID, toShare: [.workoutType()], read: [], allowed: true)
        let workout = try #require(try await builder.finishWorkout())
        #expect(try await W.samples(store, W.energyType, predicate: HKQuery.predicateForObjects(from: workout)).count == 1)
    }

    @Test func undecidedTypesAndRepeatedSamples() async throws {
        let store = try StoreFixture.store()
        let builder = W.runningBuilder(store)
        try await builder.beginCollection(at: W.at(0))
        await expectError(.errorAuthorizationNotDetermined) { try await builder.addSamples([W.energy(10, from: 0, to: 1)]) }
        try await store.requestAuthorization(toShare: [.workoutType(), W.energyType], read: [])
        let energy = W.energy(10, from: 0, to: 1)
        try await builder.addSamples([energy])
        try await builder.addSamples([energy])
        #expect(builder.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 10)
        #expect(builder.statistics(for: W.heartRateType) == nil)
        try await builder.endCollection(at: W.at(5))
        #expect(try await builder.finishWorkout()?.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 10)
    }
}
