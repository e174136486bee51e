import ArgumentParser
import Foundation
import HealthDatabaseSQLite
import HealthProviders
import HealthRecords
import OpenHealthKit

/// `health providers sync [ID | --all]`: downloads what changed.
struct ProvidersSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Download new and changed records from connections (one, --all, or those --due).",
        discussion: """
            Prints one line per resource type. A sync where any type or resource failed is partial: its problems go \
            to standard error and the exit status is 1. --full ignores checkpoints and removes records the provider \
            no longer has. --due syncs the connections whose background refresh is due (each has a period, 24 hours by \
            default, with jitter, and backs off after failures): run it from cron (`0 * * * * health providers sync \
            --due`) or a systemd timer (OnCalendar=hourly), or keep `health providers watch` running.
            """
    )

    @OptionGroup var options: ProviderOptions

    @Argument(help: "The connection's id (see `health providers list`).")
    var id: String?

    @Flag(help: "Sync every active connection.")
    var all = false

    @Flag(help: "Sync only the connections whose refresh is due.")
    var due = false

    @Flag(help: "A full check: everything again, and records deleted at the provider removed.")
    var full = false

    func run() async throws {
        let connections = try options.connections()
        let ids: [String]
        if due {
            ids = try providerCall { try ProviderSchedule.due(connections.all()).map(\.id) }
            if ids.isEmpty { Console.write("nothing due\n") }
        } else if all {
            ids = try providerCall { try connections.all().filter { $0.status == .active }.map(\.id) }
        } else if let id {
            ids = [id]
        } else {
            throw badInput("give a connection id, --all or --due")
        }
        var complete = true
        for id in ids {
            complete = try await Self.sync(id, connections: connections, health: options.store.openForWriting(), full: full ? true : nil) && complete
        }
        if !complete { throw HealthExitStatus.failure }
    }

    /// Syncs one connection, printing a line when it starts and one per type as it finishes; returns whether it was
    /// complete.
    static func sync(_ id: String, connections: ConnectionStore, health: HKHealthStore, full: Bool?) async throws -> Bool {
        // A sync's small transactions of records with fresh UUIDs need little page cache: 8 MB instead of the writer's
        // 64 MB keeps the process's memory from growing with the store it fills (issue 19's memory bound).
        let storage = try? health.storage() as? SQLiteHealthStorage
        try? storage?.setWriterCacheSize(megabytes: 8)
        // Each page's records copied into the file while the next pages download: the checkpoints at 10,000 log pages
        // (near the end of a 5,000-resource sync) and at exit, which blocked the last pages and the exit, have only
        // the last commits left.
        storage?.setBackgroundCheckpoints(true)
        var sync = ProviderSync(connections: connections, http: HTTPTransport(), health: health)
        sync.progress = { event in
            switch event {
            case .started(let full, let sinceLastSync):
                Console.write("\(id): \(full ? "full check" : sinceLastSync ? "changes since last sync" : "sync")\n")
            case .finished(let type):
                if let reason = type.notSearched { Console.write("  \(type.resourceType): \(reason)\n"); return }
                let outcome = type.ingest.outcome
                Console.write("  \(type.resourceType): \(type.pages) pages, \(outcome.added) added, \(outcome.replaced) replaced, "
                              + "\(outcome.unchanged) unchanged, \(type.removed) removed" + (type.error == nil ? "" : " (failed)") + "\n")
            }
        }
        let report = try await providerCall { try await sync.sync(id, full: full) }
        let parties = report.parties
        if parties.fetched + parties.unavailable > 0 {
            Console.write("  Practitioner, Organization: \(parties.fetched) read, \(parties.changed) changed, \(parties.unavailable) unavailable\n")
        }
        for problem in report.problems { Console.error(problem) }
        Console.write(report.isComplete ? "complete\n" : "partial: \(report.problems.count) problems\n")
        return report.isComplete
    }
}

/// `health providers remove ID [--keep-records]`: revokes, forgets, and deletes the connection's records.
struct ProvidersRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a connection: revoke its tokens at the provider, forget them, delete its records (unless kept)."
    )

    @OptionGroup var options: ProviderOptions

    @Argument(help: "The connection's id.")
    var id: String

    @Flag(name: .customLong("keep-records"), help: "Keep the records downloaded so far.")
    var keepRecords = false

    func run() async throws {
        let connections = try options.connections()
        let connection = try providerCall { try connections.connection(id) }
        let revoked = try await providerCall { try await connections.remove(id, http: HTTPTransport()) }
        Console.write(revoked ? "tokens revoked\n" : "tokens forgotten (the provider offers no revocation)\n")
        if let manage = connection.configuration.managementEndpoint {
            Console.write("manage the app's access at the provider: \(manage.absoluteString)\n")
        }
        guard !keepRecords else { return }
        let health = try options.store.openForWriting()
        let removed = try await healthCall {
            try health.removeClinicalRecords(from: connection.source, resourceType: nil)
        }
        Console.write("\(removed) records deleted\n")
    }
}

/// `health providers jwks`: the public key to register for `private_key_jwt`.
struct ProvidersJWKSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jwks",
        abstract: "Print the JWKS (public keys only: ES384 and RS384) to register with a provider for --private-key-jwt connections."
    )

    @OptionGroup var options: ProviderOptions

    func run() async throws {
        let connections = try options.connections()
        let jwks = try providerCall { try ClientSigningKey.jwks(ClientSigningKey.Algorithm.allCases.map { try connections.clientKey($0) }) }
        Console.write(jwks + "\n")
    }
}
