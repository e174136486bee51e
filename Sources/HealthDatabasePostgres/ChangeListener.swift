import Foundation
import HealthDatabase
import NIOCore
import PostgresNIO

/// The one `LISTEN` connection of a ``PostgresHealthDatabase``: turns other processes' commit notifications into
/// announcements on the change feed of the matching open store in this process.
///
/// Every write transaction ends with `pg_notify(channel, 'OWNER:POSITION:ORIGIN')` (PostgreSQL delivers it only if
/// the transaction commits). Notifications this database object sent itself are skipped: the committing instance
/// announced them already. Announcements run on a serial queue of their own, never on the event loop, so feed
/// handlers may read the store. A notification is a wake-up hint: readers then read `changes(after:)`.
final class ChangeListener: @unchecked Sendable {
    private let connection: PostgresConnection
    private let context: PostgresListenContext
    private let queue = DispatchQueue(label: "OpenHealthKit.Postgres.listener")

    /// Opens the listening connection and waits until `LISTEN` is in effect.
    init(database: PostgresHealthDatabase) throws {
        connection = try database.pool.connect()
        let origin = database.origin
        let queue = self.queue
        context = connection.addListener(channel: database.channel) { [weak database] _, notification in
            guard let (owner, position, sender) = Self.parse(notification.payload), sender != origin else { return }
            queue.async { [weak database] in
                database?.openStorage(owner)?.changeFeed.announce(position)
            }
        }
        // The LISTEN is queued on the connection before this query, so once it answers the listener is in effect.
        do {
            _ = try connection.query(PostgresQuery(unsafeSQL: "SELECT 1"), logger: database.pool.logger).wait()
        } catch {
            connection.closeSoon()
            throw StorageError.unavailable("cannot listen for changes in \(database.location): \(PostgresFailure.describe(error))")
        }
    }

    /// Stops listening and closes the connection.
    func stop() {
        context.stop()
        connection.closeSoon()
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
