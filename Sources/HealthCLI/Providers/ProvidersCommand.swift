import ArgumentParser
import Foundation
import HealthProviders
import OpenHealthKit
import OpenHealthKitSQLite

/// `health providers`: connections to healthcare providers (SMART on FHIR) and their downloads.
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "Find healthcare providers, connect to them (SMART on FHIR) and download their records.",
        discussion: """
            Connections are kept beside the database in <database>.providers/ (mode 0700); their tokens are encrypted \
            with AES-GCM under the key in <database>.providers/secrets.key (mode 0600) or $OPENHEALTHKIT_SECRETS_KEY.
            """,
        subcommands: [ProvidersDirectoryCommand.self, ProvidersConnectCommand.self, ProvidersListCommand.self,
                      ProvidersSyncCommand.self, ProvidersWatchCommand.self, ProvidersScheduleCommand.self, ProvidersRemoveCommand.self, ProvidersJWKSCommand.self]
    )
}

/// Opening the store and its connections, and turning provider errors into messages and exit statuses.
struct ProviderOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    /// The connections beside the database.
    func connections() throws -> ConnectionStore {
        if store.isPostgres {
            Console.error("provider connections are kept in a file beside a SQLite database; they are not available with a "
                + "PostgreSQL --database (\(store.shownName))")
            throw HealthExitStatus.failure
        }
        return try providerCall { try ConnectionStore(database: URL(fileURLWithPath: store.path)) }
    }

    /// The store for `watch`, which runs for days: written without holding `health`'s writer turn (other commands
    /// must not wait for it), relying on SQLite's own locking between its short write transactions.
    func openForWatching() throws -> HKHealthStore {
        do {
            return try store.isPostgres ? store.openForWriting() : HKHealthStore.owner(databasePath: store.path)
        } catch {
            Console.error(HKError.from(error).localizedDescription)
            throw HealthExitStatus.failure
        }
    }
}

/// Runs `body`; a ``ProviderError`` or ``DirectoryError`` becomes one line on standard error and exit status 1 or 2.
func providerCall<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as ProviderError {
        Console.error(error.description)
        throw HealthExitStatus.failure
    } catch let error as DirectoryError {
        throw badInput(error.description)
    }
}

/// The synchronous twin of `providerCall`.
func providerCall<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ProviderError {
        Console.error(error.description)
        throw HealthExitStatus.failure
    } catch let error as DirectoryError {
        throw badInput(error.description)
    }
}

/// `health providers directory`: institutions from directory bundles.
struct ProvidersDirectoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "List institutions from HL7 User-access Brands bundles or Endpoint/Organization bundles.",
        discussion: """
            Example: health providers directory --file epic-brands.json --search "springfield MA"
            Without --file, the small list shipped with the tool (vendors' public sandboxes) is searched.
            Entries that cannot be used are reported on standard error (exit status 2); the rest is listed.
            """
    )

    @Option(name: .customLong("file"), help: "A directory bundle (repeatable); none: the shipped list of public sandboxes.")
    var files: [String] = []

    @Option(name: .customLong("url"), help: "A directory bundle to download (repeatable); kept with its ETag and asked again with If-None-Match.")
    var urls: [String] = []

    @Option(help: "Where downloaded bundles are kept (default $XDG_CACHE_HOME/openhealthkit/directories).")
    var cache: String?

    @Option(help: "Words that must all appear in the name, aliases or address.")
    var search: String = ""

    @Option(help: "table or json.")
    var format: OutputFormat = .table

    func run() async throws {
        var directory = files.isEmpty && urls.isEmpty ? try providerCall { try CuratedDirectory.directory() } : InstitutionDirectory()
        for file in files { try providerCall { try directory.add(contentsOf: URL(fileURLWithPath: file)) } }
        let download = DirectoryDownload(cache: cache.map { URL(fileURLWithPath: $0) } ?? DirectoryDownload.defaultCache, http: HTTPTransport())
        for text in urls {
            guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http" else { throw badInput("\"\(text)\" is not an http(s) URL") }
            let (data, notModified) = try await providerCall { try await download.fetch(url) }
            if notModified { Console.error("\(text): not modified since the last download; the kept copy is used") }
            try providerCall { try directory.add(bundle: data, input: text) }
        }
        for problem in directory.problems { Console.error(problem.description) }
        let rows = directory.search(search).map { institution -> [String?] in
            let place = institution.locations.first.map { [$0.city, $0.state, $0.country].compactMap { $0 }.joined(separator: ", ") }
            return [institution.name, place, institution.endpoints.map(\.address.absoluteString).joined(separator: " "),
                    institution.endpoints.compactMap(\.fhirVersion).joined(separator: " "), institution.parentName]
        }
        Console.write(Table(columns: ["institution", "location", "endpoints", "fhirVersions", "brand"], rows: rows).render(format))
        if !directory.problems.isEmpty { throw HealthExitStatus.badInput }
    }
}
