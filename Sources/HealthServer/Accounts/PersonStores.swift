import Foundation
import HealthDatabase
import HealthDatabasePostgres
import HealthDatabaseSQLite
import HealthKitModel
import HealthLocking

/// Every person's store, opened on demand and closed when idle: a server with a thousand people keeps open only
/// those in use (at most ``ServerConfiguration/maxOpenStores``), so its memory and open files stay bounded.
///
/// A store in use by a long request (a change stream) stays open while that request holds it, whatever this cache
/// does: the engine keeps one instance per file while anyone holds it (`SQLiteHealthStorage.shared(path:)`).
final class PersonStores: Sendable {
    private struct Entry {
        var storage: any HealthStorage
        var lastUsed: Date
    }

    private let folder: URL
    private let postgres: PostgresHealthDatabase?
    private let idleSeconds: TimeInterval
    private let capacity: Int
    private let open = Locked<[String: Entry]>([:])

    /// Stores under `folder/ID/health.sqlite`, or each person an owner in `postgres` when given.
    init(folder: URL, postgres: PostgresHealthDatabase? = nil, idleSeconds: TimeInterval, capacity: Int) {
        self.folder = folder
        self.postgres = postgres
        self.idleSeconds = idleSeconds
        self.capacity = max(1, capacity)
    }

    /// The store file of the person with `id`.
    func path(for personID: String) -> String {
        folder.appendingPathComponent(personID).appendingPathComponent("health.sqlite").path
    }

    /// The person's store, opened (and created) when it is not open.
    func storage(for personID: String, now: Date = Date()) throws -> any HealthStorage {
        if let storage = open.withLock({ entries -> (any HealthStorage)? in
            entries[personID]?.lastUsed = now
            return entries[personID]?.storage
        }) { return storage }
        let storage = try open(personID)
        open.withLock { entries in
            entries[personID] = Entry(storage: storage, lastUsed: now)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                entries[oldest] = nil
            }
        }
        return storage
    }

    /// Opens the person's store in its engine.
    private func open(_ personID: String) throws -> any HealthStorage {
        if let postgres { return try postgres.storage(owner: personID) }
        let path = path(for: personID)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try SQLiteHealthStorage.shared(path: path)
    }

    /// Closes the stores nobody used for the idle time (those still held by a request close when it ends).
    func closeIdle(now: Date = Date()) {
        open.withLock { entries in entries = entries.filter { now.timeIntervalSince($0.value.lastUsed) < idleSeconds } }
    }
}
