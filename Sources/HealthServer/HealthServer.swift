import Foundation
import Hummingbird
import Logging
import NIOCore

/// `health serve`: HealthKit for many people and apps over HTTP.
///
/// One SQLite store per person under the data folder, accounts and apps in `server.sqlite` beside them. Apps are
/// OAuth 2.0 clients whose tokens act as the app does on a device (its permissions, its source); a person's own
/// tokens act as the person. See docs/Server.md.
public final class HealthServer: Sendable {
    let services: ServerServices

    /// Opens the server's data folder (creating it): its accounts directory and the people's stores.
    public init(configuration: ServerConfiguration) throws {
        var logger = Logger(label: "health-serve")
        logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
        services = try ServerServices(configuration: configuration, logger: logger)
    }

    /// The routes.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        AccountRoutes(services: services).add(to: router)
        SampleRoutes(services: services).add(to: router)
        SeriesRoutes(services: services).add(to: router)
        ChangeRoutes(services: services).add(to: router)
        StatisticsRoutes(services: services).add(to: router)
        SessionRoutes(services: services).add(to: router)
        AuthorizeRoutes(services: services).add(to: router)
        TokenRoute(services: services).add(to: router)
        DashboardRoutes(services: services).add(to: router)
        ImportRoutes(services: services).add(to: router)
        ExportRoutes(services: services).add(to: router)
        HealthCardRoutes(services: services).add(to: router)
        return router
    }

    /// Serves until the process gets SIGINT or SIGTERM (then finishes the requests in flight); `onRunning` gets the
    /// port actually bound (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let services = self.services
        let configuration = services.configuration
        let application = Application(
            router: router(),
            server: try ServerTLS.builder(configuration.tls),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "OpenHealthKit"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: services.logger)
        let maintenance = Task { await Self.maintain(services) }
        // The background refresh of provider connections runs while the server does, and stops with it.
        let refresher = services.refresher
        refresher.start()
        // One shutdown for both ends: the serving error, when there is one, is the one reported.
        var failure: (any Error)?
        do {
            try await application.runService()
        } catch {
            failure = error
        }
        maintenance.cancel()
        await refresher.stop()
        do {
            try await BlockingWork.run { try services.directory.flushAccessLog() }
        } catch {
            failure = failure ?? error
        }
        if let failure { throw failure }
    }

    /// Until cancelled: writes the access log's counts every ``ServerConfiguration/accessLogFlushSeconds``, and closes
    /// idle stores and forgets expired jobs (``JobRegistry/sweep()``) every half idle time (at most every 30 seconds).
    private static func maintain(_ services: ServerServices) async {
        let configuration = services.configuration
        let flushEvery = max(configuration.accessLogFlushSeconds, 0.01)
        let closeEvery = min(30, max(configuration.storeIdleSeconds / 2, 0.01))
        var lastFlush = ContinuousClock.now, lastClose = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(min(flushEvery, closeEvery)))
            if ContinuousClock.now - lastFlush >= .seconds(flushEvery) {
                lastFlush = ContinuousClock.now
                do {
                    try await BlockingWork.run { try services.directory.flushAccessLog() }
                } catch {
                    services.logger.error("cannot write the access log (kept for the next try): \(error.localizedDescription)")
                }
            }
            if ContinuousClock.now - lastClose >= .seconds(closeEvery) {
                lastClose = ContinuousClock.now
                services.stores.closeIdle()
                services.jobs.sweep()
            }
        }
    }
}
