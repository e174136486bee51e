import ArgumentParser
import Foundation
import OpenHealthKit

/// `health sources [list] [TYPE]` and `health sources priority ...`: the apps and devices that wrote data.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources that wrote data, or show and change their priority.",
        subcommands: [SourcesListCommand.self, SourcePriorityCommand.self],
        defaultSubcommand: SourcesListCommand.self
    )
}

/// `health sources [list] [TYPE]`: the apps and devices that wrote data.
struct SourcesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the sources (apps and devices) that wrote data, for one type or all.",
        discussion: """
            Examples:
              health sources
              health sources stepCount --format json
              health sources priority
            The name column is what --source options and `health sources priority set` accept.
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "Only sources of this sample type.")
    var type: String?

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .table

    func run() async throws {
        let healthStore = try store.openForReading()
        let sources: [HKSource]
        if let type {
            let sampleType = try TypeList.sampleType(type)
            sources = try await healthCall { try await HKSourceQueryDescriptor(predicate: .sample(type: sampleType)).result(for: healthStore) }
        } else {
            sources = try await healthCall { try healthStore.allSources() }
        }
        let rows = sources.sorted { $0.bundleIdentifier < $1.bundleIdentifier }.map { [$0.name, $0.bundleIdentifier] as [String?] }
        Console.write(Table(columns: ["name", "bundleIdentifier"], rows: rows).render(format))
    }
}
