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

/// Collects events from handlers on any thread, and waits until enough have arrived: each recorded event wakes the
/// waiters whose condition now holds; the timeout only bounds a wait for something that never comes.
final class EventRecorder<Event: Sendable>: @unchecked Sendable {
    private struct Waiter {
        let condition: ([Event]) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private var waiters: [UUID: Waiter] = [:]

    /// Every event so far.
    var events: [Event] { lock.withLock { recorded } }

    /// Records `event` and wakes the waiters it satisfies.
    func record(_ event: Event) {
        let satisfied: [Waiter] = lock.withLock {
            recorded.append(event)
            let ready = waiters.filter { $0.value.condition(recorded) }
            for id in ready.keys { waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in satisfied { waiter.continuation.resume() }
    }

    /// Waits until at least `count` events arrived (or `timeout` seconds passed without them); returns the events.
    @discardableResult
    func wait(for count: Int, timeout: TimeInterval = 5) async -> [Event] {
        await wait(timeout: timeout) { $0.count >= count }
    }

    /// Waits until `condition` holds for the events (or `timeout` seconds passed without it); returns the events.
    @discardableResult
    func wait(timeout: TimeInterval = 5, until condition: @escaping ([Event]) -> Bool) async -> [Event] {
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let holds: Bool = lock.withLock {
                if condition(recorded) { return true }
                waiters[id] = Waiter(condition: condition, continuation: continuation)
                return false
            }
            if holds { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                lock.withLock { waiters.removeValue(forKey: id) }?.continuation.resume()
            }
        }
        return events
    }
}
