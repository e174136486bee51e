import Foundation
import GRDB
import HealthLocking

/// One read-only connection of a file store's own, for its short record reads (``SQLiteHealthStorage``'s
/// `forEachRecord` and `records(matching:…)`): a read on it runs only its own statements, so it opens one
/// write-ahead-log read transaction where a pool read opens two.
///
/// GRDB's pool runs `PRAGMA schema_version` before every read (to clear its schema cache), a WAL read transaction of
/// its own with its shared-memory lock work: about a twentieth of the CPU of reading the latest 100 heart-rate samples.
/// This connection skips it, so nothing that uses GRDB's schema introspection (`tableExists`, `columns(in:)`, …) may
/// run on it: that cache would go stale when the schema changes. SQL and prepared statements stay right: SQLite
/// compiles a statement again when the schema changed since it was prepared.
///
/// There is one at most, opened by the first read that wants it (a store that runs no record read never has one). A
/// read that finds it busy on another thread goes to the pool. It closes when idle: a sweep every ``idleInterval``
/// closes it when no read used it since the sweep before (so between one and two intervals after the last read), and
/// it closes with the store; a read after that goes to the pool. Each connection holds two descriptors (the file and
/// its log), so a process with many stores open is not pushed towards its descriptor limit by stores that are not
/// reading.
final class RecordReadConnection: Sendable {
    private struct State {
        var connection: DatabaseQueue?
        var busy = false
        /// A read used the connection since the last sweep.
        var used = false
        var sweepScheduled = false
        var closed = false
    }

    /// How often an open connection is checked for use, unless told otherwise.
    static let idleInterval: DispatchTimeInterval = .seconds(2)

    private let idleInterval: DispatchTimeInterval
    private let path: String
    private let configuration: Configuration
    private let state = Locked(State())

    /// The connection on the write-ahead-logged file at `path`, opened with `configuration` made read-only, checked
    /// for use every `idleInterval`.
    init(path: String, configuration: Configuration, idleInterval: DispatchTimeInterval = idleInterval) {
        self.idleInterval = idleInterval
        var configuration = configuration
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = false
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` on the connection, outside any transaction (opening the connection when it is closed), or through
    /// `pool` (outside any transaction too) when it is busy, the store is closed, or it cannot be opened.
    func read<T>(_ body: (Database) throws -> T, otherwise pool: any DatabaseReader) throws -> T {
        guard let connection = checkOut() else { return try pool.unsafeRead(body) }
        defer { checkIn(connection) }
        return try connection.inDatabase(body)
    }

    /// Whether the connection is open (for tests).
    var isOpen: Bool { state.withLock { $0.connection != nil } }

    /// Closes the connection now if idle, else when its read ends; reads from now on go to the pool.
    func close() {
        let idle: DatabaseQueue? = state.withLock { state in
            state.closed = true
            guard !state.busy else { return nil }
            defer { state.connection = nil }
            return state.connection
        }
        try? idle?.close()
    }

    /// Closes the connection when no read used it since the last sweep; otherwise (or while a read runs) sweeps again
    /// after the idle interval. Called by the sweep the first read schedules (and by tests).
    func sweep() {
        let (idle, again): (DatabaseQueue?, Bool) = state.withLock { state in
            // Busy covers a read that is opening the connection too.
            if !state.closed, state.busy || state.used {
                state.used = false
                return (nil, true)
            }
            state.sweepScheduled = false
            guard !state.busy else { return (nil, false) }   // closed: the read closes it when it ends
            defer { state.connection = nil }
            return (state.connection, false)
        }
        try? idle?.close()
        if again { scheduleSweep() }
    }

    private func scheduleSweep() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + idleInterval) { [weak self] in self?.sweep() }
    }

    private enum CheckOut {
        case ready(DatabaseQueue)
        case open(sweep: Bool)
        case pool
    }

    private func checkOut() -> DatabaseQueue? {
        let found: CheckOut = state.withLock { state in
            guard !state.closed, !state.busy else { return .pool }
            state.busy = true
            state.used = true
            if let connection = state.connection { return .ready(connection) }
            defer { state.sweepScheduled = true }
            return .open(sweep: !state.sweepScheduled)
        }
        switch found {
        case .ready(let connection): return connection
        case .pool: return nil
        case .open(let sweep):
            if sweep { scheduleSweep() }
            let connection = try? DatabaseQueue(path: path, configuration: configuration)
            state.withLock { state in
                state.connection = connection
                if connection == nil { state.busy = false }
            }
            return connection
        }
    }

    private func checkIn(_ connection: DatabaseQueue) {
        let closing = state.withLock { state in
            state.busy = false
            guard state.closed else { return false }
            state.connection = nil
            return true
        }
        if closing { try? connection.close() }
    }
}

extension Database {
    /// `body`'s result, all its statements in one deferred transaction (one snapshot of the file).
    func inSnapshot<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try inTransaction(.deferred) {
            result = try body()
            return .commit
        }
        return result!
    }
}
