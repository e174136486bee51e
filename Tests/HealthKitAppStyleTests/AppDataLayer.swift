// An app's data layer as public apps write it: the app talks to HealthKit through a protocol that HKHealthStore
// adopts in an extension and the test's mock also satisfies, so the same code runs on the real store and on the mock.
import HealthKit

/// The part of HealthKit the app's data layer uses.
protocol HealthStoreProviding: AnyObject, Sendable {
    func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws
    func save(_ object: HKObject) async throws
    func execute(_ query: HKQuery)
    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus
}

extension HKHealthStore: HealthStoreProviding {}

/// The app's step repository.
final class StepRepository: Sendable {
    let store: any HealthStoreProviding
    let steps = HKQuantityType(.stepCount)

    init(store: any HealthStoreProviding) { self.store = store }

    func connect() async throws {
        try await store.requestAuthorization(toShare: [steps], read: [steps])
    }

    func record(_ count: Double, at date: Date) async throws {
        let sample = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: date, end: date)
        try await store.save(sample)
    }

    /// The newest step samples, newest first, through the classic sample query and its handler.
    func latest(_ limit: Int) async throws -> [HKQuantitySample] {
        try await withCheckedThrowingContinuation { continuation in
            let sort = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
            let query = HKSampleQuery(sampleType: steps, predicate: nil, limit: limit, sortDescriptors: [sort]) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else {
                    continuation.resume(returning: (samples as? [HKQuantitySample]) ?? [])
                }
            }
            store.execute(query)
        }
    }
}

/// A store for one test: a real SQLite file in its own temporary folder, the permission sheet answered "allow".
/// With OPENHEALTHKIT_TEST_ENGINE=postgres (TestSupport's TestEngine; read here directly, as these files import only
/// HealthKit), a new person's store in the test PostgreSQL server instead, which `HKHealthStore(databasePath:)` opens.
func temporaryStorePath() -> String {
    let environment = ProcessInfo.processInfo.environment
    let owner = "ohk-appstyle-\(UUID().uuidString)"
    if environment["OPENHEALTHKIT_TEST_ENGINE"]?.lowercased() == "postgres" {
        // No server: a URL that cannot connect, so every test fails naming it rather than passing on SQLite.
        return (environment["OPENHEALTHKIT_TEST_POSTGRES"] ?? "postgres://missing-OPENHEALTHKIT_TEST_POSTGRES@127.0.0.1:1/x")
            + "?owner=" + owner
    }
    // In the test process's folder that TestSupport's TemporaryFiles removes (at exit, or in a later run).
    return FileManager.default.temporaryDirectory.appendingPathComponent("openhealthkit-tests")
        .appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)")
        .appendingPathComponent(owner).appendingPathComponent("health.sqlite").path
}

/// The environment that answers the permission sheet with "allow" (no terminal in tests).
let allowEverything = ["OPENHEALTHKIT_AUTHORIZATION": "allow"]

/// The app the tests act for.
let testApp = HKSource(name: "Steps", bundleIdentifier: "com.example.appstyle.steps")
