public import Foundation
public import HealthDatabase
import HealthLocking

/// What an ``HKHealthStore`` is, apart from its HealthKit methods: the opened database (or why it could not be
/// opened), the app it acts for, the environment its policies come from, and its authorization state.
///
/// Immutable after creation except for ``authorizationSettings`` (behind its lock); shared by the store's methods
/// on every thread.
final class StoreCore: @unchecked Sendable {
    /// The storage engine, or the error that kept the default store from opening.
    let opened: Result<any HealthStorage, HKError>
    /// The app the store acts for.
    let app: HKSource
    /// The revision stamped on every object the store saves.
    let appRevision: HKSourceRevision
    /// The environment the store reads its policies from (authorization, required read types).
    let environment: [String: String]
    /// Whether the store is the person's own access (``HKHealthStore/owner(databasePath:app:)``); set only by
    /// ``becomeOwner()`` before the store is handed out.
    private(set) var isOwner: Bool
    /// The authorization policy and required read types, read from ``environment`` and replaceable by tests.
    let authorizationSettings: Locked<AuthorizationSettings>
    /// Serializes authorization requests, so that one prompt at a time asks about a type.
    // A bare lock, not `Locked`: it guards no value but a whole request, held across the prompt and the grants' I/O.
    let authorizationLock = NSLock()
    /// The store's query center, made on first use (``queryCenter(storage:)``).
    private let center = Locked<QueryCenter?>(nil)

    init(opened: Result<any HealthStorage, HKError>, app: HKSource, environment: [String: String], isOwner: Bool) {
        self.opened = opened
        self.app = app
        self.environment = environment
        self.isOwner = isOwner
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String
        self.appRevision = HKSourceRevision(
            source: app, version: version, productType: nil,
            operatingSystemVersion: ProcessInfo.processInfo.operatingSystemVersion)
        self.authorizationSettings = Locked(AuthorizationSettings(environment: environment))
    }

    /// The store's query center over `storage` (its opened database), made on first use.
    func queryCenter(storage: any HealthStorage) -> QueryCenter {
        center.withLock { center in
            if let center { return center }
            let made = QueryCenter(storage: storage)
            center = made
            return made
        }
    }

    /// Makes the store the person's own access. Called once, by ``HKHealthStore/owner(storage:app:)``, on a store no
    /// other thread has seen yet.
    func becomeOwner() {
        isOwner = true
    }
}

// The store's parts, for the package's own code (none of them is HealthKit API, so none is public: a test double's
// own members of the same name must not clash with them).
extension HKHealthStore {
    /// The app this store acts for: the source stamped on saved objects and the subject of authorization
    /// (package access).
    package var app: HKSource { core.app }

    /// The revision stamped on every object this store saves: ``app`` with the running program's
    /// `CFBundleVersion` (if any) and operating-system version (package access).
    package var appRevision: HKSourceRevision { core.appRevision }

    /// The environment the store reads its policies from (authorization, required read types).
    var environment: [String: String] { core.environment }

    /// Whether this store is the person's own access (``owner(databasePath:app:)``): it reads every sample and
    /// may save any shareable type without asking, as the Health app does (package access).
    package var isOwner: Bool { core.isOwner }

    /// The authorization policy and required read types.
    var authorizationSettings: Locked<AuthorizationSettings> { core.authorizationSettings }

    /// Serializes authorization requests.
    var authorizationLock: NSLock { core.authorizationLock }

    /// The storage engine, or the error that kept the default store from opening (package access).
    ///
    /// Throws ``HKError/Code/errorDatabaseInaccessible`` when `HKHealthStore()` could not open its database.
    package func storage() throws(HKError) -> any HealthStorage {
        try core.opened.get()
    }

    /// The person's own access to their store, as the Health app has (OpenHealthKit extension): it reads
    /// every sample whoever saved it, and saves any shareable type without an authorization request.
    /// Its source is ``HKSource/healthApp``. The `health` command line uses it; apps should not.
    ///
    /// - Parameters:
    ///   - storage: the person's store.
    ///   - app: the source stamped on what it saves.
    ///   - environment: where the store's policies are read from; with `OPENHEALTHKIT_GUEST_USER=1` it is a guest's
    ///     read-only view (``isGuestUserSession``).
    public static func owner(storage: any HealthStorage, app: HKSource = .healthApp,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> HKHealthStore {
        let store = HKHealthStore(storage: storage, app: app, environment: environment)
        store.core.becomeOwner()
        return store
    }

    /// 1900-01-01 00:00:00 UTC: the earliest date a saved sample may end on.
    static let earliestPermittedDate = Date(timeIntervalSince1970: -2_208_988_800)
}
