import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing
@testable import OpenHealthKit
import OpenHealthKitTestSupport

/// HKWorkoutEffortRelationshipQuery and its descriptor, on SQLite files.
@Suite struct WorkoutEffortQueryTests {
    typealias E = WorkoutEffortFixture

    /// A store with a triathlon (a rating and an estimate for the whole workout, an estimate for its cycling leg) and a
    /// duathlon with none.
    private func storeWithRelations() async throws -> (HKHealthStore, HKWorkout, HKWorkout, [HKQuantitySample]) {
        let store = try await E.store()
        let triathlon = try await E.savedTriathlon(store)
        let duathlon = try WorkoutActivityFixture.duathlon()
        try await store.save(duathlon)
        let samples = [E.effort(6), E.effort(5, E.estimated), E.effort(7, E.estimated)]
        try await store.relateWorkoutEffortSample(samples[0], with: triathlon, activity: nil)
        try await store.relateWorkoutEffortSample(samples[1], with: triathlon, activity: nil)
        try await store.relateWorkoutEffortSample(samples[2], with: triathlon, activity: triathlon.workoutActivities[1])
        return (store, triathlon, duathlon, samples)
    }

    @Test func relationshipsOfAWorkoutAndItsActivities() async throws {
        let (store, triathlon, _, samples) = try await storeWithRelations()
        let result = try await E.relationships(store, HKQuery.predicateForObject(with: triathlon.uuid))
        #expect(result.relationships.count == 2)
        let whole = try #require(result.relationships.first { $0.activity == nil })
        #expect(whole.workout.uuid == triathlon.uuid && whole.workout.workoutActivities.count == 3)
        #expect(whole.samples?.map(\.uuid) == [samples[0].uuid, samples[1].uuid])
        let leg = try #require(result.relationships.first { $0.activity != nil })
        #expect(leg.activity?.uuid == triathlon.workoutActivities[1].uuid)
        #expect(leg.samples?.map(\.uuid) == [samples[2].uuid])
        #expect(try await E.relationships(store).relationships.count == 2, "nil: every workout")
        #expect(try await E.relationships(store, HKQuery.predicateForWorkouts(with: .running)).relationships.isEmpty)
    }

    @Test func mostRelevantPrefersTheRatingThenTheLatest() async throws {
        let (store, triathlon, _, samples) = try await storeWithRelations()
        let result = try await E.relationships(store, nil, .mostRelevant)
        let whole = try #require(result.relationships.first { $0.activity == nil })
        #expect(whole.samples?.map(\.uuid) == [samples[0].uuid], "the person's rating before a later estimate")
        let later = E.effort(8, E.estimated)
        try await store.relateWorkoutEffortSample(later, with: triathlon, activity: triathlon.workoutActivities[1])
        let leg = try #require(try await E.relationships(store, nil, .mostRelevant).relationships.first { $0.activity != nil })
        #expect(leg.samples?.map(\.uuid) == [later.uuid], "among estimates, the one related last")
        #expect(WorkoutEffortRelationships.mostRelevant([]).isEmpty)
    }

    @Test func anAnchorReturnsOnlyWhatChangedAfterIt() async throws {
        let (store, triathlon, duathlon, samples) = try await storeWithRelations()
        let first = try await E.relationships(store)
        let none = try await E.relationships(store, anchor: first.newAnchor)
        #expect(none.relationships.isEmpty && none.newAnchor.rawValue >= first.newAnchor.rawValue)
        let rating = E.effort(3)
        try await store.relateWorkoutEffortSample(rating, with: duathlon, activity: nil)
        try await store.save(QueryFixture.steps(100))
        let next = try await E.relationships(store, anchor: none.newAnchor)
        #expect(next.relationships.map(\.workout.uuid) == [duathlon.uuid])
        #expect(next.relationships.first?.samples?.map(\.uuid) == [rating.uuid])
        // A newly related sample reports its workout's whole relation again.
        let another = E.effort(9)
        try await store.relateWorkoutEffortSample(another, with: triathlon, activity: nil)
        let again = try await E.relationships(store, anchor: next.newAnchor)
        #expect(again.relationships.count == 1)
        #expect(again.relationships.first?.samples?.map(\.uuid) == [samples[0].uuid, samples[1].uuid, another.uuid])
    }

    @Test func theQueryKeepsRunningAndReportsLaterRelations() async throws {
        let (store, _, duathlon, _) = try await storeWithRelations()
        let calls = EventRecorder<([HKWorkoutEffortRelationship], HKQueryAnchor)>()
        let query = HKWorkoutEffortRelationshipQuery(predicate: HKQuery.predicateForObject(with: duathlon.uuid), anchor: nil,
                                                     options: .default) { _, relationships, anchor, _ in
            if let relationships, let anchor { calls.record((relationships, anchor)) }
        }
        store.execute(query)
        let initial = await calls.wait(for: 1)
        #expect(initial.first?.0.isEmpty == true, "the first call comes even when there is nothing")
        let sample = E.effort(2)
        try await store.relateWorkoutEffortSample(sample, with: duathlon, activity: duathlon.workoutActivities[0])
        let updates = await calls.wait(for: 2)
        store.stop(query)
        #expect(updates.count == 2)
        #expect(updates.last?.0.map { $0.activity?.uuid } == [duathlon.workoutActivities[0].uuid])
        #expect(updates.last?.0.first?.samples?.map(\.uuid) == [sample.uuid])
        #expect(updates[1].1.rawValue > updates[0].1.rawValue)
    }

    @Test func theDescriptorsSequenceYieldsTheFirstBatchThenUpdates() async throws {
        let (store, triathlon, duathlon, _) = try await storeWithRelations()
        let descriptor = HKWorkoutEffortRelationshipQueryDescriptor(predicate: nil, anchor: nil, option: .default)
        var batches: [HKWorkoutEffortRelationshipQueryDescriptor.Result] = []
        for try await batch in descriptor.results(for: store) {
            batches.append(batch)
            if batches.count == 1 { try await store.relateWorkoutEffortSample(E.effort(4), with: duathlon, activity: nil) }
            if batches.count == 2 { break }
        }
        #expect(batches[0].relationships.allSatisfy { $0.workout.uuid == triathlon.uuid })
        #expect(batches[1].relationships.map(\.workout.uuid) == [duathlon.uuid])
    }

    @Test func readsAreSelectiveAndOtherAppsSamplesNeedReadAccess() async throws {
        let path = StoreFixture.temporaryDatabasePath()
        let store = try await E.store(path: path)
        let workout = try await E.savedTriathlon(store)
        try await store.save((0..<20).map { QueryFixture.steps(Double($0), minutes: Double($0)) })
        try await store.relateWorkoutEffortSample(E.effort(6), with: workout, activity: nil)
        let storage = try RecordingStorage(SQLiteHealthStorage(path: path))
        let recorded = try await E.store(app: "org.example.watcher", path: path, sharing: [])
        let watcher = HKHealthStore(storage: storage, app: recorded.app, environment: [:])
        storage.reads.removeAll()
        let seen = try await E.relationships(watcher)
        #expect(seen.relationships.first?.samples?.count == 1)
        #expect(storage.reads.all.allSatisfy { $0.filter != .all }, "every read is filtered in the store")

        let blind = try StoreFixture.store(app: "org.example.blind", storage: try SQLiteHealthStorage(path: path),
                                           prompt: FixedAuthorizationPrompt(allows: false))
        try await blind.requestAuthorization(toShare: [], read: Set(E.types.map { $0 as HKObjectType }))
        #expect(try await E.relationships(blind).relationships.isEmpty, "read denial hides the relations")
    }

    @Test func relationshipsArchiveAndCopy() async throws {
        let (store, triathlon, _, samples) = try await storeWithRelations()
        let leg = try #require(try await E.relationships(store).relationships.first { $0.activity != nil })
        let data = try NSKeyedArchiver.archivedData(withRootObject: leg, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKWorkoutEffortRelationship.self, from: data))
        #expect(restored.workout.uuid == triathlon.uuid && restored.workout.workoutActivities.count == 3)
        #expect(restored.activity?.uuid == triathlon.workoutActivities[1].uuid)
        #expect(restored.samples?.map(\.uuid) == [samples[2].uuid])
        #expect((restored.samples?.first as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore()) == 7)
        #expect(restored == leg && (leg.copy() as? HKWorkoutEffortRelationship) === leg)
    }
}
