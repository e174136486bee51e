import Dispatch
import Foundation
import HealthDatabase
import HealthDatabasePostgres
import HealthDatabaseSQLite
import HealthKitModel
import HealthLocking
import OpenHealthKit

/// Every person's store, opened on demand and closed when idle: a server with a thousand people keeps open only
/// those in use (at most ``ServerConfiguration/maxOpenStores``), so its memory and open files stay bounded.
///
/// With each open store it keeps the `HKHealthStore`s requests act through, one per view (the person's own access,
/// each app's, and each in Guest User mode), so a request makes none: their grants are read from the store at each
/// check, so a cached view sees a permission change at once.
///
/// A store in use by a long request (a change stream) stays open while that request holds it, whatever this cache
/// does: the engine keeps one instance per file while anyone holds it (`SQLiteHealthStorage.shared(path:)`), and the
/// file is closed when the last holder lets it go.
final class PersonStores: Sendable {
    /// Who a cached `HKHealthStore` acts for.
    struct View: Hashable, Sendable {
        /// The app (its client id), or nil for the person's own access.
        var clientID: String?
        /// Whether it is in Guest User mode.
        var guest: Bool
    }

    private struct Entry {
        var storage: any HealthStorage
        var views: [View: HKHealthStore] = [:]
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

    /// How many people's stores this cache holds open.
    var openCount: Int { open.withLock { $0.count } }

    /// The person's store, opened (and created) when it is not open.
    func storage(for personID: String, now: Date = Date()) throws -> any HealthStorage {
        if let storage = open.withLock({ entries -> (any HealthStorage)? in
            entries[personID]?.lastUsed = now
            return entries[personID]?.storage
        }) { return storage }
        let storage = try open(personID)
        let evicted: [Entry] = open.withLock { entries in
            if entries[personID] == nil { entries[personID] = Entry(storage: storage, lastUsed: now) }
            guard entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key else { return [] }
            return [entries.removeValue(forKey: oldest)].compactMap { $0 }
        }
        Self.release(consume evicted)
        return storage
    }

    /// The `HKHealthStore` acting as `view` on the person's store, when both are open already (no I/O).
    func cachedStore(for personID: String, view: View, now: Date = Date()) -> HKHealthStore? {
        open.withLock { entries in
            guard let store = entries[personID]?.views[view] else { return nil }
            entries[personID]?.lastUsed = now
            return store
        }
    }

    /// The `HKHealthStore` acting as `view` on the person's store: the cached one, or one `make` builds on the store
    /// (opened when needed) and the cache keeps while the store is open.
    func store(for personID: String, view: View, now: Date = Date(),
               make: (any HealthStorage) throws -> HKHealthStore) throws -> HKHealthStore {
        if let store = cachedStore(for: personID, view: view, now: now) { return store }
        let storage = try storage(for: personID, now: now)
        let made = try make(storage)
        return open.withLock { entries in
            guard entries[personID] != nil else { return made }   // closed meanwhile: used once, not kept
            if let existing = entries[personID]?.views[view] { return existing }
            entries[personID]?.views[view] = made
            return made
        }
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
        let idle: [Entry] = open.withLock { entries in
            let keys = entries.filter { now.timeIntervalSince($0.value.lastUsed) >= idleSeconds }.map(\.key)
            return keys.compactMap { entries.removeValue(forKey: $0) }
        }
        Self.release(consume idle)
    }

    /// Lets `entries` go on a global queue: closing a SQLite store checkpoints its log and closes its files, which
    /// must happen neither inside the lock nor on a request's thread.
    private static func release(_ entries: consuming [Entry]) {
        guard !entries.isEmpty else { return }
        let box = Released(consume entries)
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    /// Entries on their way out, handed to the queue that lets them go.
    private final class Released: @unchecked Sendable {
        // Unchecked: the entries are only touched by `drop()`, on the one queue block that owns this box.
        private var entries: [Entry]
        init(_ entries: [Entry]) { self.entries = entries }
        func drop() { entries = [] }
    }
}
