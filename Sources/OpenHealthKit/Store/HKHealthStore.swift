import Foundation
import HealthDatabase

/// The access point to the person's health data: saving, deleting, authorization and queries.
///
/// Thread-safe: share one store across threads and tasks. Completion handlers run on a global
/// concurrent queue, never on the caller's thread, as in HealthKit.
///
/// `HKHealthStore()` opens the default database (``defaultDatabasePath(environment:)``) for the calling
/// app (``HKSource/default()``). It cannot throw: if the database cannot be opened, the store still exists
/// and every operation fails with ``HKError/Code/errorDatabaseInaccessible`` whose message names the path
/// and the reason (``authorizationStatus(for:)`` answers `.notDetermined`). Use ``init(databasePath:app:)``
/// or ``init(storage:app:environment:)`` (OpenHealthKit extensions) to choose both explicitly and see
/// failures at once.
public final class HKHealthStore: NSObject, @unchecked Sendable {
    /// The app this store acts for: the source stamped on saved objects and the subject of authorization.
    ///
    /// OpenHealthKit extension.
    public let app: HKSource

    /// The revision stamped on every object this store saves: ``app`` with the running program's
    /// `CFBundleVersion` (if any) and operating-system version (package access).
    package let appRevision: HKSourceRevision

    /// The environment the store reads its policies from (authorization, required read types).
    let environment: [String: String]

    /// Whether this store is the person's own access (``owner(databasePath:)``): it reads every sample and
    /// may save any shareable type without asking, as the Health app does (package access).
    package let isOwner: Bool

    private let opened: Result<any HealthStorage, HKError>
    let authorizationSettings: Locked<AuthorizationSettings>
    /// Serializes authorization requests, so that one prompt at a time asks about a type.
    let authorizationLock = NSLock()

    /// Opens the default store for the calling app.
    ///
    /// The database is `OPENHEALTHKIT_DATABASE`, else the platform's data directory (see
    /// ``defaultDatabasePath(environment:)``); the app is ``HKSource/default()``.
    public override convenience init() {
        let environment = ProcessInfo.processInfo.environment
        let path = Self.defaultDatabasePath(environment: environment)
        let opened = Result { () throws(HKError) in try Self.openSQLite(path: path) }
        self.init(opened: opened, app: .default(), environment: environment, isOwner: false)
    }

    /// A store over any storage engine, acting for `app` (OpenHealthKit extension).
    ///
    /// - Parameters:
    ///   - storage: the person's store (``SQLiteHealthStorage``, or another engine).
    ///   - app: the app the store acts for.
    ///   - environment: where the authorization policy (`OPENHEALTHKIT_AUTHORIZATION`) and the required
    ///     clinical read types (`OPENHEALTHKIT_REQUIRED_READ_TYPES`) are read from.
    public convenience init(
        storage: any HealthStorage, app: HKSource,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.init(opened: .success(storage), app: app, environment: environment, isOwner: false)
    }

    /// Opens (creating it if needed) the SQLite store at `databasePath`, acting for `app` (OpenHealthKit extension).
    ///
    /// Throws ``HKError/Code/errorDatabaseInaccessible`` naming the path and the reason.
    public convenience init(databasePath: String, app: HKSource) throws {
        self.init(opened: .success(try Self.openSQLite(path: databasePath)), app: app,
                  environment: ProcessInfo.processInfo.environment, isOwner: false)
    }

    private init(opened: Result<any HealthStorage, HKError>, app: HKSource, environment: [String: String], isOwner: Bool) {
        self.opened = opened
        self.isOwner = isOwner
        self.app = app
        self.environment = environment
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String
        self.appRevision = HKSourceRevision(
            source: app, version: version, productType: nil,
            operatingSystemVersion: ProcessInfo.processInfo.operatingSystemVersion)
        self.authorizationSettings = Locked(AuthorizationSettings(environment: environment))
        super.init()
    }

    /// The storage engine, or the error that kept the default store from opening (package access).
    ///
    /// Throws ``HKError/Code/errorDatabaseInaccessible`` when `HKHealthStore()` could not open its database.
    package func storage() throws(HKError) -> any HealthStorage {
        try opened.get()
    }

    /// The person's own access to their store, as the Health app has (OpenHealthKit extension): it reads
    /// every sample whoever saved it, and saves any shareable type without an authorization request.
    /// Its source is ``HKSource/healthApp``. The `health` command line uses it; apps should not.
    ///
    /// - Parameters:
    ///   - storage: the person's store.
    ///   - app: the source stamped on what it saves.
    public static func owner(storage: any HealthStorage, app: HKSource = .healthApp) -> HKHealthStore {
        HKHealthStore(opened: .success(storage), app: app, environment: ProcessInfo.processInfo.environment, isOwner: true)
    }

    /// The person's own access to the SQLite store at `databasePath` (the default store when nil);
    /// throws ``HKError/Code/errorDatabaseInaccessible`` naming the path and the reason (OpenHealthKit extension).
    public static func owner(databasePath: String? = nil, app: HKSource = .healthApp) throws -> HKHealthStore {
        let path = databasePath ?? defaultDatabasePath()
        return owner(storage: try openSQLite(path: path), app: app)
    }

    /// Whether HealthKit is available: always `true` in OpenHealthKit.
    public class func isHealthDataAvailable() -> Bool { true }

    /// Whether the store supports clinical records: always `true` in OpenHealthKit.
    public func supportsHealthRecords() -> Bool { true }

    /// The earliest date a saved sample may end on: 1900-01-01 00:00:00 UTC.
    ///
    /// Saving a sample that ends earlier fails with ``HKError/Code/errorInvalidArgument``.
    public func earliestPermittedSampleDate() -> Date { Self.earliestPermittedDate }

    /// 1900-01-01 00:00:00 UTC.
    static let earliestPermittedDate = Date(timeIntervalSince1970: -2_208_988_800)
}
