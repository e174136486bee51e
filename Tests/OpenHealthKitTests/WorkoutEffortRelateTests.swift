import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Relating workout effort samples to workouts and activities, and unrelating them, on SQLite files.
@Suite struct WorkoutEffortRelateTests {
    typealias E = WorkoutEffortFixture
    typealias F = StoreFixture

    @Test func anUnsavedSampleIsSavedRelatedToTheWorkoutNotToItsActivities() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        let sample = E.effort(7)
        #expect(try await store.relateWorkoutEffortSample(sample, with: workout, activity: nil))
        #expect(try await E.related(store, workout) == [sample.uuid])
        #expect(try await E.related(store, workout, workout.workoutActivities[1]).isEmpty)
        let stored = try await QueryFixture.samples(store, E.rated)
        #expect(stored.map(\.uuid) == [sample.uuid], "saved once")
        #expect((stored.first as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore()) == 7)
    }

    @Test func aStoredSampleIsRelatedToAnActivityAndMovesWhenRelatedAgain() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        let other = try await E.savedTriathlon(store)
        let sample = E.effort(4, E.estimated)
        try await store.save(sample)
        let cycling = workout.workoutActivities[1]
        try await store.relateWorkoutEffortSample(sample, with: workout, activity: cycling)
        #expect(try await E.related(store, workout, cycling) == [sample.uuid])
        #expect(try await E.related(store, workout).isEmpty, "related to the activity, not the workout as a whole")
        #expect(try await E.related(store, other, other.workoutActivities[1]).isEmpty, "the same activity UUID in another workout")

        try await store.relateWorkoutEffortSample(sample, with: other, activity: nil)
        #expect(try await E.related(store, workout, cycling).isEmpty, "a sample has one relation: relating it again moves it")
        #expect(try await E.related(store, other) == [sample.uuid])
        #expect(try await QueryFixture.samples(store, E.estimated).count == 1)
    }

    @Test func relatingChecksTheSampleTheWorkoutAndTheActivity() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        await E.expectError(.errorInvalidArgument) {
            try await store.relateWorkoutEffortSample(QueryFixture.steps(10), with: workout, activity: nil)
        }
        let unsaved = try WorkoutActivityFixture.duathlon()
        await E.expectError(.errorInvalidArgument) { try await store.relateWorkoutEffortSample(E.effort(3), with: unsaved, activity: nil) }
        await E.expectError(.errorInvalidArgument) {
            try await store.relateWorkoutEffortSample(E.effort(3), with: workout, activity: unsaved.workoutActivities[0])
        }
        #expect(try await QueryFixture.samples(store, E.rated).isEmpty, "a failed relation saves nothing")
    }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func effortSamplesCannotBeAddedToAWorkout() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        await E.expectError(.errorInvalidArgument) { try await store.add([E.effort(5)], to: workout) }
    }

    @Test func relatingNeedsSharingAndTheAppsOwnSample() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await E.store(path: path)
        let workout = try await E.savedTriathlon(store)
        let theirs = try await E.store(app: F.otherAppID, path: path)
        let foreign = E.effort(6)
        try await theirs.save(foreign)
        await E.expectError(.errorAuthorizationDenied) { try await store.relateWorkoutEffortSample(foreign, with: workout, activity: nil) }
        // Another app may relate its own sample to this app's workout.
        try await theirs.relateWorkoutEffortSample(foreign, with: workout, activity: nil)
        #expect(try await E.related(store, workout) == [foreign.uuid])

        let reader = try F.store(app: "org.example.reader", storage: try SQLiteHealthStorage(path: path),
                                 prompt: ClosureAuthorizationPrompt { request in
                                     AuthorizationPromptResponse(allowedToShare: [.workoutType()], allowedToRead: request.typesToRead)
                                 })
        try await reader.requestAuthorization(toShare: E.types, read: [])
        await E.expectError(.errorAuthorizationDenied) { try await reader.relateWorkoutEffortSample(E.effort(2), with: workout, activity: nil) }
        let undecided = try F.store(app: "org.example.new", storage: try SQLiteHealthStorage(path: path))
        await E.expectError(.errorAuthorizationNotDetermined) {
            try await undecided.relateWorkoutEffortSample(E.effort(2), with: workout, activity: nil)
        }
    }

    @Test func unrelatingKeepsTheSampleAndNeedsTheExactRelation() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        let running = workout.workoutActivities[2]
        let sample = E.effort(8)
        try await store.relateWorkoutEffortSample(sample, with: workout, activity: running)
        await E.expectError(.errorInvalidArgument) { try await store.unrelateWorkoutEffortSample(sample, from: workout, activity: nil) }
        await E.expectError(.errorInvalidArgument) { try await store.unrelateWorkoutEffortSample(E.effort(1), from: workout, activity: nil) }
        #expect(try await store.unrelateWorkoutEffortSample(sample, from: workout, activity: running))
        #expect(try await E.related(store, workout, running).isEmpty)
        #expect(try await QueryFixture.samples(store, E.rated).map(\.uuid) == [sample.uuid], "the sample stays")
        try await store.delete(workout)
        #expect(try await QueryFixture.samples(store, E.rated).count == 1, "no longer deleted with the workout")
    }

    @Test func completionHandlersReportSuccessAndErrors() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        let sample = E.effort(9)
        let related = await WorkoutBuilderFixture.completion { store.relateWorkoutEffortSample(sample, with: workout, activity: nil, completion: $0) }
        #expect(related.0 && related.1 == nil)
        let unrelated = await WorkoutBuilderFixture.completion { store.unrelateWorkoutEffortSample(sample, from: workout, activity: nil, completion: $0) }
        #expect(unrelated.0 && unrelated.1 == nil)
        let again = await WorkoutBuilderFixture.completion { store.unrelateWorkoutEffortSample(sample, from: workout, activity: nil, completion: $0) }
        #expect(!again.0 && again.1?.code == .errorInvalidArgument)
    }

    @Test func aReplacedWorkoutKeepsItsEffortSamplesRelatedToTheNewVersion() async throws {
        let store = try await E.store()
        let first = try await E.savedTriathlon(store, version: 1)
        let whole = E.effort(5), leg = E.effort(6, E.estimated)
        try await store.relateWorkoutEffortSample(whole, with: first, activity: nil)
        try await store.relateWorkoutEffortSample(leg, with: first, activity: first.workoutActivities[0])
        let second = try await E.savedTriathlon(store, version: 2)
        #expect(try await E.related(store, second) == [whole.uuid, leg.uuid],
                "the new version brings new activities: a sample related to an old one is related to the new workout")
        #expect(try await E.related(store, first).isEmpty)
    }

    @Test func aFormatPredicateOnTheRelationKeyPathFailsTheQueryWithoutCrashing() async throws {
        let store = try await E.store()
        let workout = try await E.savedTriathlon(store)
        try await store.relateWorkoutEffortSample(E.effort(5), with: workout, activity: nil)
        let predicate = NSPredicate(format: "%K == %@", HKPredicateKeyPathWorkoutEffortRelationship, workout.uuid as CVarArg)
        await E.expectError(.errorInvalidArgument) { _ = try await QueryFixture.samples(store, E.rated, predicate: predicate) }
    }
}
