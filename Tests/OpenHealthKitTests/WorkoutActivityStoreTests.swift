import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing
@testable import OpenHealthKit

/// Workout-activity predicates through HKHealthStore and HKSampleQuery on SQLite, and how saving, deleting,
/// sync replacement and the change feed treat activity records.
@Suite struct WorkoutActivityStoreTests {
    typealias W = WorkoutActivityFixture
    typealias Q = QueryFixture

    static func store(_ storage: (any HealthStorage)? = nil) async throws -> HKHealthStore {
        try await Q.store(storage: storage, types: [W.workoutType])
    }

    static func activities(_ subpredicates: [NSPredicate]) -> NSPredicate {
        HKQuery.predicateForWorkouts(activityPredicate: NSCompoundPredicate(andPredicateWithSubpredicates: subpredicates))
    }

    @Test func queriesFindWorkoutsByTheirActivities() async throws {
        let store = try await Self.store()
        let triathlon = try W.triathlon(), duathlon = try W.duathlon(), run = try W.plainRun()
        try await store.save([triathlon, duathlon, run])
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let longer = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 30 * 60)
        #expect(try await W.workouts(store, Self.activities([cycling, longer])) == [triathlon.uuid],
                "cycling longer than 30 min: the duathlon's ride is 20 min, its 60 min activity is a run")
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: cycling)) == [triathlon.uuid, duathlon.uuid])
        let swim = HKQuery.predicateForWorkoutActivities(workoutActivityType: .swimming)
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: swim)) == [triathlon.uuid])
        let far = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, quantityType: W.distanceCycling,
                                                        sumQuantity: HKQuantity(unit: .mile(), doubleValue: 10))
        #expect(try await W.workouts(store, Self.activities([cycling, far])) == [triathlon.uuid])
        let hard = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThanOrEqualTo, quantityType: W.heartRate,
                                                         maximumQuantity: HKQuantity(unit: W.perMinute, doubleValue: 181))
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: hard)) == [duathlon.uuid])
        let calm = HKQuery.predicateForWorkoutActivities(operatorType: .lessThan, quantityType: W.heartRate,
                                                         averageQuantity: HKQuantity(unit: W.perMinute, doubleValue: 150))
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: calm)) == [triathlon.uuid])
        let low = HKQuery.predicateForWorkoutActivities(operatorType: .lessThan, quantityType: W.heartRate,
                                                        minimumQuantity: HKQuantity(unit: W.perMinute, doubleValue: 100))
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: low)).isEmpty, "no activity keeps a minimum")
    }

    @Test func activityWindowsAndCompoundsCombineWithWorkoutPredicates() async throws {
        let store = try await Self.store()
        let triathlon = try W.triathlon(), duathlon = try W.duathlon(), run = try W.plainRun()
        try await store.save([triathlon, duathlon, run])
        let startsEarly = HKQuery.predicateForWorkoutActivities(start: W.date(0), end: W.date(30), options: .strictStartDate)
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: startsEarly)) == [triathlon.uuid])
        let overlapping = HKQuery.predicateForWorkoutActivities(start: W.date(1010), end: W.date(1030))
        #expect(try await W.workouts(store, HKQuery.predicateForWorkouts(activityPredicate: overlapping)) == [duathlon.uuid])
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let withRide = HKQuery.predicateForWorkouts(activityPredicate: cycling)
        #expect(try await W.workouts(store, NSCompoundPredicate(notPredicateWithSubpredicate: withRide)) == [run.uuid])
        let nonCycling = HKQuery.predicateForWorkouts(activityPredicate: NSCompoundPredicate(notPredicateWithSubpredicate: cycling))
        #expect(try await W.workouts(store, nonCycling) == [triathlon.uuid, duathlon.uuid], "both have a run")
        let swim = HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .swimming))
        #expect(try await W.workouts(store, NSCompoundPredicate(orPredicateWithSubpredicates: [swim, HKQuery.predicateForWorkouts(with: .running)]))
            == [triathlon.uuid, run.uuid])
        let longWorkout = HKQuery.predicateForWorkouts(with: .greaterThan, duration: 90 * 60)
        #expect(try await W.workouts(store, NSCompoundPredicate(andPredicateWithSubpredicates: [withRide, longWorkout])) == [triathlon.uuid])
    }

    @Test func workoutsComeBackWithTheirActivitiesExactly() async throws {
        let store = try await Self.store()
        let triathlon = try W.triathlon()
        try await store.save(triathlon)
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let found = try await Q.samples(store, W.workoutType, predicate: HKQuery.predicateForWorkouts(activityPredicate: cycling))
        let copy = try #require(found.first as? HKWorkout)
        #expect(copy.workoutActivities.map(\.uuid) == triathlon.workoutActivities.map(\.uuid))
        #expect(copy.workoutActivities.map(\.workoutConfiguration) == triathlon.workoutActivities.map(\.workoutConfiguration))
        #expect(copy.workoutActivities.map(\.startDate) == triathlon.workoutActivities.map(\.startDate))
        #expect(copy.workoutActivities.map(\.endDate) == triathlon.workoutActivities.map(\.endDate))
        #expect(copy.workoutActivities.map { $0.metadata?["Leg"] as? Int } == triathlon.workoutActivities.map { $0.metadata?["Leg"] as? Int })
        #expect(copy.workoutActivities[1].statistics(for: W.distanceCycling)?.sumQuantity()
            == HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 32))
    }

    @Test func aBareActivityPredicateFailsTheQueryAndTheDelete() async throws {
        let store = try await Self.store()
        try await store.save(try W.triathlon())
        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        await expectHKError(.errorInvalidArgument) { _ = try await Q.samples(store, W.workoutType, predicate: cycling) }
        await expectHKError(.errorInvalidArgument) { _ = try await store.deleteObjects(of: W.workoutType, predicate: cycling) }
        #expect(try await Q.samples(store, W.workoutType).count == 1)
    }

    @Test func deletingAWorkoutDeletesItsActivityRecords() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await Self.store(storage)
        let triathlon = try W.triathlon(), duathlon = try W.duathlon()
        try await store.save([triathlon, duathlon])
        let activities = SampleFilter.types([WorkoutActivityRecords.recordType])
        #expect(try storage.count(matching: activities) == 5)
        let (_, _, anchor) = try await Q.changes(store, W.workoutType, anchor: nil)
        try await store.delete(triathlon)
        #expect(try storage.count(matching: activities) == 2)
        let (_, deleted, _) = try await Q.changes(store, W.workoutType, anchor: anchor)
        #expect(deleted.map(\.uuid) == [triathlon.uuid], "activity records are not workouts")
        let count = try await store.deleteObjects(of: W.workoutType, predicate: HKQuery.predicateForWorkouts(
            activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)))
        #expect(count == 1)
        #expect(try storage.count(matching: .all) == 0)
    }

    @Test func syncReplacementSwapsTheActivitiesAndAnIgnoredSaveSucceeds() async throws {
        let store = try await Self.store()
        let first = try W.workout(.swimBikeRun, [W.activity(.cycling, from: 0, minutes: 60)],
                                  metadata: [HKMetadataKeySyncIdentifier: "race", HKMetadataKeySyncVersion: 1])
        try await store.save(first)
        let second = try W.workout(.swimBikeRun, [W.activity(.running, from: 0, minutes: 60)],
                                   metadata: [HKMetadataKeySyncIdentifier: "race", HKMetadataKeySyncVersion: 2])
        try await store.save(second)
        let cycling = HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling))
        let running = HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .running))
        #expect(try await W.workouts(store, cycling).isEmpty, "the old version's activities left with it")
        #expect(try await W.workouts(store, running) == [second.uuid])
        let stale = try W.workout(.swimBikeRun, [W.activity(.walking, from: 0, minutes: 60)],
                                  metadata: [HKMetadataKeySyncIdentifier: "race", HKMetadataKeySyncVersion: 2])
        try await store.save(stale)
        #expect(try await W.workouts(store, nil) == [second.uuid])
    }

    @Test func theChangeFeedLeavesActivityRecordsOut() async throws {
        let store = try await Self.store()
        let triathlon = try W.triathlon()
        try await store.save(triathlon)
        try await store.delete(triathlon)
        let set = try store.changes(after: nil)
        #expect(set.changes.count == 1)
        guard case .deleted(let object, let type)? = set.changes.first else {
            Issue.record("expected the workout's deletion, got \(set.changes)")
            return
        }
        #expect(object.uuid == triathlon.uuid && type == W.workoutType.identifier)
        try await store.save(try W.duathlon())
        let added = try store.changes(after: set.anchor)
        #expect(added.changes.count == 1)
    }
}
