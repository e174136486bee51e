// OpenHealthKit's stores on the PostgreSQL engine: a person's store in a database that holds everyone's.
// Add the `OpenHealthKitPostgres` product; the SQLite engine stays `HKHealthStore()`'s default.
public import Foundation
public import HealthDatabase
import HealthDatabasePostgres
@_exported import OpenHealthKit

extension HKHealthStore {
    /// Opens the store of the person `owner` in the PostgreSQL database at `postgres` (created empty on first use),
    /// acting for `app` (OpenHealthKit extension).
    ///
    /// The database is opened once per process (``PostgresHealthDatabase/shared(url:schema:)``) and the person's
    /// store once per database, so every store opened this way for one person shares its change feed and caches.
    /// `environment` is read as by ``HKHealthStore/init(storage:app:environment:)``. Throws
    /// ``HKError/Code/errorDatabaseInaccessible`` naming the database (never its password) and the reason.
    public convenience init(
        postgres url: URL, owner: String, app: HKSource, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        self.init(storage: try Self.openPostgres(url: url, owner: owner), app: app, environment: environment)
    }

    /// The person's own access to their store in the PostgreSQL database at `postgres` (OpenHealthKit extension):
    /// reads everything and saves without prompting, as ``owner(storage:app:)``.
    public static func owner(postgres url: URL, owner: String, app: HKSource = .healthApp) throws -> HKHealthStore {
        self.owner(storage: try openPostgres(url: url, owner: owner), app: app)
    }

    /// The store of `owner` at `url`, errors as ``HKError/Code/errorDatabaseInaccessible``.
    static func openPostgres(url: URL, owner: String) throws(HKError) -> any HealthStorage {
        do {
            return try PostgresHealthStorage.open(url: url.absoluteString, owner: owner)
        } catch {
            let reason = HKError.from(error).localizedDescription
            throw HKError(.errorDatabaseInaccessible, "cannot open the health store of \(owner) in PostgreSQL: \(reason)")
        }
    }
}

extension HKHealthStore: ServerStorageEngine {
    /// Opens the store a `postgres://USER@HOST/DATABASE?owner=NAME[&schema=SCHEMA]` URL names
    /// (``PostgresStoreURL``), so `HKHealthStore()` opens it when `OPENHEALTHKIT_DATABASE` is such a URL.
    public static func openServerStore(url: String) throws -> any HealthStorage {
        try PostgresStoreURL(url).open()
    }
}
