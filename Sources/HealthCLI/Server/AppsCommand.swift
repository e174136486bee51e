import ArgumentParser
import Foundation
import HealthServer

/// `health apps`: apps registered as OAuth clients.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Manage the apps (OAuth 2.0 clients) the server knows.",
        subcommands: [AppsRegisterCommand.self, AppsListCommand.self])
}

/// `health apps register NAME --redirect-uri URI`.
struct AppsRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register an app: its client id, redirect URIs and the usage descriptions its permission sheet shows.",
        discussion: """
            As a HealthKit app's Info.plist must, an app that reads declares --read-reason \
            (NSHealthShareUsageDescription), one that writes --write-reason (NSHealthUpdateUsageDescription), and one \
            that reads clinical records --clinical-reason (NSHealthClinicalHealthRecordsShareUsageDescription); requests \
            without them fail.
            """
    )

    @OptionGroup var data: ServerDataOptions

    @Argument(help: "The name the permission sheet shows.")
    var name: String

    @Option(help: "The client id, also the bundle identifier of what the app saves (default: derived from the name).")
    var clientID: String?

    @Option(help: "Where authorization codes may be sent (exact match); repeatable.")
    var redirectURI: [String] = []

    @Option(help: "Why the app reads health data (NSHealthShareUsageDescription).")
    var readReason: String?

    @Option(help: "Why the app writes health data (NSHealthUpdateUsageDescription).")
    var writeReason: String?

    @Option(help: "Why the app reads clinical records (NSHealthClinicalHealthRecordsShareUsageDescription).")
    var clinicalReason: String?

    @Option(help: "A clinical type the app requires (NSHealthRequiredReadAuthorizationTypeIdentifiers; three or more); repeatable.")
    var requiredType: [String] = []

    func run() async throws {
        let id = clientID ?? "app." + name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        let server = try data.server()
        try await serverCall {
            try server.registerApp(clientID: id, name: name, redirectURIs: redirectURI, shareUsage: readReason, updateUsage: writeReason,
                                   clinicalUsage: clinicalReason, requiredReadTypes: requiredType)
        }
        Console.write("registered \(name) as client id \(id)\n")
    }
}

/// `health apps list`.
struct AppsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the registered apps.")

    @OptionGroup var data: ServerDataOptions

    func run() async throws {
        for app in try await serverCall({ try data.server().apps() }) { Console.write("\(app.clientID)\t\(app.name)\n") }
    }
}

/// `health tokens create NAME`: a person's own access token, for their scripts.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "Make a person's own access token (owner access, as the CLI has) for their scripts.",
        subcommands: [TokensCreateCommand.self])
}

/// `health tokens create NAME`.
struct TokensCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Print a new personal access token for the account NAME (it is shown once; only its digest is kept).")

    @OptionGroup var data: ServerDataOptions

    @Argument(help: "The account's name.")
    var name: String

    @Option(help: "What the token is for.")
    var label: String = "personal access token"

    func run() async throws {
        let server = try data.server()
        Console.write(try await serverCall { try server.createPersonalToken(for: name, label: label) } + "\n")
    }
}
