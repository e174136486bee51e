import ArgumentParser
import Foundation
import HealthProviders

/// `health providers watch`: stays running and refreshes connections when they are due.
struct ProvidersWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stay running and refresh each connection when it is due (backing off after failures).",
        discussion: "Stop it with Ctrl-C or a signal; as a systemd service: ExecStart=health providers watch --database PATH."
    )

    @OptionGroup var options: ProviderOptions

    @Option(help: "The longest sleep between checks, in seconds (connections added meanwhile are seen then).")
    var maximumSleep: Double = 900

    func run() async throws {
        let connections = try options.connections()
        while true {
            for connection in try providerCall({ try ProviderSchedule.due(connections.all()) }) {
                // A failed sync is reported and rescheduled by the sync itself; watching goes on.
                _ = try? await ProvidersSyncCommand.sync(connection.id, connections: connections, health: options.openForWatching(), full: nil)
            }
            let wake = try providerCall { try ProviderSchedule.nextWake(connections.all()) }
            let sleep = min(maximumSleep, max(1, (wake ?? .distantFuture).timeIntervalSinceNow))
            try await Task.sleep(nanoseconds: UInt64(sleep * 1e9))
        }
    }
}
