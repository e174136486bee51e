import Foundation
import GRDB
import HealthLocking

/// Copies a file store's write-ahead log into the database file on a connection and thread of its own, while the
/// writer goes on committing (a passive checkpoint: it copies the frames committed when it starts and waits for no
/// one). The writer's own checkpoints, automatic at 10,000 pages and at close, block its commits (and the process's
/// exit) for as long as the copy and its two syncs take; checkpoints done here as the writes go leave them only what
/// was committed since the last one. At most one runs at a time; a request while one runs is dropped (the next
/// request copies those frames). A failed checkpoint is harmless, as SQLite's automatic ones are: the frames stay in
/// the log for the next one.
final class BackgroundCheckpoint: Sendable {
    private struct State {
        var running = false
        /// Every commit starts one (``afterCommit()``).
        var everyCommit = false
        /// Opened on first use; used only on `queue`.
        var connection: DatabaseQueue?
    }

    private let path: String
    // Default priority, not utility: the exit waits for a running checkpoint, and on a busy machine a low-priority
    // thread made it wait most of a second.
    private let queue = DispatchQueue(label: "OpenHealthKit.checkpoint")
    private let state = Locked(State())

    init(path: String) {
        self.path = path
    }

    /// Whether every commit starts a checkpoint (unless one is running).
    func setEveryCommit(_ on: Bool) {
        state[\.everyCommit] = on
    }

    /// Told by the writer after each commit.
    func afterCommit() {
        if state[\.everyCommit] { start() }
    }

    /// Starts a passive checkpoint unless one is running.
    func start() {
        let idle = state.withLock { state in
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard idle else { return }
        queue.async { [self] in
            var connection = state.current.connection
            do {
                if connection == nil {
                    var configuration = Configuration()
                    configuration.label = "OpenHealthKit.checkpoint"
                    connection = try DatabaseQueue(path: path, configuration: configuration)
                }
                try connection?.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
            } catch {
                try? connection?.close()
                connection = nil
            }
            state.withLock { state in
                state.connection = connection
                state.running = false
            }
        }
    }

    /// Waits for a running checkpoint.
    func wait() {
        queue.sync {}
    }

    /// Waits for a running checkpoint and closes the connection, so that the writer, when it closes last, checkpoints
    /// what is left and removes the log as it always does.
    func close() {
        queue.sync {
            let connection = state.withLock { state in
                defer { state.connection = nil }
                return state.connection
            }
            try? connection?.close()
        }
    }
}
