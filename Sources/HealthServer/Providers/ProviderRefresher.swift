import Foundation
import HealthLocking
import HealthProviders
import Logging
import OpenHealthKit

/// The background refresh inside the server: every ``ProviderSettings/refreshCheckInterval`` (on the settings'
/// clock) it looks at every person's connections and syncs, one at a time, those the module's schedule
/// (``ProviderSchedule``) says are due, each into its own person's store. A failed sync is recorded on the connection
/// (its last error, and a backed-off next due time) and the pass goes on. Started with the server, stopped on its
/// graceful shutdown (the pass in flight is cancelled and awaited).
final class ProviderRefresher: Sendable {
    private let services: ServerServices
    private let clock: any PollClock
    private let timer = Locked<(any PollTimer)?>(nil)
    /// The pass in flight, if any.
    private let pass = Locked<Task<Void, Never>?>(nil)

    /// A refresher for the server's people; not running until ``start()``.
    init(services: ServerServices) {
        self.services = services
        clock = services.configuration.providers.clock ?? SystemPollClock()
    }

    /// Starts looking for due connections every interval (the first look after one interval).
    func start() {
        let interval = services.configuration.providers.refreshCheckInterval
        let started = clock.every(interval, on: DispatchQueue.global()) { [self] in tick() }
        timer.withLock { $0 = started }
    }

    /// Stops the timer, then cancels and awaits the pass in flight.
    func stop() async {
        timer.withLock { $0?.cancel(); $0 = nil }
        let running = pass.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    /// Starts a pass unless one is still running (a slow provider never piles passes up).
    private func tick() {
        let now = clock.now
        pass.withLock { running in
            guard running == nil else { return }
            running = Task { [self] in
                await refreshDue(now: now)
                pass.withLock { $0 = nil }
            }
        }
    }

    /// One pass: every person's due connections, synced.
    func refreshDue(now: Date) async {
        let people: [Person]
        do { people = try services.directory.people() } catch {
            services.logger.error("provider refresh: cannot list people")
            return
        }
        for person in people {
            guard !Task.isCancelled else { return }
            let due: [ProviderConnection]
            do { due = try ProviderSchedule.due(services.providers.connections(of: person.id), now: now) } catch {
                services.logger.error("provider refresh: a person's connections cannot be read")
                continue
            }
            for connection in due where !Task.isCancelled {
                do {
                    let health = HKHealthStore.owner(storage: try services.stores.storage(for: person.id),
                                                     environment: ServerServices.environment(guest: false))
                    _ = try await services.providers.sync(connection.id, of: person.id, into: health)
                } catch {
                    // The sync records its own failures on the connection; this is one that kept it from starting.
                    services.logger.warning("provider refresh: a sync did not start")
                }
            }
        }
    }
}
