import Foundation
public import HealthDatabase

/// The storage engine `HKHealthStore()` opens the default store with (OpenHealthKit extension).
///
/// OpenHealthKit depends on the storage contract only; whoever opens a store chooses the engine. Code written for
/// HealthKit calls `HKHealthStore()` and names no engine, so an engine module makes itself the default by declaring
/// this conformance on `HKHealthStore` (`OpenHealthKitSQLite` does, and the `HealthKit` product brings it). Only one
/// linked module should declare it. Without one, `HKHealthStore()` exists but every operation fails with
/// ``HKError/Code/errorDatabaseInaccessible`` saying so; ``HKHealthStore/init(storage:app:environment:)`` works with any
/// engine.
public protocol DefaultStorageEngine {
    /// Opens (creating it if needed) the store at `path`; several calls for one file in a process should return one
    /// instance (see ``HealthStorage/changeFeed``).
    static func openDefaultStore(path: String) throws -> any HealthStorage
}

/// The engine `HKHealthStore()` opens a `postgres://` `OPENHEALTHKIT_DATABASE` with (OpenHealthKit extension).
///
/// `OpenHealthKitPostgres` declares this conformance on `HKHealthStore`, so linking that product is all an app needs
/// for `OPENHEALTHKIT_DATABASE=postgres://…?owner=NAME` to open the person's store in PostgreSQL.
public protocol ServerStorageEngine {
    /// Opens the store a `postgres://` URL names (the person in its `owner` parameter), created empty on first use;
    /// several calls for one URL in a process should return one instance.
    static func openServerStore(url: String) throws -> any HealthStorage
}

/// Finds the linked engine (a conformance of `HKHealthStore` to ``DefaultStorageEngine``, or to
/// ``ServerStorageEngine`` for a `postgres://` URL) at run time.
package enum DefaultStorageEngineLookup {
    /// Opens the store at `path` (a file path, or a `postgres://` URL) with the linked engine; errors name the path
    /// (never a password) and the reason.
    static func open(path: String) throws(HKError) -> any HealthStorage {
        if isServerURL(path) { return try openServer(url: path) }
        let engine = HKHealthStore.self as? any DefaultStorageEngine.Type
        return try opening(path, engine.map { engine in { try engine.openDefaultStore(path: path) } },
                           missing: "no storage engine is linked (add the OpenHealthKitSQLite product, or open a store with HKHealthStore(storage:app:))")
    }

    /// Runs `open` (nil: no engine is linked, which `missing` explains); any failure becomes
    /// ``HKError/Code/errorDatabaseInaccessible`` naming `shown` and the reason.
    private static func opening(_ shown: String, _ open: (() throws -> any HealthStorage)?, missing: String) throws(HKError) -> any HealthStorage {
        guard let open else { throw HKError(.errorDatabaseInaccessible, "cannot open the health database at \(shown): \(missing)") }
        do {
            return try open()
        } catch {
            let reason = HKError.from(error).localizedDescription
            throw HKError(.errorDatabaseInaccessible, "cannot open the health database at \(shown): \(reason)")
        }
    }
}

extension DefaultStorageEngineLookup {
    /// Whether `path` is a `postgres://` or `postgresql://` URL rather than a file path.
    package static func isServerURL(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Opens the store the URL names with the linked ``ServerStorageEngine``.
    package static func openServer(url: String) throws(HKError) -> any HealthStorage {
        let engine = HKHealthStore.self as? any ServerStorageEngine.Type
        return try opening(redacted(url), engine.map { engine in { try engine.openServerStore(url: url) } },
                           missing: "no PostgreSQL engine is linked (add the OpenHealthKitPostgres product)")
    }

    /// `url` with its password, if any, replaced by "…".
    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "(an unreadable postgres:// URL)" }
        if parts.password != nil { parts.password = "…" }
        return parts.string ?? "(an unreadable postgres:// URL)"
    }
}
