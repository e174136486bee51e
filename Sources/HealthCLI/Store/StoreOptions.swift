import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitSQLite

/// The `--database` option every store command shares, and how the CLI opens the store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The SQLite database to use.",
        discussion: "Default: $OPENHEALTHKIT_DATABASE, else health.sqlite in the user's data directory.",
        valueName: "path"))
    var database: String?

    /// The person's own access to the store (the Health app's view: everything, no prompts).
    func open() throws -> HKHealthStore {
        do {
            return try HKHealthStore.owner(databasePath: database)
        } catch {
            Console.error(error.localizedDescription)
            throw HealthExitStatus.failure
        }
    }
}

/// Turns comma-separated type names (`stepCount,heartRate` or raw identifiers) into types.
enum TypeList {
    /// The types named in `lists` (each may hold several names separated by commas); bad names exit with status 2.
    static func parse(_ lists: [String]) throws -> [HKObjectType] {
        try lists.flatMap { $0.split(separator: ",") }.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let type = HKObjectType.type(named: trimmed) else { throw badInput("unknown type \"\(trimmed)\"") }
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
        Console.error(error.localizedDescription)
        throw error.code == .errorInvalidArgument ? HealthExitStatus.badInput : HealthExitStatus.failure
    }
}
