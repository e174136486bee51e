import Foundation
import HealthDatabase
import HealthDatabasePostgres
import HealthKitModel
import Logging
import OpenHealthKit
import HealthLocking

/// What every route shares: the configuration, the account directory and the people's stores.
final class ServerServices: Sendable {
    /// How the server runs.
    let configuration: ServerConfiguration
    /// Accounts, apps, tokens, codes.
    let directory: ServerDirectory
    /// People's stores.
    let stores: PersonStores
    /// Failed sign-ins, for rate limiting.
    let signInLimiter = AttemptLimiter(limit: 5, window: 60)
    /// Requests per credential.
    let requestLimiter: RequestRateLimiter
    /// The server's log (no health data, no tokens).
    let logger: Logger
    /// People's provider connections (docs/Server.md, "Provider connections").
    let providers: ServerProviders
    /// Provider syncs outside requests: the background refresh and "sync now" (started and stopped with the server).
    let refresher: ProviderRefresher
    /// Background jobs, per person: Apple Health export imports (`DIR/imports`) and exports (`DIR/exports`).
    let jobs: JobRegistry

    /// Opens the directory in the data folder (creating the folder).
    init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        requestLimiter = RequestRateLimiter(rate: configuration.requestsPerSecond, burst: configuration.requestBurst)
        try FileManager.default.createDirectory(at: configuration.dataFolder, withIntermediateDirectories: true)
        directory = try ServerDirectory(path: configuration.dataFolder.appendingPathComponent("server.sqlite").path)
        let postgres = try configuration.postgres.map { try PostgresHealthDatabase.shared(url: $0) }
        let stores = PersonStores(folder: configuration.dataFolder.appendingPathComponent("people"), postgres: postgres,
                                  idleSeconds: configuration.storeIdleSeconds, capacity: configuration.maxOpenStores)
        self.stores = stores
        let providers = try ServerProviders(settings: configuration.providers, stores: stores)
        self.providers = providers
        refresher = ProviderRefresher(directory: directory, providers: providers, stores: stores, logger: logger)
        jobs = JobRegistry(dataFolder: configuration.dataFolder, retention: configuration.jobRetention, now: configuration.jobClock ?? { Date() })
    }

    /// The HealthKit store `grant` acts through: the person's own access for personal tokens and sessions, the app's
    /// for app tokens (its grants decide, as on a device); for guests the same in HealthKit's Guest User mode, which
    /// reads and never writes. Kept with the person's open store (``PersonStores``), so a request reuses it.
    func store(for grant: TokenGrant) throws -> HKHealthStore {
        let view = try Self.view(of: grant)
        return try stores.store(for: grant.personID, view: view) { storage in
            guard let clientID = view.clientID else {
                return HKHealthStore.owner(storage: storage, environment: Self.environment(guest: view.guest))
            }
            guard let app = try directory.app(clientID: clientID) else {
                throw ServerError.unauthorized("the app this token was issued to is no longer registered")
            }
            return try appStore(app, storage: storage, guest: view.guest)
        }
    }

    /// The store `grant` acts through when it is open and cached already (no I/O); nil otherwise.
    func cachedStore(for grant: TokenGrant) -> HKHealthStore? {
        guard let view = try? Self.view(of: grant) else { return nil }
        return stores.cachedStore(for: grant.personID, view: view)
    }

    /// Who `grant`'s store acts for.
    private static func view(of grant: TokenGrant) throws -> PersonStores.View {
        switch grant.kind {
        case .personal, .session, .guest:
            return PersonStores.View(clientID: nil, guest: grant.isGuest)
        case .app, .guestApp:
            guard let clientID = grant.clientID else {
                throw ServerError.unauthorized("the app this token was issued to is no longer registered")
            }
            return PersonStores.View(clientID: clientID, guest: grant.isGuest)
        case .guestPass:
            throw ServerError.unauthorized("a guest link opens a guest session in the browser; it is not an access token")
        }
    }

    /// The store as `app` sees it, with its declared required clinical types; in Guest User mode when a guest acts.
    func appStore(_ app: RegisteredApp, storage: any HealthStorage, guest: Bool = false) throws -> HKHealthStore {
        let store = HKHealthStore(storage: storage, app: HKSource(name: app.name, bundleIdentifier: app.clientID),
                                  environment: Self.environment(guest: guest))
        let required = Set(app.requiredReadTypes.compactMap { HKObjectType.type(named: $0) })
        if !required.isEmpty { try store.checkedSetRequiredReadAuthorizationTypes(required) }
        return store
    }

    /// The environment the server's stores read their policies from: never a terminal prompt (the permission sheet is
    /// a page), and Guest User mode for guests.
    static func environment(guest: Bool) -> [String: String] {
        var environment = [AuthorizationPolicy.environmentVariable: AuthorizationPolicy.deny.rawValue]
        if guest { environment[HKHealthStore.guestUserEnvironmentVariable] = "1" }
        return environment
    }
}

/// Counts failed attempts per key in a sliding window: after `limit` failures within `window` seconds, the key is
/// refused until the oldest failure leaves the window.
final class AttemptLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let failures = Locked<[String: [Date]]>([:])

    /// A limiter allowing `limit` failures per `window` seconds.
    init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Whether `key` may try now.
    func allows(_ key: String, now: Date = Date()) -> Bool {
        failures.withLock { table in
            table[key] = table[key]?.filter { now.timeIntervalSince($0) < window }
            return (table[key]?.count ?? 0) < limit
        }
    }

    /// Records a failure of `key`.
    func fail(_ key: String, now: Date = Date()) {
        failures.withLock { $0[key, default: []].append(now) }
    }

    /// Forgets `key`'s failures (after a success).
    func reset(_ key: String) {
        failures.withLock { $0[key] = nil }
    }
}
