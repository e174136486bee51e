import ArgumentParser
import Foundation
import HealthProviders
import OpenHealthKit

/// `health providers connect BASE_URL|NAME`: a SMART standalone patient launch, then a first sync.
struct ProvidersConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Connect to a provider's FHIR server (SMART standalone launch) and download the records once.",
        discussion: """
            Prints "Open this URL to sign in: URL" on its own line, opens a browser when there is one, and waits for \
            the redirect on http://127.0.0.1:PORT/callback. With --no-browser, paste the address the browser ends up \
            on (the redirect URL) on standard input instead. Then syncs once and prints the connection's id last.
            Examples:
              health providers connect https://fhir.example.org/r4 --client-id my-app
              health providers connect "Lakeside Health" --directory epic-r4.json --client-id my-app --private-key-jwt
              health providers connect --sample r4      (a built-in sample institution: r4 or dstu2; no network)
            """
    )

    @OptionGroup var options: ProviderOptions

    @Argument(help: "The FHIR base URL, or an institution's name found with --directory.")
    var target: String?

    @Option(name: .customLong("client-id"), help: "The app's client id registered with the provider.")
    var clientID: String?

    @Option(help: "Connect to a built-in sample institution instead: r4 or dstu2 (synthetic patients; no network).")
    var sample: String?

    @Option(name: .customLong("client-secret"), help: "A confidential client's secret (client_secret_basic).")
    var clientSecret: String?

    @Flag(name: .customLong("private-key-jwt"), help: "Authenticate with the product's own key (see `health providers jwks`).")
    var privateKeyJWT = false

    @Option(help: "Scopes to ask for instead of the planned ones (space-separated).")
    var scope: String?

    @Option(name: .customLong("redirect-port"), help: "The loopback port of the redirect URI (default 18099; 0 = any).")
    var redirectPort: Int = 18099

    @Flag(name: .customLong("no-browser"), help: "Do not open a browser; read the redirect URL from standard input.")
    var noBrowser = false

    @Option(help: "An endpoint overrides file (JSON).")
    var overrides: String?

    @Option(help: "A directory bundle to find NAME in.")
    var directory: [String] = []

    @Option(help: "The institution's name as shown (default: from the directory, else the server's host).")
    var institution: String?

    func run() async throws {
        guard clientSecret == nil || !privateKeyJWT else { throw badInput("--client-secret and --private-key-jwt exclude each other") }
        if let sample { return try await connectSample(sample) }
        guard let target else { throw badInput("give a FHIR base URL or an institution's name, or --sample NAME") }
        guard let clientID else { throw badInput("give --client-id (the app's client id registered with the provider)") }
        let connections = try options.connections()
        let (base, name) = try resolveTarget(target)
        let override = try overrides.map { path in
            try providerCall { try EndpointOverrides.read(Data(contentsOf: URL(fileURLWithPath: path)), input: path) }.override(for: base)
        } ?? nil
        let http = HTTPTransport()
        let plan = try await providerCall {
            let client: LaunchPlan.Client = clientSecret.map { .secret(clientID: clientID, secret: $0) }
                ?? (privateKeyJWT ? .privateKeyJWT(clientID: clientID) : .publicClient(clientID: clientID))
            return try await LaunchPlan.prepare(fhirBase: base, override: override, client: client, scope: scope,
                                                connections: connections, http: http)
        }
        let grant = try await providerCall {
            let listener = noBrowser ? nil : try LoopbackRedirectListener(port: redirectPort)
            let redirectURI = listener?.redirectURI ?? URL(string: "http://127.0.0.1:\(redirectPort)/callback")!
            let flow = AuthorizationFlow(http: http)
            let pending = try await plan.begin(flow, redirectURI: redirectURI)
            Console.write("Open this URL to sign in: \(pending.url.absoluteString)\n")
            let redirect: URL
            if let listener {
                Self.openBrowser(pending.url)
                redirect = try await Task.detached { try listener.waitForRedirect() }.value
            } else {
                Console.write("Paste the address your browser was sent to after signing in:\n")
                guard let line = readLine(), let url = URL(string: line.trimmingCharacters(in: .whitespaces)) else {
                    throw ProviderError(.authorization, "no redirect URL on standard input")
                }
                redirect = url
            }
            return try await flow.complete(redirect: redirect)
        }
        let refused = grant.requested.refused(by: grant.granted)
        if !refused.isEmpty { Console.write("not granted: \(refused.joined(separator: " "))\n") }
        if !grant.granted.offlineAccess { Console.write("no offline_access: records cannot be refreshed without signing in again\n") }
        let connection = try providerCall { try plan.save(grant, institution: institution ?? name, in: connections) }
        try await firstSync(connection, connections: connections)
    }

    /// `--sample NAME`: a launch against the built-in sample institution, then the first sync.
    func connectSample(_ name: String) async throws {
        guard target == nil, clientID == nil, clientSecret == nil, !privateKeyJWT, overrides == nil, directory.isEmpty else {
            throw badInput("--sample takes no URL, client or directory options")
        }
        guard let sample = SampleInstitution.named(name) else {
            throw badInput("no sample institution \"\(name)\"; the samples are " + SampleInstitution.all.map(\.name).joined(separator: ", "))
        }
        let connections = try options.connections()
        let connection = try await providerCall { try await sample.connect(connections: connections, http: HTTPTransport()) }
        Console.write("sample institution: \(sample.institution) (FHIR \(sample.release.rawValue.uppercased()), patient \(sample.patientID))\n")
        try await firstSync(connection, connections: connections)
    }

    /// Syncs a new connection once and prints its id last; exit status 1 when the sync is partial.
    func firstSync(_ connection: ProviderConnection, connections: ConnectionStore) async throws {
        let complete = try await ProvidersSyncCommand.sync(connection.id, connections: connections, health: options.store.openForWriting(), full: nil)
        Console.write(connection.id + "\n")
        if !complete { throw HealthExitStatus.failure }
    }

    /// The FHIR base and the institution's name: a URL as given, or the one institution the directory finds.
    func resolveTarget(_ target: String) throws -> (URL, String) {
        if let url = URL(string: target), url.scheme == "https" || url.scheme == "http", let host = url.host {
            return (url, host)
        }
        guard !directory.isEmpty else { throw badInput("\"\(target)\" is not an http(s) URL; give --directory to find it by name") }
        var found = InstitutionDirectory()
        for file in directory { try providerCall { try found.add(contentsOf: URL(fileURLWithPath: file)) } }
        let matches = found.search(target)
        guard matches.count == 1, let match = matches.first, let endpoint = match.endpoints.first else {
            throw badInput("\"\(target)\" matches \(matches.count) institutions: " + matches.prefix(5).map(\.name).joined(separator: "; "))
        }
        return (endpoint.address, match.name)
    }

    /// Opens `url` with xdg-open (or open) when a graphical session exists; silently does nothing otherwise.
    static func openBrowser(_ url: URL) {
        let environment = ProcessInfo.processInfo.environment
        #if os(Linux)
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
        let opener = "/usr/bin/xdg-open"
        #else
        let opener = "/usr/bin/open"
        #endif
        guard FileManager.default.isExecutableFile(atPath: opener) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url.absoluteString]
        try? process.run()
    }
}
