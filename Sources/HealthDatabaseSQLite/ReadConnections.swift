import GRDB
import HealthLocking

/// Read-only connections of a file store's own, for its hot record reads: a read on one runs only its statements,
/// each in its own autocommit read transaction of the write-ahead log, so it sees every commit made before it starts.
///
/// GRDB's pool readers run `PRAGMA schema_version` before every read (to clear their schema cache), a second WAL
/// read transaction with its shared-memory lock work. These connections skip it, so nothing that reads GRDB's schema
/// introspection (`tableExists`, `columns(in:)`, …) may run on them: its cache would go stale when the schema
/// changes. SQL text and prepared statements stay right (SQLite re-prepares a statement after a schema change).
///
/// A connection is opened when a read finds none idle, up to `limit`; beyond that a read goes to the store's pool.
/// ``close()`` closes them all, each after the read running on it ends; reads after it go to the pool.
final class ReadConnections: Sendable {
    private struct State {
        var idle: [DatabaseQueue] = []
        var open = 0
        var closed = false
    }

    private let path: String
    private let configuration: Configuration
    private let limit: Int
    private let state = Locked(State())

    /// Connections on the WAL file at `path`, opened with `configuration` made read-only, at most `limit` of them.
    init(path: String, configuration: Configuration, limit: Int) {
        var configuration = configuration
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = false
        self.path = path
        self.configuration = configuration
        self.limit = limit
    }

    /// Runs `body` on an idle connection (opening one when none is idle and fewer than `limit` are open), or through
    /// `pool` (outside any transaction) when all are busy, the store is closed, or a connection cannot be opened.
    func read<T>(_ body: (Database) throws -> T, otherwise pool: any DatabaseReader) throws -> T {
        guard let connection = checkOut() else { return try pool.unsafeRead(body) }
        defer { checkIn(connection) }
        return try connection.inDatabase(body)
    }

    /// Closes the idle connections now and each busy one when its read ends.
    func close() {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle { try? connection.close() }
    }

    private enum CheckOut { case idle(DatabaseQueue), open, none }

    private func checkOut() -> DatabaseQueue? {
        let found = state.withLock { state -> CheckOut in
            if state.closed { return .none }
            if let connection = state.idle.popLast() { return .idle(connection) }
            guard state.open < limit else { return .none }
            state.open += 1
            return .open
        }
        switch found {
        case .idle(let connection): return connection
        case .none: return nil
        case .open:
            guard let connection = try? DatabaseQueue(path: path, configuration: configuration) else {
                state.withLock { $0.open -= 1 }
                return nil
            }
            return connection
        }
    }

    private func checkIn(_ connection: DatabaseQueue) {
        let keep = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.idle.append(connection)
            return true
        }
        if !keep { try? connection.close() }
    }
}

extension Database {
    /// `body`'s result, all its statements in one deferred transaction (one snapshot of the file). `result` is set
    /// whenever `inTransaction` returns.
    func inSnapshot<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try inTransaction(.deferred) {
            result = try body()
            return .commit
        }
        return result!
    }
}
