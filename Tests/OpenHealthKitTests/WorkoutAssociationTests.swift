import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Adding samples that are already in the store to a workout: `HKHealthStore.add(_:to:)` and `HKWorkoutBuilder`,
/// on SQLite files.
@Suite struct WorkoutAssociationTests {
    typealias W = WorkoutBuilderFixture
    typealias F = StoreFixture

    /// The app's store and another app's store over one new database file, both allowed every workout type.
    private func stores() async throws -> (mine: HKHealthStore, theirs: HKHealthStore) {
        let path = F.temporaryDatabasePath()
        let mine = try await W.store(storage: try SQLiteHealthStorage(path: path))
        let theirs = try F.store(app: F.otherAppID, storage: try SQLiteHealthStorage(path: path))
        try await theirs.requestAuthorization(toShare: [.workoutType(), W.energyType], read: [])
        return (mine, theirs)
    }

    @available(*, deprecated, message: "uses HKWorkout's initialiser, deprecated in HealthKit")
    private func run() -> HKWorkout {
        HKWorkout(activityType: .running, start: W.at(0), end: W.at(30))
    }

    private func expectError(_ code: HKError.Code, _ body: () async throws -> Void) async {
        await #expect { try await body() } throws: { ($0 as? HKError)?.code == code }
    }

    private func uuids(_ samples: [HKSample]) -> Set<UUID> { Set(samples.map(\.uuid)) }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func samplesSavedFirstAreAddedToTheWorkout() async throws {
        let (store, _) = try await stores()
        let workout = run()
        try await store.save(workout)
        let saved = [W.energy(100, from: 0, to: 10), W.energy(120, from: 10, to: 20)]
        try await store.save(saved)
        let fresh = W.energy(90, from: 20, to: 30)
        try await store.add(saved + [fresh], to: workout)

        let ofWorkout = try await W.samples(store, W.energyType, predicate: HKQuery.predicateForObjects(from: workout))
        #expect(uuids(ofWorkout) == uuids(saved + [fresh]))
        #expect(try await W.samples(store, W.energyType).count == 3, "stored samples are associated, not saved twice")
        let kept = ofWorkout.compactMap { $0 as? HKQuantitySample }.first { $0.uuid == saved[0].uuid }
        #expect(kept?.quantity.doubleValue(for: .kilocalorie()) == 100)
        // Adding them again succeeds and changes nothing.
        try await store.add(saved, to: workout)
        #expect(try await W.samples(store, W.energyType, predicate: HKQuery.predicateForObjects(from: workout)).count == 3)
    }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func anchoredQueriesSeeTheAssociation() async throws {
        let (store, _) = try await stores()
        let workout = run()
        try await store.save(workout)
        let saved = W.energy(100, from: 0, to: 10)
        try await store.save(saved)
        let ofWorkout = HKQuery.predicateForObjects(from: workout)
        let (_, _, anchor) = try await QueryFixture.changes(store, W.energyType, anchor: nil)
        let (none, _, workoutAnchor) = try await QueryFixture.changes(store, W.energyType, predicate: ofWorkout, anchor: nil)
        #expect(none.isEmpty)
        try await store.add([saved], to: workout)
        let (again, deleted, _) = try await QueryFixture.changes(store, W.energyType, anchor: anchor)
        #expect(uuids(again) == [saved.uuid] && deleted.isEmpty, "the association is a change of the sample")
        let (joined, _, _) = try await QueryFixture.changes(store, W.energyType, predicate: ofWorkout, anchor: workoutAnchor)
        #expect(uuids(joined) == [saved.uuid], "a sync of the workout's samples picks it up")
    }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func deletingTheWorkoutDeletesTheSamplesAddedToIt() async throws {
        let (store, _) = try await stores()
        let workout = run()
        try await store.save(workout)
        let saved = W.energy(100, from: 0, to: 10), other = W.energy(50, from: 40, to: 50)
        try await store.save([saved, other])
        try await store.add([saved], to: workout)
        let (_, _, anchor) = try await QueryFixture.changes(store, W.energyType, anchor: nil)
        try await store.delete(workout)
        #expect(uuids(try await W.samples(store, W.energyType)) == [other.uuid])
        let (_, deleted, _) = try await QueryFixture.changes(store, W.energyType, anchor: anchor)
        #expect(deleted.map(\.uuid) == [saved.uuid])
    }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func healthKitsRulesFailTheWholeCall() async throws {
        let (store, theirs) = try await stores()
        let workout = run(), unsaved = run(), theirWorkout = run(), otherWorkout = run()
        try await store.save([workout, otherWorkout])
        try await theirs.save(theirWorkout)
        let mine = W.energy(100, from: 0, to: 10), theirSample = W.energy(80, from: 0, to: 10)
        try await store.save(mine)
        try await theirs.save(theirSample)
        let fresh = W.energy(10, from: 10, to: 11)

        await expectError(.errorInvalidArgument) { try await store.add([mine], to: unsaved) }
        await expectError(.errorAuthorizationDenied) { try await store.add([mine], to: theirWorkout) }
        await expectError(.errorAuthorizationDenied) { try await store.add([fresh, theirSample], to: workout) }
        await expectError(.errorInvalidArgument) { try await store.add([otherWorkout], to: workout) }
        try await store.add([mine], to: otherWorkout)
        await expectError(.errorInvalidArgument) { try await store.add([fresh, mine], to: workout) }
        let steps = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 5),
                                     start: W.at(0), end: W.at(1))
        await expectError(.errorAuthorizationNotDetermined) { try await store.add([fresh, steps], to: workout) }

        #expect(try await W.samples(store, W.energyType, predicate: HKQuery.predicateForObjects(from: workout)).isEmpty)
        #expect(try await W.samples(store, W.energyType).allSatisfy { $0.uuid != fresh.uuid }, "a failed call saves nothing")
    }

    @Test @available(*, deprecated, message: "uses add(_:to:), deprecated in HealthKit")
    func statisticsSummariesFollowAnAssociatedSample() async throws {
        let (store, _) = try await stores()
        let workout = run()
        try await store.save(workout)
        // Crossing a 15-minute slot edge, and user-entered: both kinds the summaries keep as raw rows.
        let crossing = W.energy(100, from: 10, to: 20)
        let entered = HKQuantitySample(type: W.energyType, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 40),
                                       start: W.at(0), end: W.at(5), metadata: [HKMetadataKeyWasUserEntered: true])
        let plain = W.energy(60, from: 22, to: 25)
        try await store.save([crossing, entered, plain])
        let sum = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: W.energyType), options: .cumulativeSum)
        func total() async throws -> Double? { try await sum.result(for: store)?.sumQuantity()?.doubleValue(for: .kilocalorie()) }
        let first = try await total()
        #expect(first == 200, "\(String(describing: first))")
        try await store.add([crossing, entered, plain], to: workout)
        #expect(try await total() == 200, "moving the samples keeps their figures")
        try await store.delete(workout)
        #expect(try await total() == nil, "deleting the workout takes every figure with its samples")
    }

    @Test func theBuilderAssociatesSamplesAlreadyStored() async throws {
        let (store, theirs) = try await stores()
        let saved = W.energy(100, from: 0, to: 10)
        try await store.save(saved)
        let builder = W.runningBuilder(store)
        try await builder.beginCollection(at: W.at(0))
        try await builder.addSamples([saved, W.energy(50, from: 10, to: 20)])
        try await builder.endCollection(at: W.at(20))
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 150)
        let ofWorkout = try await W.samples(store, W.energyType, predicate: HKQuery.predicateForObjects(from: workout))
        #expect(ofWorkout.count == 2 && uuids(ofWorkout).contains(saved.uuid))
        #expect(try await W.samples(store, W.energyType).count == 2)

        let theirSample = W.energy(70, from: 0, to: 10)
        try await theirs.save(theirSample)
        let second = W.runningBuilder(store)
        try await second.beginCollection(at: W.at(0))
        try await second.addSamples([theirSample])
        try await second.endCollection(at: W.at(20))
        await expectError(.errorAuthorizationDenied) { _ = try await second.finishWorkout() }
        #expect(try await W.samples(store, .workoutType()).count == 1, "nothing is saved when finishing fails")
    }
}
