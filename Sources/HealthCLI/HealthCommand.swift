import ArgumentParser

/// The `health` command: OpenHealthKit on the command line.
public struct HealthCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Apple's HealthKit on the command line: units, types and (soon) your health store.",
        subcommands: []
    )

    /// Creates the command; ArgumentParser calls this.
    public init() {}
}
