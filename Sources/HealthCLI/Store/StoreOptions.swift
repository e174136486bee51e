import ArgumentParser
import Foundation
import HealthDatabasePostgres
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitPostgres
import OpenHealthKitSQLite

/// The `--database` option every store command shares, and how the CLI opens the store: read commands for reading
/// only (nothing created, migrated or written; a missing store is an error naming the path), write commands for
/// writing, one `health` writer at a time (``WriterTurn``). A `postgres://…?owner=NAME` database is a person's store
/// in PostgreSQL (``PostgresStoreURL``; docs/PostgreSQL.md): opened the same way for both, created empty on first use,
/// PostgreSQL itself ordering concurrent writers.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The SQLite database to use, or a person's store in PostgreSQL (postgres://USER@HOST/DATABASE?owner=NAME).",
        discussion: "Default: $OPENHEALTHKIT_DATABASE, else health.sqlite in the user's data directory.",
        valueName: "path"))
    var database: String?

    /// The database path (or `postgres://` URL): `--database`, else the default store's.
    var path: String { database ?? HKHealthStore.defaultDatabasePath() }

    /// Whether the database is a person's store in PostgreSQL.
    var isPostgres: Bool { PostgresStoreURL.isPostgres(path) }

    /// The database as messages name it: the path, or the URL without its password.
    var shownName: String { isPostgres ? ((try? PostgresStoreURL(path).description) ?? "the PostgreSQL database") : path }

    /// Whether there is a store to read: the file exists (a PostgreSQL store always does, empty until written).
    var exists: Bool { isPostgres || FileManager.default.fileExists(atPath: path) }

    /// The person's own access to the store (the Health app's view: everything, no prompts), for reading only.
    func openForReading() throws -> HKHealthStore {
        if isPostgres { return try openPostgres() }
        do {
            return HKHealthStore.owner(storage: try SQLiteHealthStorage(readingAt: path))
        } catch {
            throw failure("\(HKError.from(error).localizedDescription)" + (FileManager.default.fileExists(atPath: path) ? ""
                : " (import an export with `health import`, add data with `health add`, or give --database)"))
        }
    }

    /// The person's own access to the store for writing, creating it when needed, once this process holds the
    /// writer's turn (another `health` command writing the same store is waited for, with a message).
    func openForWriting() throws -> HKHealthStore {
        if isPostgres { return try openPostgres() }
        WriterTurn.take(for: path)
        do {
            return try HKHealthStore.owner(databasePath: path)
        } catch {
            throw failure(HKError.from(error).localizedDescription)
        }
    }

    /// The person's own access to their store in PostgreSQL; a bad URL, an absent owner or an unreachable server
    /// exits with status 1 naming it (never the password).
    private func openPostgres() throws -> HKHealthStore {
        do {
            return HKHealthStore.owner(storage: try PostgresStoreURL(path).open())
        } catch {
            throw failure("cannot open the health database: \(HKError.from(error).localizedDescription)")
        }
    }

    private func failure(_ message: String) -> ExitCode {
        Console.error(Self.sentence(message))
        return HealthExitStatus.failure
    }

    /// `message` once, without the "cannot open the health database at …:" prefix repeated inside it; SQLite's
    /// "database is locked" (another program kept writing longer than the wait) as the store being busy.
    static func sentence(_ message: String) -> String {
        if message.contains("database is locked") || message.contains("database is busy") {
            return "the health database is busy: another program has been writing to it for over 10 seconds; "
                + "try again when it has finished"
        }
        var text = message
        while let first = text.range(of: "cannot open the health database at "),
              let again = text.range(of: "cannot open the health database at ", range: first.upperBound ..< text.endIndex),
              let colon = text.range(of: ": ", range: first.upperBound ..< again.lowerBound) {
            text.removeSubrange(first.lowerBound ..< colon.upperBound)
        }
        return text
    }
}

/// Turns comma-separated type names (`stepCount,heartRate` or raw identifiers) into types.
enum TypeList {
    /// The types named in `lists` (each may hold several names separated by commas); bad names exit with status 2.
    static func parse(_ lists: [String]) throws -> [HKObjectType] {
        try lists.flatMap { $0.split(separator: ",") }.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let type = HKObjectType.type(named: trimmed) else {
                let names = HKObjectType.allTypes.map(\.shortName)
                throw badInput("unknown type \"\(trimmed)\"\(Suggestions.didYouMean(trimmed, among: names)) (`health types` lists them)")
            }
            return type
        }
    }

    /// The one sample type named `name`; bad names exit with status 2.
    static func sampleType(_ name: String) throws -> HKSampleType {
        guard let type = try parse([name]).first as? HKSampleType else {
            throw badInput("\"\(name)\" is not a sample type (characteristics are read with `health me`)")
        }
        return type
    }
}

/// Runs an HealthKit async call and turns an `HKError` into a one-line message and exit status.
func healthCall<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as HKError {
        Console.error(StoreOptions.sentence(error.localizedDescription))
        throw error.code == .errorInvalidArgument ? HealthExitStatus.badInput : HealthExitStatus.failure
    }
}

/// Runs `body`, which adds rows to `writer` as it reads them, then ends the output. A store error ends the output
/// where it is (a JSON array still closes) and exits with status 1 naming it.
func streamRows(to writer: RowWriter, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        writer.finish()
        Console.error(StoreOptions.sentence(HKError.from(error).localizedDescription))
        throw HealthExitStatus.failure
    }
    writer.finish()
}
