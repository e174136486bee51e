import Foundation
import HealthLocking
import HealthProviders
import HealthRecords
import OpenHealthKit

/// Provider connections inside the server, on the `HealthProviders` module: each person's connections live beside
/// their store (`people/ID/health.sqlite.providers/`, as `health providers --database` keeps them, tokens sealed),
/// launches wait here for their redirect, and syncs run into the person's own store. Every call names the person it
/// acts for; nothing reaches another person's connections or launches.
final class ServerProviders: Sendable {
    /// A launch waiting for the provider's redirect: whose it is and how it was planned.
    private struct Launch: Sendable {
        let personID: String
        let institution: String
        let plan: LaunchPlan
        let created: Date
    }

    /// The settings.
    let settings: ProviderSettings
    /// The institutions people choose from.
    let directory: InstitutionDirectory
    /// The endpoint overrides.
    let overrides: EndpointOverrides
    /// The HTTP client for providers.
    let http: HTTPTransport
    private let flow: AuthorizationFlow
    /// How long a launch waits for its redirect (the flow's own limit too).
    private static let launchLifetime: TimeInterval = 600
    private let stores: PersonStores
    private let launches = Locked<[String: Launch]>([:])
    private let syncing = Locked<Set<String>>([])
    /// What each connection's last sync since the server started did, in words, by person and connection.
    private let outcomes = Locked<[String: String]>([:])

    /// Reads the directory bundles and the overrides file the settings name (a file that cannot be used stops the
    /// server at start, naming it).
    init(settings: ProviderSettings, stores: PersonStores) throws {
        self.settings = settings
        self.stores = stores
        do {
            var directory = InstitutionDirectory()
            for file in settings.directoryFiles { try directory.add(contentsOf: URL(fileURLWithPath: file)) }
            self.directory = directory
            overrides = try settings.overridesFile.map { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw DirectoryError(path, "cannot read the overrides file") }
                return try EndpointOverrides.read(data, input: path)
            } ?? EndpointOverrides()
        } catch let error as DirectoryError {
            throw ServerSettingsError("provider settings: \(error.description)")
        }
        let http = HTTPTransport()
        self.http = http
        flow = AuthorizationFlow(http: http, lifetime: Self.launchLifetime)
    }

    /// Whether people can connect (a client id is configured).
    var canConnect: Bool { settings.clientID != nil }

    /// The person's connections, oldest first (none when they never connected; nothing is created).
    func connections(of personID: String) throws -> [ProviderConnection] {
        guard FileManager.default.fileExists(atPath: folder(of: personID)) else { return [] }
        return try store(of: personID).all()
    }

    /// The person's connection `id`; 404 when they have none such (another person's id included).
    func connection(_ id: String, of personID: String) throws -> ProviderConnection {
        guard Self.isConnectionID(id), let found = try connections(of: personID).first(where: { $0.id == id }) else {
            throw ServerError.notFound("you have no such provider connection")
        }
        return found
    }

    /// Starts a launch for the person at `fhirBase` (named `institution`); the redirect comes back to `redirectURI`.
    /// Returns the provider's authorization URL.
    func begin(personID: String, fhirBase: URL, institution: String, redirectURI: URL) async throws -> URL {
        guard let clientID = settings.clientID else { throw ServerError.forbidden("this server is not registered with any provider") }
        let client: LaunchPlan.Client = settings.clientSecret.map { .secret(clientID: clientID, secret: $0) }
            ?? (settings.privateKeyJWT ? .privateKeyJWT(clientID: clientID) : .publicClient(clientID: clientID))
        let plan = try await LaunchPlan.prepare(fhirBase: fhirBase, override: overrides.override(for: fhirBase), client: client,
                                                connections: store(of: personID), http: http)
        let pending = try await plan.begin(flow, redirectURI: redirectURI)
        guard let state = Self.state(in: pending.url) else { throw ProviderError(.authorization, "the launch has no state") }
        launches.withLock { table in
            table = table.filter { Date().timeIntervalSince($0.value.created) <= Self.launchLifetime }
            table[state] = Launch(personID: personID, institution: institution, plan: plan, created: Date())
        }
        return pending.url
    }

    /// Completes the person's launch from the provider's redirect (`redirect`: the callback URL with its query): the
    /// state must be one this server issued **to this person** and not yet used — it is spent whatever happens, so a
    /// state taken to another person's browser is refused and then works for nobody. Saves the connection.
    func complete(personID: String, redirect: URL) async throws -> ProviderConnection {
        guard let state = Self.state(in: redirect), let launch = launches.withLock({ $0.removeValue(forKey: state) }) else {
            throw ServerError.badRequest("state: this sign-in is unknown, already used or expired; connect again")
        }
        guard launch.personID == personID else {
            throw ServerError.forbidden("state: this sign-in was started by someone else; connect again from your own page")
        }
        let grant = try await flow.complete(redirect: redirect)
        return try launch.plan.save(grant, institution: launch.institution, in: store(of: personID))
    }

    /// Syncs the person's connection `id` into their store (a full check when `full`; by default as the module
    /// decides); nil when a sync of it is already running. Reports to ``ProviderSettings/onSync``.
    func sync(_ id: String, of personID: String, into health: HKHealthStore, full: Bool? = nil) async throws -> SyncReport? {
        let key = personID + "/" + id
        guard syncing.withLock({ $0.insert(key).inserted }) else { return nil }
        defer { syncing.withLock { _ = $0.remove(key) } }
        let report: SyncReport
        do {
            report = try await ProviderSync(connections: store(of: personID), http: http, health: health).sync(id, full: full)
        } catch {
            let words = (error as? ProviderError)?.description ?? error.localizedDescription
            outcomes.withLock { $0[key] = "The sync failed: \(words)" }
            settings.onSync?(personID, id, false)
            throw error
        }
        outcomes.withLock { $0[key] = Self.summary(report) }
        settings.onSync?(personID, id, report.isComplete)
        return report
    }

    /// Whether the person's connection `id` is syncing now.
    func isSyncing(_ id: String, of personID: String) -> Bool {
        syncing.withLock { $0.contains(personID + "/" + id) }
    }

    /// What the last sync of the person's connection `id` since the server started did, in words; nil when none ran.
    func lastOutcome(_ id: String, of personID: String) -> String? {
        outcomes.withLock { $0[personID + "/" + id] }
    }

    /// A sync's report in words: the records added, updated and removed, and the first problems of an incomplete one.
    static func summary(_ report: SyncReport) -> String {
        let (added, replaced, _) = report.outcome
        let removed = report.types.reduce(0) { $0 + $1.removed }
        let summary = "Synced: \(added) records added, \(replaced) updated, \(removed) removed."
        return summary + (report.isComplete ? "" : " Some records could not be downloaded: " + report.problems.prefix(3).joined(separator: "; "))
    }

    /// Removes the person's connection `id`: its tokens revoked at the provider (when it offers revocation) and
    /// forgotten; its records (the connection's own source: one per patient) deleted from `health` unless `keepRecords`. Returns whether the tokens were
    /// revoked and how many records were deleted.
    func remove(_ id: String, of personID: String, from health: HKHealthStore, keepRecords: Bool) async throws -> (revoked: Bool, deleted: Int) {
        let connection = try connection(id, of: personID)
        let revoked = try await store(of: personID).remove(id, http: http)
        guard !keepRecords else { return (revoked, 0) }
        let deleted = try health.removeClinicalRecords(from: connection.source, resourceType: nil)
        return (revoked, deleted)
    }

    /// The Practitioners and Organizations kept with the person's connection whose records have the source
    /// `bundleIdentifier` (for the records page); nil when no connection has it.
    func parties(of personID: String, sourceBundleIdentifier bundleIdentifier: String) -> ReferencedParties? {
        ConnectionStore.parties(database: stores.path(for: personID), sourceBundleIdentifier: bundleIdentifier)
    }

    /// The connections folder of the person's store.
    private func folder(of personID: String) -> String { stores.path(for: personID) + ".providers" }

    /// The person's connection store (its folder and key made on first use).
    private func store(of personID: String) throws -> ConnectionStore {
        try ConnectionStore(database: URL(fileURLWithPath: stores.path(for: personID)))
    }

    /// A launch's `state` in a URL's query.
    private static func state(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value
    }

    /// Whether `id` has a connection id's shape (a UUID string), so it can never name a path.
    private static func isConnectionID(_ id: String) -> Bool { UUID(uuidString: id) != nil }
}
