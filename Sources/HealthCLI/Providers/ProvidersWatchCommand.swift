import ArgumentParser
import Foundation
import HealthProviders

/// `health providers watch`: stays running and refreshes connections when they are due.
struct ProvidersWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stay running and refresh each connection when it is due (backing off after failures).",
        discussion: """
            Stop it with Ctrl-C or SIGTERM: a sync in progress finishes first, then it prints "stopped" and exits 0. As a \
            systemd service: ExecStart=health providers watch --database PATH.
            """
    )

    @OptionGroup var options: ProviderOptions

    @Option(help: "The longest sleep between checks, in seconds (connections added meanwhile are seen then).")
    var maximumSleep: Double = 900

    func run() async throws {
        let connections = try options.connections()
        let stop = StopSignal()
        Console.write("watching \(try providerCall { try connections.all().count }) connections\n")
        while !stop.isRequested {
            for connection in try providerCall({ try ProviderSchedule.due(connections.all()) }) where !stop.isRequested {
                // A failed sync is reported and rescheduled by the sync itself; watching goes on.
                _ = try? await ProvidersSyncCommand.sync(connection.id, connections: connections, health: options.openForWatching(), full: nil)
            }
            let wake = try providerCall { try ProviderSchedule.nextWake(connections.all()) }
            try await stop.sleep(until: wake ?? .distantFuture, limit: maximumSleep)
        }
        Console.write("stopped\n")
    }
}
