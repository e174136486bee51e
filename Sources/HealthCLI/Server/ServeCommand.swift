import ArgumentParser
import Foundation
import HealthServer
import OpenHealthKit
import SmartHealthCards

/// Where the server's data lives, for every server command.
struct ServerDataOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's data folder: accounts, apps and one store per person "
        + "(default: $OPENHEALTHKIT_SERVER_DATA, else a 'server' folder beside the default health database).", valueName: "dir"))
    var data: String?

    /// The data folder.
    var folder: URL {
        if let data { return URL(fileURLWithPath: data) }
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["OPENHEALTHKIT_SERVER_DATA"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        let database = URL(fileURLWithPath: HKHealthStore.defaultDatabasePath(environment: environment))
        return database.deletingLastPathComponent().appendingPathComponent("server")
    }

    /// The server over the data folder (opening or creating it), configured by `change`.
    func server(_ change: (inout ServerConfiguration) -> Void = { _ in }) throws -> HealthServer {
        var configuration = ServerConfiguration(dataFolder: folder)
        change(&configuration)
        do {
            return try HealthServer(configuration: configuration)
        } catch let error as ServerSettingsError {
            // A setting the server refused (a provider directory or overrides file), named by the error itself.
            Console.error("cannot start the server: \(error.localizedDescription)")
            throw HealthExitStatus.failure
        } catch {
            Console.error("cannot open the server's data folder \(folder.path): \(error.localizedDescription)")
            throw HealthExitStatus.failure
        }
    }
}

/// Runs an administration call; its refusal becomes one line on standard error and exit status 2.
func serverCall<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw badInput(error.localizedDescription) }
}

/// `health serve`: HealthKit over HTTP for many people and apps.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve HealthKit over HTTP: the /v1 API for apps, the permission sheet and sign-in pages.",
        discussion: """
            The first visit to /signup creates the administrator's account; `health users add` makes others, \
            `health apps register` registers apps (OAuth clients), `health tokens create` makes a person's own token. \
            Stops cleanly on Ctrl-C or SIGTERM. Logs carry no health data and no tokens.
            """
    )

    @OptionGroup var data: ServerDataOptions

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Flag(help: "People reach the server over HTTPS through a proxy: session cookies are marked Secure.")
    var behindHTTPS = false

    @Option(help: ArgumentHelp("Speak HTTPS with this PEM certificate chain (needs --tls-key).", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-certificate.", valueName: "file"))
    var tlsKey: String?

    @Option(help: "Requests a second each credential may make (after a burst of twice as many); beyond it, 429.")
    var rateLimit: Double = 200

    @Option(help: "Hours a finished import or export (its report, its file) is kept before it is removed.")
    var jobHours: Double = 24

    @Option(help: "Finished imports, and finished exports, kept per person; the oldest beyond it are removed first.")
    var jobsKept: Int = 20

    @Option(help: ArgumentHelp("Keep every person's store in this PostgreSQL database (postgres://user@host:port/db) "
        + "instead of a SQLite file each (docs/PostgreSQL.md).", valueName: "url"))
    var postgres: String?

    @OptionGroup var providers: ServeProviderOptions
    @Option(help: ArgumentHelp("Trust SMART Health Cards signed with these issuer keys (a JWKS file, or a folder with "
        + ".well-known/jwks.json and .well-known/crl/KID.json) for /v1/health-cards and the Health cards page; repeatable.", valueName: "path"))
    var cardKeys: [String] = []

    @Option(help: ArgumentHelp("Trust the issuers of this directory snapshot (VCI format) for SMART Health Cards.", valueName: "file"))
    var cardDirectory: String?

    func run() async throws {
        let trust = try TrustStore.loading(keys: cardKeys, directory: cardDirectory)
        guard (0...65535).contains(port) else { throw badInput("--port \(port) is not a port number (0 to 65535)") }
        guard rateLimit >= 1, rateLimit.isFinite else { throw badInput("--rate-limit \(rateLimit) must be a finite number of requests a second, at least 1") }
        guard jobHours > 0, jobHours.isFinite else { throw badInput("--job-hours \(jobHours) must be a finite number of hours, more than 0") }
        guard jobsKept >= 1 else { throw badInput("--jobs-kept \(jobsKept) must be at least 1") }
        guard (tlsCertificate == nil) == (tlsKey == nil) else { throw badInput("--tls-certificate and --tls-key go together") }
        let providerSettings = try providers.settings()
        let server = try data.server { configuration in
            configuration.host = host
            configuration.port = port
            configuration.behindHTTPS = behindHTTPS
            configuration.tls = tlsCertificate.flatMap { certificate in tlsKey.map { (certificate, $0) } }
            configuration.postgres = postgres
            configuration.requestsPerSecond = rateLimit
            configuration.requestBurst = Int(min(rateLimit * 2, 1_000_000))
            configuration.jobLifetime = jobHours * 3_600
            configuration.jobsKeptPerPerson = jobsKept
            configuration.providers = providerSettings
            configuration.cardTrust = trust
        }
        do {
            try await server.run { port in
                Console.write("serving \(data.folder.path) on \(tlsCertificate == nil ? "http" : "https")://\(host):\(port) (Ctrl-C stops)\n")
            }
        } catch {
            // What kept the server from starting (a certificate file, a port in use), in one line.
            Console.error((error as? any LocalizedError)?.errorDescription ?? "\(error)")
            throw HealthExitStatus.failure
        }
    }
}

/// `health users`: accounts on the server.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Manage the server's accounts.", subcommands: [UsersAddCommand.self, UsersListCommand.self])
}

/// `health users add NAME`: the password comes from standard input (one line).
struct UsersAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an account; its password is read from standard input (the first account administers the server).")

    @OptionGroup var data: ServerDataOptions

    @Argument(help: "The name the person signs in with.")
    var name: String

    func run() async throws {
        guard let password = readLine(strippingNewline: true), !password.isEmpty else {
            throw badInput("give the password on standard input, e.g. `printf '%s\\n' \"$PASSWORD\" | health users add \(name)`")
        }
        let server = try data.server()
        _ = try await serverCall { try await server.addPerson(name: name, password: password) }
        Console.write("added \(name)\n")
    }
}

/// `health users list`.
struct UsersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

    @OptionGroup var data: ServerDataOptions

    func run() async throws {
        for person in try await serverCall({ try data.server().people() }) {
            Console.write(person.name + (person.isAdministrator ? " (administrator)" : "") + "\n")
        }
    }
}
