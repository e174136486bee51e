import Foundation
import HealthDatabase
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// A small pool of PostgreSQL connections for callers on ordinary threads: the storage contract is synchronous, so a
/// caller checks a connection out, runs its statements (each an `EventLoopFuture` it waits on; the I/O runs on NIO's
/// event loops, never on the caller's thread, and the caller is never an event loop), and puts it back.
///
/// At most `limit` connections are open; a caller finding none idle and the limit reached waits for one. A connection
/// that failed (not a statement the server refused, but the connection itself) is closed instead of put back.
final class ConnectionPool: @unchecked Sendable {
    private let location: PostgresLocation
    private let setup: [String]
    private let limit: Int
    let logger = Logger(label: "OpenHealthKit.Postgres")
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []   // guarded by `condition`
    private var open = 0                          // guarded by `condition`
    private var nextID = 0                        // guarded by `condition`

    /// A pool for `location`; every new connection first runs the `setup` statements (e.g. its `search_path`).
    init(location: PostgresLocation, setup: [String], limit: Int) {
        self.location = location
        self.setup = setup
        self.limit = max(1, limit)
    }

    deinit {
        for connection in idle { connection.closeSoon() }
    }

    /// Runs `body` with a connection of its own.
    func withSession<T>(_ body: (Session) throws -> T) throws -> T {
        let connection = try checkOut()
        let session = Session(connection: connection, logger: logger)
        defer { checkIn(connection, healthy: !session.broken && !connection.isClosed) }
        return try body(session)
    }

    /// A new connection of its own (the change listener keeps one), set up like the pool's.
    func connect() throws -> PostgresConnection {
        let id = condition.withLock { () -> Int in nextID += 1; return nextID }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.any(),
                                                        configuration: location.configuration, id: id, logger: logger).wait()
        } catch {
            throw StorageError.unavailable("cannot connect to \(location): \(PostgresFailure.describe(error))")
        }
        do {
            let session = Session(connection: connection, logger: logger)
            for statement in setup { try session.execute(SQL(statement)) }
        } catch {
            connection.closeSoon()
            throw StorageError.unavailable("cannot set up a connection to \(location): \(PostgresFailure.describe(error))")
        }
        return connection
    }

    private func checkOut() throws -> PostgresConnection {
        condition.lock()
        while idle.isEmpty && open >= limit { condition.wait() }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        do {
            return try connect()
        } catch {
            condition.withLock { open -= 1 }
            condition.signal()
            throw error
        }
    }

    private func checkIn(_ connection: PostgresConnection, healthy: Bool) {
        condition.withLock {
            if healthy { idle.append(connection) } else { open -= 1 }
        }
        if !healthy { connection.closeSoon() }
        condition.signal()
    }
}

/// One checked-out connection: statements run one after another, each waited for.
final class Session: @unchecked Sendable {
    let connection: PostgresConnection
    private let logger: Logger
    /// Set when the connection may be left mid-transaction or failed: the pool closes it.
    private(set) var broken = false

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// The rows `sql` returns.
    func rows(_ sql: SQL) throws -> [PostgresRow] {
        try run(sql).rows
    }

    /// Runs `sql`; returns how many rows it affected (0 when the server does not say).
    @discardableResult
    func execute(_ sql: SQL) throws -> Int {
        try run(sql).metadata.rows ?? 0
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute(SQL("BEGIN"))
        let result: T
        do {
            result = try body()
        } catch {
            do { try execute(SQL("ROLLBACK")) } catch { broken = true }
            throw error
        }
        do {
            try execute(SQL("COMMIT"))
        } catch {
            broken = true
            throw error
        }
        return result
    }

    private func run(_ sql: SQL) throws -> PostgresQueryResult {
        do {
            return try connection.query(sql.rendered, logger: logger).wait()
        } catch {
            if !PostgresFailure.isServerError(error) { broken = true }
            throw error
        }
    }
}

extension PostgresConnection {
    /// Starts closing the connection without waiting (from a deinit, or after a failure).
    func closeSoon() {
        let closing: EventLoopFuture<Void> = close()
        // postgres-nio asserts that a connection is closed before it is released: hold it until it is.
        closing.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}

/// Reading postgres-nio's errors.
enum PostgresFailure {
    /// The server's message (and SQLSTATE), or the error's description.
    static func describe(_ error: any Error) -> String {
        if let error = error as? StorageError { return error.description }
        if let error = error as? PSQLError, let info = error.serverInfo {
            let message = info[.message] ?? "error"
            let detail = info[.detail].map { " (\($0))" } ?? ""
            return "\(message)\(detail) [SQLSTATE \(info[.sqlState] ?? "?")]"
        }
        if let error = error as? PSQLError {
            // postgres-nio's own description hides everything; its code and the cause (a refused connection, a TLS
            // handshake that failed on the certificate) name the problem and hold no password.
            return "\(error.code)" + (error.underlying.map { ": \(String(describing: $0))" } ?? "")
        }
        return String(describing: error)
    }

    /// The SQLSTATE of an error the server reported, nil for any other error.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Whether the server refused a statement (the connection itself is fine).
    static func isServerError(_ error: any Error) -> Bool { sqlState(error) != nil }
}
