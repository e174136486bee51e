import Foundation
import HealthDatabaseSQLite
import HealthLocking

/// One `health` writer per store at a time: a write command holds an exclusive `flock` on the database file until
/// it exits, and a second one waits for its turn, saying so on standard error.
///
/// SQLite serialises transactions but not whole commands: two imports into one new store raced to create the
/// schema ("table object_type already exists") and to store the same objects ("already stored"). `flock` locks are
/// separate from SQLite's own POSIX locks on the file and are released by the system when the process ends,
/// however it ends.
enum WriterTurn {
    /// The descriptors this process holds a turn on, by path. Taking a turn waits inside the lock: a second thread of
    /// the process asking for any store waits until the first has its turn.
    private static let held = Locked<[String: Int32]>([:])

    /// Waits until this process is the only `health` writer of the store at `path` (creating its folder and an
    /// empty file if there is none yet, as the write would).
    ///
    /// A turn taken on a file that was then replaced (a new store put in place by `health import`, ``hand(from:to:_:)``)
    /// is taken again on the file now at `path`.
    static func take(for path: String) {
        held.withLock { held in
            guard held[path] == nil else { return }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var told = false
            while true {
                var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
                guard descriptor >= 0 else { return }   // SQLite will name the problem when it opens the file
                if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                    if !told { Console.error("another health command is writing to \(path); waiting for it to finish (Ctrl-C stops)") }
                    told = true
                    while flock(descriptor, LOCK_EX) != 0 {
                        guard errno == EINTR else { close(descriptor); return }
                    }
                }
                guard NewStoreFile.isFile(descriptor, at: path) else {
                    close(descriptor)
                    continue
                }
                held[path] = descriptor
                return
            }
        }
    }

    /// Runs `place`, which renames the file at `replacement` to `path` when it returns `true`, holding the turn on
    /// both files: after the rename this process's turn is on the new file, and a command waiting on the old one
    /// finds it replaced and waits on the new one.
    static func hand(from path: String, to replacement: String, _ place: () throws -> Bool) rethrows -> Bool {
        take(for: replacement)
        let placed = try place()
        held.withLock { held in
            if placed, let old = held[path] { close(old) }
            let new = held.removeValue(forKey: replacement)
            if placed { held[path] = new } else if let new { close(new) }
        }
        return placed
    }
}
