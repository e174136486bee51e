import Foundation
@testable import HealthServer
import TestSupport
import Testing

// What the provider tests add to the harness: a server registered as a client of the loopback rig's authorization
// server (its callback on the harness's own port), with a directory naming the rig's FHIR server, and the browser's
// part of a launch played over real HTTP.
extension ServerHarness {
    static let rigSkip = Comment(rawValue: ProviderRig.missingMessage)

    /// A server whose providers are the rig: `overrides.json` points discovery at the rig's AS, `directory.json` names
    /// its FHIR server "Rig General Hospital" (Springfield); a fresh public client with this server's callback is
    /// registered at the AS. `lanes` are fault lanes of the AS's proxy (``ProviderRig/proxy(lane:)``) whose FHIR bases
    /// discover the rig's AS too (connect to them by `url`). `change` adjusts the configuration further.
    static func withRig(_ rig: ProviderRig, lanes: [String] = [],
                        change: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }) async throws -> ServerHarness {
        let files = TemporaryFiles.folder.appendingPathComponent("ohk-provider-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let bases = [rig.fhirBase] + lanes.compactMap { rig.proxy(lane: $0) }
        let overrides = ["endpoints": bases.map { ["address": $0.absoluteString, "discoveryURL": rig.discovery.absoluteString] }]
        try JSONSerialization.data(withJSONObject: overrides).write(to: files.appendingPathComponent("overrides.json"))
        let directory: [String: Any] = ["resourceType": "Bundle", "type": "collection", "entry": [
            ["fullUrl": "https://directory.example/Organization/rig", "resource": [
                "resourceType": "Organization", "id": "rig", "name": "Rig General Hospital",
                "address": [["city": "Springfield", "state": "MA", "country": "US"]],
                "endpoint": [["reference": "Endpoint/rig-r4"]]]],
            ["fullUrl": "https://directory.example/Endpoint/rig-r4", "resource": [
                "resourceType": "Endpoint", "id": "rig-r4", "status": "active", "address": rig.fhirBase.absoluteString]],
        ]]
        try JSONSerialization.data(withJSONObject: directory).write(to: files.appendingPathComponent("directory.json"))
        let clientID = "ohk-server-\(UUID().uuidString.prefix(8))"
        let harness = try await ServerHarness { configuration in
            configuration.providers.clientID = clientID
            configuration.providers.overridesFile = files.appendingPathComponent("overrides.json").path
            configuration.providers.directoryFiles = [files.appendingPathComponent("directory.json").path]
            change(&configuration)
        }
        // Only the client is added: the AS's consent and token lifetime belong to whichever rig suite runs meanwhile.
        try await rig.configure(["clients": [clientID: ["redirect_uris": [harness.base + "/providers/callback"]]]])
        return harness
    }

    /// The person's CSRF token, from their providers page.
    func providersCSRF(_ cookie: String) async throws -> String {
        try #require(Self.csrf(in: try await send("GET", "/providers", cookie: cookie).text))
    }

    /// The browser's part of a launch: the connect form posted (`fields`: `endpoint` or `url`), the 303 to the
    /// provider followed to its authorization server, whose instant approval redirects back; returns that callback
    /// URL (not yet opened).
    func startLaunch(_ cookie: String, _ fields: [(String, String)]) async throws -> String {
        let started = try await send("POST", "/providers/connect", cookie: cookie, form: [("csrf", try await providersCSRF(cookie))] + fields)
        #expect(started.status == 303, "\(started.text)")
        let authorize = try #require(started.header("Location"))
        let approved = try await send("GET", authorize)
        #expect(approved.status == 302, "\(approved.text)")
        let callback = try #require(approved.header("Location"))
        #expect(callback.hasPrefix(base + "/providers/callback?"))
        return callback
    }

    /// A whole connection made by `cookie`'s person from the directory: returns the page the callback showed and,
    /// once the first sync (started in the background) has ended, the providers page.
    @discardableResult
    func connectRig(_ cookie: String, rig: ProviderRig) async throws -> (connected: Reply, synced: Reply) {
        let callback = try await startLaunch(cookie, [("endpoint", rig.fhirBase.absoluteString)])
        let connected = try await send("GET", callback, cookie: cookie)
        return (connected, try await providersAfterSync(cookie))
    }

    /// A new person `name`, signed in, with one connection to the rig made and its first sync ended: their session
    /// cookie and the connection's id.
    func personConnected(_ name: String, rig: ProviderRig) async throws -> (cookie: String, connection: String) {
        _ = try await person(name)
        let cookie = try await signIn(name)
        try await connectRig(cookie, rig: rig)
        return (cookie, try #require(try await connectionIDs(cookie).first))
    }

    /// The person's providers page once no sync is running (it stops refreshing itself).
    func providersAfterSync(_ cookie: String) async throws -> Reply {
        var page = try await send("GET", "/providers", cookie: cookie)
        for _ in 0..<600 where page.header("Refresh") != nil {
            #expect(page.text.contains("Syncing…"))
            try await Task.sleep(for: .milliseconds(100))
            page = try await send("GET", "/providers", cookie: cookie)
        }
        #expect(page.header("Refresh") == nil, "the sync ended within a minute")
        return page
    }

    /// The connection ids listed on the person's providers page.
    func connectionIDs(_ cookie: String) async throws -> [String] {
        Self.firstMatch(#"data-connection="([0-9a-f-]{36})""#, in: try await send("GET", "/providers", cookie: cookie).text)
    }
}
