import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Stores on SQLite files, workouts and effort samples for the workout effort tests.
enum WorkoutEffortFixture {
    typealias F = StoreFixture
    typealias A = WorkoutActivityFixture
    static let rated = HKQuantityType(.workoutEffortScore)
    static let estimated = HKQuantityType(.estimatedWorkoutEffortScore)
    static let types: Set<HKSampleType> = [.workoutType(), rated, estimated, F.stepCount]

    /// A store of `app` on the database file `path` (a new one unless given), allowed to share and read `types`.
    static func store(app: String = F.appID, path: String = F.temporaryDatabasePath(),
                      sharing: Set<HKSampleType> = types) async throws -> HKHealthStore {
        let store = try F.store(app: app, storage: try SQLiteHealthStorage(path: path))
        try await store.requestAuthorization(toShare: sharing, read: Set(types.map { $0 as HKObjectType }))
        store.changePollingInterval = 0.01
        return store
    }

    /// An effort sample of `type` scoring `score` over the first hour.
    static func effort(_ score: Double, _ type: HKQuantityType = rated) -> HKQuantitySample {
        HKQuantitySample(type: type, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: score), start: A.date(0), end: A.date(60))
    }

    /// A saved triathlon (three activities), optionally with a sync identifier and version.
    static func savedTriathlon(_ store: HKHealthStore, version: Int? = nil) async throws -> HKWorkout {
        let template = try A.triathlon()
        let metadata: [String: Any]? = version.map { [HKMetadataKeySyncIdentifier: "tri", HKMetadataKeySyncVersion: $0] }
        let workout = try HKWorkout.checked(activityType: .swimBikeRun, start: template.startDate, end: template.endDate,
                                            workoutActivities: template.workoutActivities, metadata: metadata)
        try await store.save(workout)
        return workout
    }

    /// The UUIDs of the effort samples of both types related to `workout` (or its `activity`).
    static func related(_ store: HKHealthStore, _ workout: HKWorkout, _ activity: HKWorkoutActivity? = nil) async throws -> Set<UUID> {
        let predicate = HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: activity)
        let samples = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: rated, predicate: predicate),
                                                                     .quantitySample(type: estimated, predicate: predicate)],
                                                        sortDescriptors: []).result(for: store)
        return Set(samples.map(\.uuid))
    }

    /// Runs a relationship query once (stopping it after the first results).
    static func relationships(_ store: HKHealthStore, _ predicate: NSPredicate? = nil, anchor: HKQueryAnchor? = nil,
                              _ option: HKWorkoutEffortRelationshipQueryOptions = .default) async throws
        -> HKWorkoutEffortRelationshipQueryDescriptor.Result {
        try await HKWorkoutEffortRelationshipQueryDescriptor(predicate: predicate, anchor: anchor, option: option).result(for: store)
    }

    /// Expects `body` to fail with `code`.
    static func expectError(_ code: HKError.Code, _ body: () async throws -> Void) async {
        await #expect { try await body() } throws: { ($0 as? HKError)?.code == code }
    }
}
