import ArgumentParser
import Foundation
import OpenHealthKit
import HealthDatabase

/// `health permissions [APP]`: the decisions people made for apps.
struct PermissionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "permissions",
        abstract: "Show which apps may read and write which types.",
        discussion: "Examples:\n  health permissions\n  health permissions com.example.steps --format json"
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "Only this app (bundle identifier).")
    var app: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func run() async throws {
        let healthStore = try store.openForReading()
        let grants = try await healthCall { try healthStore.authorizationGrants(forApp: app) }
        let rows = grants.sorted { ($0.app, $0.type, $0.access.rawValue) < ($1.app, $1.type, $1.access.rawValue) }.map { grant in
            [grant.app, HKObjectType.type(forIdentifier: grant.type)?.shortName ?? grant.type, grant.access.rawValue,
             grant.allowed ? "allowed" : "denied", DateText.format(grant.decidedAt)] as [String?]
        }
        Console.write(Table(columns: ["app", "type", "access", "decision", "decided"], rows: rows).render(format))
    }
}

/// `health authorize APP --read ... --share ...`: decide for an app, as the permission sheet would.
struct AuthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Allow (or with --deny, deny) an app to read or write types.",
        usage: "health authorize <app> [--read <types>] [--share <types>] [--deny] [...]",
        discussion: "Examples:\n  health authorize com.example.steps --read stepCount,heartRate --share stepCount\n"
            + "  health authorize com.example.steps --deny --read bodyMass"
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The app (bundle identifier).")
    var app: String

    @Option(help: "Types the app may read (comma-separated short names or identifiers); repeatable.")
    var read: [String] = []

    @Option(help: "Types the app may write; repeatable.")
    var share: [String] = []

    @Flag(help: "Record denials instead of permissions.")
    var deny = false

    func validate() throws {
        if read.isEmpty && share.isEmpty { throw ValidationError("name at least one type with --read or --share") }
    }

    func run() async throws {
        let readTypes = try TypeList.parse(read)
        let shareTypes = try TypeList.parse(share).map { type in
            guard let sample = type as? HKSampleType else { throw badInput("\(type.shortName) cannot be shared: it is read-only") }
            return sample
        }
        let healthStore = try store.openForWriting()
        try await healthCall {
            try healthStore.setAuthorization(forApp: app, toShare: Set(shareTypes), read: Set(readTypes), allowed: !deny)
        }
    }
}

/// `health revoke APP [TYPES]`: forget decisions, so the app is asked again.
struct RevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Forget an app's decisions (all, or for some types), so it must ask again.",
        discussion: "Examples:\n  health revoke com.example.steps\n  health revoke com.example.steps --types heartRate"
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The app (bundle identifier).")
    var app: String

    @Option(help: "Only these types (comma-separated); repeatable.")
    var types: [String] = []

    func run() async throws {
        let selected = types.isEmpty ? nil : Set(try TypeList.parse(types))
        let healthStore = try store.openForWriting()
        try await healthCall { try healthStore.revokeAuthorization(forApp: app, types: selected) }
    }
}
