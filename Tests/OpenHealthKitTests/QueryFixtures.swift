import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// Stores, waits and recorders for the query tests.
enum QueryFixture {
    typealias F = StoreFixture

    /// A store (in memory unless `storage` is given) whose app may share and read `types`; polls every 10 ms.
    static func store(app: String = F.appID, storage: (any HealthStorage)? = nil,
                      types: Set<HKSampleType> = [F.stepCount, F.heartRate, F.systolic, F.diastolic]) async throws -> HKHealthStore {
        let store = try F.store(app: app, storage: storage)
        try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        store.changePollingInterval = 0.01
        return store
    }

    /// Two stores of one app over the same database file: a second process, as far as the first can tell.
    static func twoStores() async throws -> (HKHealthStore, HKHealthStore) {
        let path = F.temporaryDatabasePath()
        let first = try await store(storage: try SQLiteHealthStorage(path: path))
        let second = try await store(storage: try SQLiteHealthStorage(path: path))
        return (first, second)
    }

    /// Steps starting `minutes` minutes after a fixed instant.
    static func steps(_ value: Double, minutes: Double = 0, metadata: [String: Any]? = nil) -> HKQuantitySample {
        F.steps(value, start: Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60), metadata: metadata)
    }

    /// Runs a sample query and returns its samples.
    static func samples(_ store: HKHealthStore, _ type: HKSampleType = F.stepCount, predicate: NSPredicate? = nil,
                        limit: Int = HKObjectQueryNoLimit, sort: [NSSortDescriptor]? = nil) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) { _, samples, error in
                if let samples { continuation.resume(returning: samples) } else { continuation.resume(throwing: error!) }
            })
        }
    }

    /// Runs an anchored query (no update handler) and returns its results.
    static func changes(_ store: HKHealthStore, _ type: HKSampleType = F.stepCount, predicate: NSPredicate? = nil,
                        anchor: HKQueryAnchor?, limit: Int = HKObjectQueryNoLimit) async throws -> ([HKSample], [HKDeletedObject], HKQueryAnchor) {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(HKAnchoredObjectQuery(type: type, predicate: predicate, anchor: anchor, limit: limit) { _, samples, deleted, anchor, error in
                if let samples, let deleted, let anchor { continuation.resume(returning: (samples, deleted, anchor)) }
                else { continuation.resume(throwing: error!) }
            })
        }
    }
}
