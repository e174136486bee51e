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

/// Finds the linked default engine (a conformance of `HKHealthStore` to ``DefaultStorageEngine``) at run time.
enum DefaultStorageEngineLookup {
    /// Opens the store at `path` with the linked default engine; errors name the path and the reason.
    static func open(path: String) throws(HKError) -> any HealthStorage {
        guard let engine = HKHealthStore.self as? any DefaultStorageEngine.Type else {
            throw HKError(.errorDatabaseInaccessible,
                          "cannot open the health database at \(path): no storage engine is linked (add the OpenHealthKitSQLite product, or open a store with HKHealthStore(storage:app:))")
        }
        do {
            return try engine.openDefaultStore(path: path)
        } catch {
            let reason = HKError.from(error).localizedDescription
            throw HKError(.errorDatabaseInaccessible, "cannot open the health database at \(path): \(reason)")
        }
    }
}
