import ArgumentParser
import Foundation
import OpenHealthKit

/// `health sources priority [show|set|reset]`: the order in which sources win when statistics merge them.
struct SourcePriorityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "priority",
        abstract: "Show or change the order in which sources count when their data overlaps.",
        discussion: """
            When two sources recorded the same time (a phone and a watch counting one walk), statistics count \
            only the highest-priority source there. Default order: data entered in the Health app, then watches, \
            then phones, then other apps. A custom order lists sources first; the rest follow the default order.

            Examples:
              health sources priority
              health sources priority set "Anna's Apple Watch" "Anna's iPhone"
              health sources priority set com.example.app 3
              health sources priority reset
            """,
        subcommands: [Show.self, Set.self, Reset.self],
        defaultSubcommand: Show.self
    )

    /// `health sources priority show`: the effective order, highest first.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the order, highest priority first.")

        @OptionGroup var store: StoreOptions

        @Option(help: OutputFormat.help)
        var format: OutputFormat = .table

        init() {}

        init(store: StoreOptions, format: OutputFormat) {
            self.store = store
            self.format = format
        }

        func run() async throws {
            let healthStore = try store.openForReading()
            let (order, custom) = try await healthCall { (try healthStore.sourcePriority(), try healthStore.customSourcePriority() ?? []) }
            let rows = order.enumerated().map { index, source -> [String?] in
                [String(index + 1), source.bundleIdentifier, source.name, custom.contains(source.bundleIdentifier) ? "custom" : "default"]
            }
            Console.write(Table(columns: ["rank", "bundleIdentifier", "name", "order"], rows: rows, numericColumns: ["rank"]).render(format))
        }
    }

    /// `health sources priority set A B C`: persist a custom order.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Put these sources first, in this order, highest first.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "Sources by name (as `health sources` shows them), bundle identifier or current rank.")
        var sources: [String]

        func validate() throws {
            if sources.isEmpty { throw ValidationError("name at least one source (or use `reset`)") }
        }

        func run() async throws {
            let healthStore = try store.openForWriting()
            var chosen: [String] = []
            for name in sources {
                for source in try SourceNames.resolve(name, in: healthStore) where !chosen.contains(source.bundleIdentifier) {
                    chosen.append(source.bundleIdentifier)
                }
            }
            try await healthCall { try healthStore.setSourcePriority(bundleIdentifiers: chosen) }
            try await Show(store: store, format: .table).run()
        }
    }

    /// `health sources priority reset`: back to the default order.
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Go back to the default order.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let healthStore = try store.openForWriting()
            try await healthCall { try healthStore.resetSourcePriority() }
        }
    }
}
