// OpenHealthKit's stores on the SQLite engine: the default engine of `HKHealthStore()` and the path-based openers.
// The `HealthKit` product brings this module; others add the `OpenHealthKitSQLite` product.
import HealthDatabaseSQLite
@_exported import OpenHealthKit
public import Foundation
public import HealthDatabase

extension HKHealthStore: DefaultStorageEngine {
    /// Opens the SQLite store at `path`, shared by everyone in the process who opens the same file
    /// (`SQLiteHealthStorage.shared(path:)`).
    public static func openDefaultStore(path: String) throws -> any HealthStorage {
        try SQLiteHealthStorage.shared(path: path)
    }

    /// Opens (creating it if needed) the SQLite store at `databasePath`, acting for `app` (OpenHealthKit extension);
    /// a `postgres://…?owner=NAME` URL opens that person's store in PostgreSQL when `OpenHealthKitPostgres` is linked.
    ///
    /// `environment` is read as by ``HKHealthStore/init(storage:app:environment:)``. Throws
    /// ``HKError/Code/errorDatabaseInaccessible`` naming the path and the reason.
    public convenience init(
        databasePath: String, app: HKSource, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        self.init(storage: try Self.openSQLite(path: databasePath), app: app, environment: environment)
    }

    /// The person's own access to the SQLite store at `databasePath` (the default store when nil);
    /// throws ``HKError/Code/errorDatabaseInaccessible`` naming the path and the reason (OpenHealthKit extension).
    public static func owner(databasePath: String? = nil, app: HKSource = .healthApp) throws -> HKHealthStore {
        owner(storage: try openSQLite(path: databasePath ?? defaultDatabasePath()), app: app)
    }

    /// Opens (creating it and its folder if needed) the SQLite store at `path`, shared in the process; a
    /// `postgres://…?owner=NAME` URL instead opens that person's store with the linked PostgreSQL engine
    /// (`OpenHealthKitPostgres`), as `OPENHEALTHKIT_DATABASE` does.
    ///
    /// Throws ``HKError/Code/errorDatabaseInaccessible`` naming the path (never a password) and the reason.
    static func openSQLite(path: String) throws(HKError) -> any HealthStorage {
        if DefaultStorageEngineLookup.isServerURL(path) { return try DefaultStorageEngineLookup.openServer(url: path) }
        do {
            return try SQLiteHealthStorage.shared(path: path)
        } catch {
            let reason = HKError.from(error).localizedDescription
            throw HKError(.errorDatabaseInaccessible, "cannot open the health database at \(path): \(reason)")
        }
    }
}
