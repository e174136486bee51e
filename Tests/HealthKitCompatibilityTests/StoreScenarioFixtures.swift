// The only part of the store and query scenarios that is not iOS code: how a scenario gets its
// HKHealthStore. On an iPhone an app writes `HKHealthStore()` and the system shows the permission sheet;
// here each scenario opens a store over an in-memory or temporary SQLite database (or, with
// OPENHEALTHKIT_TEST_ENGINE=postgres, a new person's store in the test PostgreSQL server: TestEngine), names the
// app, and answers the sheet with an OPENHEALTHKIT_AUTHORIZATION policy so that no terminal is needed.
// Everything after the store is opened (in the Store*/Query* scenario files) is written as iOS code.
import Foundation
import HealthDatabase
import HealthDatabasePostgres
import HealthDatabaseSQLite
import HealthKit
import OpenHealthKitTestSupport
import Testing
import TestSupport

/// One person's device: a health database and the apps installed on it.
final class ScenarioDevice: @unchecked Sendable {
    static let stepCounterApp = "com.example.scenarios.stepcounter"
    static let coachApp = "com.example.scenarios.coach"

    /// The person's database (shared by every app on the device).
    let storage: any HealthStorage
    /// The database file or PostgreSQL store URL, when the device keeps one (nil: in memory).
    let path: String?

    /// A device whose database lives in memory (on PostgreSQL: a new person's store).
    init() throws {
        path = TestEngine.current == .postgres ? try Self.temporaryDatabasePath() : nil
        storage = try path.map { try Self.open($0) } ?? SQLiteHealthStorage.inMemory()
    }

    /// A device whose database is the SQLite file (or PostgreSQL store) at `path`.
    init(path: String) throws {
        self.path = path
        storage = try Self.open(path)
    }

    /// A fresh path for a database file in its own temporary folder, or a new person's store on PostgreSQL.
    static func temporaryDatabasePath() throws -> String {
        try TestEngine.newStoreLocation("openhealthkit-scenarios")
    }

    /// A new connection to the database at `path`, as a new process makes: a SQLite file, or a PostgreSQL person's
    /// store through a database object (connection pool, listener) of its own.
    private static func open(_ path: String) throws -> any HealthStorage {
        guard PostgresStoreURL.isPostgres(path) else { return try SQLiteHealthStorage(path: path) }
        let store = try PostgresStoreURL(path)
        return try PostgresHealthDatabase(url: store.databaseURL, schema: store.schema, maxConnections: 2).storage(owner: store.owner)
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
        return HKHealthStore(storage: try Self.open(path), app: HKSource(name: app, bundleIdentifier: app),
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
    func wait(for count: Int, timeout: TimeInterval = EventRecorder<Element>.patience) async -> Bool {
        await wait(timeout: timeout) { $0.count >= count }
    }

    /// Waits (at most `timeout` seconds) until `condition` holds for the elements; returns whether it did.
    @discardableResult
    func wait(timeout: TimeInterval = EventRecorder<Element>.patience, until condition: @escaping ([Element]) -> Bool) async -> Bool {
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
