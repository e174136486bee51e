// The only part of the store and query scenarios that is not iOS code: how a scenario gets its
// HKHealthStore. On an iPhone an app writes `HKHealthStore()` and the system shows the permission sheet;
// here each scenario opens a store over an in-memory or temporary SQLite database, names the app, and
// answers the sheet with an OPENHEALTHKIT_AUTHORIZATION policy so that no terminal is needed.
// Everything after the store is opened (in the Store*/Query* scenario files) is written as iOS code.
import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import HealthKit
import OpenHealthKitTestSupport
import Testing

/// One person's device: a health database and the apps installed on it.
final class ScenarioDevice: @unchecked Sendable {
    static let stepCounterApp = "com.example.scenarios.stepcounter"
    static let coachApp = "com.example.scenarios.coach"

    /// The person's database (shared by every app on the device).
    let storage: any HealthStorage
    /// The database file, when the device keeps one (nil: in memory).
    let path: String?

    /// A device whose database lives in memory.
    init() throws {
        storage = try SQLiteHealthStorage.inMemory()
        path = nil
    }

    /// A device whose database is the SQLite file at `path` (a fresh temporary file by default).
    init(path: String) throws {
        self.path = path
        storage = try SQLiteHealthStorage(path: path)
    }

    /// A fresh path for a database file in its own temporary folder.
    static func temporaryDatabasePath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("openhealthkit-scenarios-\(UUID().uuidString)")
            .appendingPathComponent("health.sqlite").path
    }

    /// `HKHealthStore()` as app `app` sees it; the permission sheet answers with `policy`
    /// (`allow`, `deny`, or anything else to see how a bad policy fails).
    func healthStore(app: String = ScenarioDevice.stepCounterApp, policy: String = "allow") -> HKHealthStore {
        HKHealthStore(storage: storage, app: HKSource(name: app, bundleIdentifier: app),
                      environment: ["OPENHEALTHKIT_AUTHORIZATION": policy])
    }

    /// `HKHealthStore()` for the app the process itself is (`HKSource.default()`), so that code using
    /// `HKSource.default()` finds the store's own samples.
    func healthStoreForThisProcess(policy: String = "allow") -> HKHealthStore {
        HKHealthStore(storage: storage, app: HKSource.default(), environment: ["OPENHEALTHKIT_AUTHORIZATION": policy])
    }

    /// The same app launched again in a new process: a new store over a new connection to the same file.
    func relaunch(app: String = ScenarioDevice.stepCounterApp, policy: String = "allow") throws -> HKHealthStore {
        let path = try #require(path, "relaunching needs a device with a database file")
        return HKHealthStore(storage: try SQLiteHealthStorage(path: path), app: HKSource(name: app, bundleIdentifier: app),
                             environment: ["OPENHEALTHKIT_AUTHORIZATION": policy])
    }

    /// Health records arriving from the person's provider (the Health app downloads them; apps never write them).
    func downloadHealthRecords(_ records: [HKClinicalRecord]) throws {
        try writeAsSystem(records)
    }

    /// Recordings Apple Watch makes and the system saves (ECGs; apps cannot save them).
    func recordOnAppleWatch(_ samples: [HKSample]) throws {
        try writeAsSystem(samples)
    }

    /// Writes `samples` straight to the person's database, as the system does, with their own source revisions.
    private func writeAsSystem(_ samples: [HKSample]) throws {
        var rows: [SampleRecord] = []
        for sample in samples { rows += try ObjectMapping.records(from: sample) }
        _ = try storage.save(rows)
    }

    /// The source revision of the provider's records.
    static let providerRevision = HKSourceRevision(
        source: HKSource(name: "Good Health Clinic", bundleIdentifier: "com.apple.public.health.clinical"),
        version: nil, productType: nil,
        operatingSystemVersion: OperatingSystemVersion(majorVersion: 18, minorVersion: 0, patchVersion: 0))
}

/// Events that handlers deliver on background queues, with bounded waits (an ``EventRecorder`` that answers whether
/// the awaited deliveries came).
final class Deliveries<Element: Sendable>: Sendable {
    private let recorder = EventRecorder<Element>()

    func append(_ element: Element) { recorder.record(element) }

    var all: [Element] { recorder.events }

    /// Waits (at most `timeout` seconds) until at least `count` elements arrived; returns whether they did.
    @discardableResult
    func wait(for count: Int, timeout: TimeInterval = 10) async -> Bool {
        await wait(timeout: timeout) { $0.count >= count }
    }

    /// Waits (at most `timeout` seconds) until `condition` holds for the elements; returns whether it did.
    @discardableResult
    func wait(timeout: TimeInterval = 10, until condition: @escaping ([Element]) -> Bool) async -> Bool {
        condition(await recorder.wait(timeout: timeout, until: condition))
    }
}

/// Lets `healthStore`'s running queries see every commit made so far, by any process, and returns once they have
/// handled it (the store's change poller is switched to a clock the test moves; on a device the system decides when
/// an app hears of other processes' commits).
func catchUpWithCommits(_ healthStore: HKHealthStore) throws {
    try DrivenMonitor(healthStore).step()
}

/// Runs `body` with a deadline: cancels it and fails after `seconds`.
func withDeadline<T: Sendable>(_ seconds: TimeInterval = 10, sourceLocation: SourceLocation = #_sourceLocation,
                               _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            Issue.record("timed out after \(seconds) s", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return value
    }
}
