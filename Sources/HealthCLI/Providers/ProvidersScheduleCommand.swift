import ArgumentParser
import Foundation
import HealthProviders

/// `health providers schedule ID --every PERIOD`: how often a connection is refreshed in the background.
struct ProvidersScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Set how often a connection is refreshed by `sync --due` and `watch` (default every 24 hours).",
        discussion: "Examples: health providers schedule ID --every 6h;  health providers schedule ID --default"
    )

    @OptionGroup var options: ProviderOptions

    @Argument(help: "The connection's id.")
    var id: String

    @Option(help: "The period: a number with s, m, h or d (a bare number is hours); at least 15 minutes.")
    var every: String?

    @Flag(name: .customLong("default"), help: "Back to the default period (24 hours).")
    var useDefault = false

    func run() async throws {
        guard (every != nil) != useDefault else { throw badInput("give --every PERIOD or --default") }
        var period: TimeInterval?
        if let every {
            guard let parsed = ProviderSchedule.period(every) else { throw badInput("\"\(every)\" is not a period (e.g. 90m, 6h, 2d)") }
            guard parsed >= ProviderSchedule.shortestPeriod else {
                throw badInput("\"\(every)\" is shorter than the shortest refresh period, \(Int(ProviderSchedule.shortestPeriod / 60)) minutes")
            }
            period = parsed
        }
        let connections = try options.connections()
        let updated = try providerCall {
            let changed = try ProviderSchedule.withPeriod(connections.connection(id), period)
            try connections.update(changed)
            return changed
        }
        let hours = (updated.refreshPeriod ?? ProviderSchedule.defaultPeriod) / 3600
        Console.write("\(id): refreshed every \(hours.formatted(.number.precision(.fractionLength(0...2)))) hours; next due "
                      + ISO8601DateFormatter().string(from: updated.nextDue ?? Date()) + "\n")
    }
}
