import Foundation
import HealthLocking
import HealthProviders
import Logging
import OpenHealthKit

/// The server's provider syncs outside requests: the background refresh and the dashboard's "sync now".
///
/// Every ``ProviderSettings/refreshCheckInterval`` (on the settings' clock) it looks at every person's connections
/// and syncs, one at a time, those the module's schedule (``ProviderSchedule``) says are due, each into its own
/// person's store. ``syncNow(_:of:)`` starts one connection's sync at once, in the background. Either way a connection
/// is never synced twice at once (``ServerProviders`` refuses a second sync of a connection while one runs). A failed
/// sync is recorded on the connection (its last error, and a backed-off next due time) and the pass goes on.
/// Started with the server, stopped on its graceful shutdown (the syncs in flight are cancelled and awaited).
final class ProviderRefresher: Sendable {
    private let directory: ServerDirectory
    private let providers: ServerProviders
    private let stores: PersonStores
    private let logger: Logger
    private let interval: TimeInterval
    private let clock: any PollClock
    private let timer = Locked<(any PollTimer)?>(nil)
    /// The pass in flight, if any.
    private let pass = Locked<Task<Void, Never>?>(nil)
    /// The "sync now" syncs in flight, by person and connection.
    private let started = Locked<[String: Task<Void, Never>]>([:])

    /// A refresher syncing `providers`' connections of `directory`'s people into their `stores`; not running until
    /// ``start()``.
    init(directory: ServerDirectory, providers: ServerProviders, stores: PersonStores, logger: Logger) {
        self.directory = directory
        self.providers = providers
        self.stores = stores
        self.logger = logger
        interval = providers.settings.refreshCheckInterval
        clock = providers.settings.clock ?? SystemPollClock()
    }

    /// Starts looking for due connections every interval (the first look after one interval).
    func start() {
        let every = clock.every(interval, on: DispatchQueue.global()) { [self] in tick() }
        timer.withLock { $0 = every }
    }

    /// Stops the timer, then cancels and awaits the syncs in flight.
    func stop() async {
        timer.withLock { $0?.cancel(); $0 = nil }
        let running = [pass.withLock { $0 }].compactMap { $0 } + started.withLock { Array($0.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    /// Starts syncing the person's connection `id` in the background; false when it is syncing already (then
    /// nothing more is started).
    @discardableResult
    func syncNow(_ id: String, of personID: String) -> Bool {
        guard !isSyncing(id, of: personID) else { return false }
        let key = personID + "/" + id
        return started.withLock { table in
            guard table[key] == nil else { return false }
            table[key] = Task { [self] in
                await sync(id, of: personID)
                started.withLock { $0[key] = nil }
            }
            return true
        }
    }

    /// Whether the person's connection `id` is syncing now (started by "sync now" or by the background refresh).
    func isSyncing(_ id: String, of personID: String) -> Bool {
        started.withLock { $0[personID + "/" + id] != nil } || providers.isSyncing(id, of: personID)
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
        do { people = try directory.people() } catch {
            logger.error("provider refresh: cannot list people")
            return
        }
        for person in people {
            guard !Task.isCancelled else { return }
            let due: [ProviderConnection]
            do { due = try ProviderSchedule.due(providers.connections(of: person.id), now: now) } catch {
                logger.error("provider refresh: a person's connections cannot be read")
                continue
            }
            for connection in due where !Task.isCancelled {
                await sync(connection.id, of: person.id)
            }
        }
    }

    /// Syncs the person's connection `id` into their own store (as the person: owner access).
    private func sync(_ id: String, of personID: String) async {
        do {
            let health = HKHealthStore.owner(storage: try stores.storage(for: personID), environment: ServerServices.environment(guest: false))
            _ = try await providers.sync(id, of: personID, into: health)
        } catch {
            // The sync records its own failures on the connection; this is one that kept it from starting.
            logger.warning("provider sync: a sync did not start")
        }
    }
}
