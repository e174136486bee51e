import Foundation
import GRDB
import HealthDatabase

/// A new store built fast in a file of its own beside its final path, and put there only when complete: the bulk
/// mode of `health import` into a store that does not exist yet.
///
/// The file `PATH-import` is written without a journal (`journal_mode = OFF`, `synchronous = OFF`, one connection
/// holding it exclusively): nothing is written twice (no write-ahead log copied back by checkpoints) and nothing
/// waits for the disk. When the build is complete, ``finish()`` switches the file to the store's write-ahead log
/// (the mode every store has), closes it and flushes it to the disk; ``place()`` then renames it to `PATH`, which is
/// atomic: a reader of `PATH` sees no store or the whole import. A build that fails is removed (``discard()``); one
/// killed midway leaves `PATH-import` behind, never a partial store at `PATH` (`health import` removes it next time).
/// Without a journal a failed statement cannot be rolled back, so the first error ends the build.
///
/// Another program that opens `PATH` while the build runs finds no store there (or the empty file `health`'s writer
/// lock makes): a reader is told there is no health database; a writer makes a store there, which ``place()`` sees
/// (the file is no longer empty, or has a write-ahead log or shared-memory file beside it) and then leaves in place,
/// returning `false`. A store that already has tables is never replaced, even an empty one: a program may hold it
/// open, and would go on reading and writing the replaced file.
public final class NewStoreFile {
    /// The store's final path.
    public let path: String
    /// The file the store is built in: `PATH-import`, beside it.
    public let buildPath: String
    /// The store being built (closed once ``finish()`` has run).
    public let storage: SQLiteHealthStorage

    /// The file a new store at `path` is built in.
    public static func buildPath(for path: String) -> String { path + "-import" }

    /// Whether a new store may be built for `path`: nothing there or an empty file, and no write-ahead log,
    /// shared-memory file or rollback journal beside it (a store whose main file is still empty may hold its first
    /// commits in its log).
    public static func isFree(_ path: String) -> Bool {
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG || status.st_size != 0 { return false }
        return ["-wal", "-shm", "-journal"].allSatisfy { access(path + $0, F_OK) != 0 }
    }

    /// Starts building a new store for `path`, removing what an earlier build killed midway left (the caller
    /// makes sure no other build for `path` runs: `health` writers take turns).
    ///
    /// - Throws: ``StorageError/unavailable(_:)`` naming `path` when the file cannot be created.
    public init(path: String) throws {
        self.path = path
        buildPath = Self.buildPath(for: path)
        Self.remove(buildPath)
        var configuration = SQLiteHealthStorage.configuration
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        do {
            storage = try SQLiteHealthStorage(building: buildPath, shownAs: path, configuration: configuration)
            try storage.deferIndexes()
        } catch {
            Self.remove(buildPath)
            throw error
        }
    }

    /// Makes the built file a store like any other and puts it on the disk: the write-ahead log mode set, the file
    /// closed (``storage`` can no longer be used) and flushed.
    public func finish() throws {
        try storage.buildDeferredIndexes()
        try storage.storageErrors {
            let mode = try storage.writer.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
            guard mode == "wal" else { throw StorageError.unavailable("cannot switch the new health database at \(path) to WAL mode") }
            try (storage.writer as? DatabaseQueue)?.close()
            ReleaseFreeMemory.now()   // the writer's cache and statements, freed on its thread, for what comes next
            try Self.flush(buildPath)
        }
    }

    /// Renames the finished file to ``path`` unless a store appeared there meanwhile (see the type's comment): then
    /// the build is removed and the result is `false`.
    public func place() throws -> Bool {
        guard Self.isFree(path) else {
            discard()
            return false
        }
        var target = stat()
        if stat(path, &target) == 0 { chmod(buildPath, target.st_mode & 0o7777) }   // the permissions someone gave it
        guard rename(buildPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw StorageError.unavailable("cannot put the new health database in place at \(path): \(reason)")
        }
        try? Self.flush(URL(fileURLWithPath: path).deletingLastPathComponent().path)   // the rename itself
        return true
    }

    /// Removes the build (its file, and any journal or log a failure left beside it).
    public func discard() {
        try? (storage.writer as? DatabaseQueue)?.close()
        Self.remove(buildPath)
    }

    /// Whether the open file `descriptor` is still the file at `path` (same device and inode): a writer's lock taken
    /// on a file that a finished build then replaced is a lock on nothing. Here rather than beside the lock in
    /// `HealthCLI`: a clean build there attributed `stat`'s fields to CoreFoundation and refused them under
    /// `MemberImportVisibility`, while this module compiles them.
    public static func isFile(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Removes what a build for `path` killed midway left (the caller makes sure none is running).
    public static func removeBuild(for path: String) { remove(buildPath(for: path)) }

    private static func remove(_ file: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(file + suffix) }
    }

    /// `fsync` of a file or folder.
    private static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.unavailable("cannot open \(path) to flush it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw StorageError.unavailable("cannot flush \(path): \(String(cString: strerror(errno)))") }
    }
}
