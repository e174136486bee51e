import Foundation
import HealthDatabase
import HealthLocking
import NIOCore
import PostgresNIO

/// The one `LISTEN` connection of a ``PostgresHealthDatabase``: turns other processes' commit notifications into
/// announcements on the change feed of the matching open store in this process.
///
/// Every write transaction ends with `pg_notify(channel, 'OWNER:POSITION:ORIGIN')` (PostgreSQL delivers it only if
/// the transaction commits). Notifications this database object sent itself are skipped: the committing instance
/// announced them already. Announcements run on a serial queue of their own, never on the event loop, so feed
/// handlers may read the store. A notification is a wake-up hint: readers then read `changes(after:)`.
///
/// When the connection drops (a server restart, a network failure), the listener connects again after a pause (1 s,
/// doubling to 30 s) and then announces every open store's latest position, since notifications sent meanwhile are
/// lost. The connection names itself `ohk-listener-ORIGIN` (`application_name`).
final class ChangeListener: @unchecked Sendable {
    private weak var database: PostgresHealthDatabase?
    private let queue = DispatchQueue(label: "OpenHealthKit.Postgres.listener")
    /// The listening connection, and whether ``stop()`` was called.
    private struct State {
        var current: (connection: PostgresConnection, context: PostgresListenContext)?
        var stopped = false
    }
    private let state = Locked(State())

    /// Opens the listening connection and waits until `LISTEN` is in effect.
    init(database: PostgresHealthDatabase) throws {
        self.database = database
        try listen(database)
    }

    /// Stops listening and closes the connection; no reconnection follows.
    func stop() {
        let last = state.withLock { state -> (PostgresConnection, PostgresListenContext)? in
            state.stopped = true
            defer { state.current = nil }
            return state.current
        }
        last?.1.stop()
        last?.0.closeSoon()
    }

    private func listen(_ database: PostgresHealthDatabase) throws {
        let connection = try database.pool.connect()
        let origin = database.origin
        let queue = self.queue
        let context = connection.addListener(channel: database.channel) { [weak database] _, notification in
            guard let (owner, position, sender) = Self.parse(notification.payload), sender != origin else { return }
            queue.async { [weak database] in
                database?.openStorage(owner)?.changeFeed.announce(position)
            }
        }
        // The LISTEN is queued on the connection before this query, so once it answers the listener is in effect.
        do {
            _ = try connection.query(PostgresQuery(unsafeSQL: "SET application_name = 'ohk-listener-\(origin)'"),
                                     logger: database.pool.logger).wait()
        } catch {
            connection.closeSoon()
            throw StorageError.unavailable("cannot listen for changes in \(database.location): \(PostgresFailure.describe(error))")
        }
        let keep = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.current = (connection, context)
            return true
        }
        guard keep else { context.stop(); connection.closeSoon(); return }
        connection.closeFuture.whenComplete { [weak self] _ in self?.dropped(connection) }
    }

    /// The connection `connection` closed: unless stopped, connect again.
    private func dropped(_ connection: PostgresConnection) {
        let reconnect = state.withLock { state -> Bool in
            guard !state.stopped, state.current?.connection === connection else { return false }
            state.current = nil
            return true
        }
        if reconnect { retry(after: 1) }
    }

    private func retry(after seconds: Double) {
        queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self, let database = self.database, !self.state[\.stopped] else { return }
            do {
                try self.listen(database)
                database.announceLatestPositions()
            } catch {
                self.retry(after: min(seconds * 2, 30))
            }
        }
    }

    /// `OWNER:POSITION:ORIGIN` → its parts, nil for anything else.
    static func parse(_ payload: String) -> (owner: Int64, position: Int64, origin: Substring)? {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let owner = Int64(parts[0]), let position = Int64(parts[1]) else { return nil }
        return (owner, position, parts[2])
    }

    /// The payload announcing that `owner`'s store reached `position`, sent by `origin`.
    static func payload(owner: Int64, position: Int64, origin: String) -> String {
        "\(owner):\(position):\(origin)"
    }
}
