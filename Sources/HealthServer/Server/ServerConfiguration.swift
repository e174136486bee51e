public import Foundation
public import SmartHealthCards

/// How `health serve` runs: where its data lives, where it listens, and its limits.
public struct ServerConfiguration: Sendable {
    /// The data folder: `server.sqlite` (accounts, apps, tokens) and `people/ID/health.sqlite` (each person's store).
    public var dataFolder: URL
    /// A PostgreSQL URL (`postgres://user@host:port/db`): every person's store lives in that database (one owner each)
    /// instead of a SQLite file under the data folder; accounts stay in `server.sqlite`.
    public var postgres: String?
    /// The address to listen on (loopback by default).
    public var host: String
    /// The port (0 picks a free one).
    public var port: Int
    /// The largest request body the JSON API accepts, in bytes.
    public var maxBodyBytes: Int
    /// The most samples one save may carry.
    public var maxBatchSamples: Int
    /// How long a person's store stays open after its last use, in seconds.
    public var storeIdleSeconds: TimeInterval
    /// The most people's stores open at once; the least recently used beyond it are closed.
    public var maxOpenStores: Int
    /// How often the access log's counts are written to `server.sqlite`, in seconds (they are also written at
    /// shutdown and before a log is read).
    public var accessLogFlushSeconds: TimeInterval
    /// Requests a second each credential may make after its burst (``requestBurst``); beyond it, 429.
    public var requestsPerSecond: Double
    /// Requests a credential may make at once.
    public var requestBurst: Int
    /// The log level, a swift-log level name (`info`; `critical` keeps tests quiet).
    public var logLevel: String
    /// The bcrypt cost of password hashes (12; tests lower it).
    public var bcryptCost: UInt8
    /// Whether people reach the server over HTTPS through a TLS-terminating proxy: session cookies are then
    /// `Secure`. The server itself speaks plain HTTP unless ``tls`` is set.
    public var behindHTTPS: Bool
    /// The PEM certificate chain and private key files the server itself speaks TLS with (HTTPS on ``port``); nil
    /// for plain HTTP.
    public var tls: (certificateChain: String, privateKey: String)?
    /// Whether people reach the server over HTTPS (its own TLS, or a proxy's): session cookies are then `Secure`.
    public var usesTLS: Bool { behindHTTPS || tls != nil }
    /// Provider connections (SMART on FHIR) from the dashboard and their background refresh.
    public var providers = ProviderSettings()
    /// The largest Apple Health export `POST /v1/imports` (and the dashboard's import page) accepts, in bytes: the
    /// upload is streamed to a file under the data folder, never held in memory, and refused (413) beyond this.
    public var maxUploadBytes: Int64 = 4 << 30
    /// Seconds a finished import or export job (its report, its file) is kept after it ended: 24 hours.
    public var jobLifetime: TimeInterval = 86_400
    /// Finished jobs of each kind (imports, exports) kept per person; the oldest beyond it go first.
    public var jobsKeptPerPerson = 20
    /// The clock jobs' lifetimes run on (tests move it by hand); nil: the system's.
    package var jobClock: (@Sendable () -> Date)?
    /// How long finished jobs are kept, as the registry takes it.
    var jobRetention: JobRegistry.Retention { JobRegistry.Retention(lifetime: jobLifetime, keptPerPerson: jobsKeptPerPerson) }
    /// The SMART Health Card issuers whose cards `POST /v1/health-cards/verify` and `import` accept: their keys and
    /// revocation lists (`health serve --card-keys`, `--card-directory`). Empty, no card verifies.
    public var cardTrust = TrustStore()

    /// A configuration with the defaults: loopback port 8080, 16 MiB bodies, 10,000 samples a save, stores closed
    /// after 5 idle minutes, at most 256 open, the access log written every second, 200 requests a second per
    /// credential (bursts of 400).
    public init(dataFolder: URL, host: String = "127.0.0.1", port: Int = 8080) {
        self.dataFolder = dataFolder
        self.host = host
        self.port = port
        maxBodyBytes = 16 << 20
        maxBatchSamples = 10_000
        storeIdleSeconds = 300
        maxOpenStores = 256
        accessLogFlushSeconds = 1
        bcryptCost = 12
        logLevel = "info"
        requestsPerSecond = 200
        requestBurst = 400
        behindHTTPS = false
    }
}

/// A setting the server cannot start with (a provider directory or overrides file it cannot read), naming the
/// setting, the file and the problem.
public struct ServerSettingsError: LocalizedError, Sendable {
    /// What is wrong, and where.
    public let message: String

    /// Creates the error.
    public init(_ message: String) { self.message = message }

    /// See ``message``.
    public var errorDescription: String? { message }
}
