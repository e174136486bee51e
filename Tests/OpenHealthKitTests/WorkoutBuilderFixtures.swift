import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Stores, dates and samples for the HKWorkoutBuilder tests (real SQLite engine, in memory).
enum WorkoutBuilderFixture {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let energyType = HKQuantityType(.activeEnergyBurned)
    static let distanceType = HKQuantityType(.distanceWalkingRunning)
    static let heartRateType = HKQuantityType(.heartRate)

    /// A store whose app may share and read workouts and the given sample types.
    static func store(sharing types: Set<HKSampleType> = [.workoutType(), energyType, distanceType, heartRateType],
                      storage: (any HealthStorage)? = nil) async throws -> HKHealthStore {
        let store = try StoreFixture.store(storage: storage)
        let all = types.union([.workoutType(), energyType, distanceType, heartRateType])
        try await store.requestAuthorization(toShare: types, read: Set(all.map { $0 as HKObjectType }))
        return store
    }

    /// A running builder for `store`.
    static func runningBuilder(_ store: HKHealthStore, location: HKWorkoutSessionLocationType = .unknown) -> HKWorkoutBuilder {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = location
        return HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
    }

    /// The date `minutes` after ``start``.
    static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    /// A quantity sample of `type` from `from` to `to` minutes after ``start``.
    static func sample(_ type: HKQuantityType, _ value: Double, _ unit: HKUnit, from: Double, to: Double) -> HKQuantitySample {
        HKQuantitySample(type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: at(from), end: at(to))
    }

    static func energy(_ kcal: Double, from: Double, to: Double) -> HKQuantitySample { sample(energyType, kcal, .kilocalorie(), from: from, to: to) }
    static func distance(_ metres: Double, from: Double, to: Double) -> HKQuantitySample { sample(distanceType, metres, .meter(), from: from, to: to) }
    static func heartRate(_ bpm: Double, at minute: Double) -> HKQuantitySample {
        sample(heartRateType, bpm, .count().unitDivided(by: .minute()), from: minute, to: minute)
    }

    /// Runs a sample query and returns its samples.
    static func samples(_ store: HKHealthStore, _ type: HKSampleType, predicate: NSPredicate? = nil) async throws -> [HKSample] {
        try await QueryFixture.samples(store, type, predicate: predicate)
    }

    /// Waits for a completion handler `(Bool, Error?)` and returns what it reported.
    static func completion(_ call: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void) async -> (Bool, HKError?) {
        await withCheckedContinuation { continuation in
            call { success, error in continuation.resume(returning: (success, error as? HKError)) }
        }
    }
}
