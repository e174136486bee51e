public import ArgumentParser

/// The `health` command: OpenHealthKit on the command line.
public struct HealthCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Apple's HealthKit on the command line.",
        discussion: """
            Exit status: 0 success; 1 failure (I/O and the like); 2 invalid input (an unknown unit or type, \
            incompatible units); 64 a malformed command line.
            """,
        version: HealthCommand.version,
        subcommands: [
            UnitsCommand.self, TypesCommand.self, QueryCommand.self, SourcesCommand.self, ChangesCommand.self,
            AddCommand.self, DeleteCommand.self, PermissionsCommand.self, AuthorizeCommand.self, RevokeCommand.self, MeCommand.self,
            StatsCommand.self, ImportCommand.self, DemoExportCommand.self, ExportCommand.self, SummaryCommand.self,
            RecordsCommand.self, DocumentsCommand.self, CardsCommand.self, ProvidersCommand.self, ServeCommand.self, UsersCommand.self,
            AppsCommand.self, TokensCommand.self,
        ]
    )

    /// The version `health --version` prints.
    public static let version = "0.1.0"

    /// Creates the command; ArgumentParser calls this.
    public init() {}

    /// Parses `arguments` (the process's own when `nil`), runs the chosen command and exits with its status.
    public static func runAsRoot(_ arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit()
        } catch {
            exit(withError: error)
        }
    }
}
