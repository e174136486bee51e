import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import TestSupport

typealias Rig = ProviderRig

/// The rig seen from HealthProviders' tests: stores, the AS's knobs, a whole launch, writes at the source.
extension ProviderRig {
    static let skipComment = Comment(rawValue: missingMessage)

    /// A database path and a connection store in a fresh temporary folder.
    static func stores() throws -> (health: HKHealthStore, connections: ConnectionStore, folder: URL) {
        let folder = TemporaryFiles.folder.appendingPathComponent("providers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("health.sqlite")
        return (try HKHealthStore.owner(databasePath: database.path), try ConnectionStore(database: database), folder)
    }

    /// The AS back to its defaults: everything consented, one hour tokens.
    func reset() async throws { try await configure(["consent": "", "ttl": 3600]) }

    /// Registers a public client of the test's own with per-client knobs (`patient`, `idToken`); its id.
    func client(_ knobs: [String: Any]) async throws -> String {
        let id = "client-\(UUID().uuidString)"
        try await configure(["clients": [id: knobs.merging(["redirect_uris": [redirectURI.absoluteString]]) { $1 }]])
        return id
    }

    /// The override that points discovery at the test AS (sekmet advertises its own client-credentials-only AS).
    var override: EndpointOverride { override(for: fhirBase) }

    /// The discovery override for `base` (the FHIR server, or the same through the test AS's fault-injecting proxy).
    func override(for base: URL) -> EndpointOverride {
        var override = EndpointOverride(address: base)
        override.discoveryURL = discovery
        return override
    }

    /// A whole standalone launch: discovery, the authorization URL, the AS's instant approval (its 302 read instead
    /// of a browser), the redirect checked and the code exchanged; the connection saved.
    func connect(_ client: ClientAuthentication, connections: ConnectionStore, http: HTTPTransport,
                 types: [String] = ProviderSync.resourceTypes + ProviderSync.referencedTypes, base: URL? = nil) async throws -> ProviderConnection {
        let fhirBase = base ?? self.fhirBase
        let configuration = try await SMARTDiscovery(http: http).discover(fhirBase: fhirBase, override: override(for: fhirBase))
        let flow = AuthorizationFlow(http: http)
        let pending = try await flow.begin(fhirBase: fhirBase, configuration: configuration, client: client,
                                           scopes: .request(resourceTypes: types, v2: configuration.acceptsV2Scopes), redirectURI: redirectURI)
        let redirect = try await approve(pending.url, http: http)
        let grant = try await flow.complete(redirect: redirect)
        return try connections.save(grant: grant, institution: "Rig General Hospital")
    }

    /// Opens the authorization URL as a browser would and returns where the AS redirects to.
    func approve(_ url: URL, http: HTTPTransport) async throws -> URL {
        let answer = try await http.send(URLRequest(url: url), step: .authorization)
        guard answer.status == 302, let location = answer.header("Location"), let redirect = URL(string: location) else {
            throw ProviderError(.authorization, "the AS answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
        return redirect
    }

    /// Clinical-record counts expected from the seeded Synthea bundle, per resource type, read from the file itself.
    func seededCounts() throws -> [String: Int] {
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: seedFile))) as? [String: Any]
        var counts: [String: Int] = [:]
        for entry in bundle?["entry"] as? [[String: Any]] ?? [] {
            if let type = (entry["resource"] as? [String: Any])?["resourceType"] as? String, ProviderSync.resourceTypes.contains(type) {
                counts[type, default: 0] += 1
            }
        }
        return counts
    }
}
