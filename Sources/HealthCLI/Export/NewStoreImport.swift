import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import HealthExport

/// `health import` into a store that does not exist yet (no file, or the empty one the writer's turn made): the
/// bulk mode. The store is built in `PATH-import` without a journal and renamed to `PATH` when complete
/// (``NewStoreFile``, which says why that is safe for programs that open `PATH` meanwhile): about a fifth less work
/// for the writing thread, and an import that fails or is killed leaves no store at `PATH`.
enum NewStoreImport {
    /// Imports `source` with `importer` into a new store at `path` when there is none there yet (the caller holds
    /// the writer's turn on `path`), returning its report; `nil` when `path` already holds a store, or another
    /// program made one there while importing (then nothing was stored, and the import is to run the usual way).
    static func run(_ importer: ExportImporter, from source: String, to path: String) throws -> ImportReport? {
        guard NewStoreFile.isFree(path) else {
            NewStoreFile.removeBuild(for: path)   // left by a build killed midway
            return nil
        }
        let build = try NewStoreFile(path: path)
        RemovedOnSignal.arm(build.buildPath)
        defer { RemovedOnSignal.disarm() }
        let summary: ImportReport
        do {
            // The import writes time-ordered records: a small page cache costs no speed and keeps memory low.
            try build.storage.setWriterCacheSize(megabytes: 16)
            summary = try importer.run(path: source, into: build.storage)
            try build.finish()
        } catch {
            build.discard()
            throw error
        }
        guard try WriterTurn.hand(from: path, to: build.buildPath, build.place) else {
            Console.error("another program created a health database at \(path) during the import; importing into it")
            return nil
        }
        return summary
    }
}

/// The file a build is writing, removed when the process is stopped by SIGINT, SIGTERM or SIGHUP (then stopped by
/// the signal as it would have been).
private enum RemovedOnSignal {
    nonisolated(unsafe) private static var file: UnsafeMutablePointer<CChar>?

    static func arm(_ path: String) {
        file = strdup(path)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                if let file = RemovedOnSignal.file { unlink(file) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
        free(file)
        file = nil
    }
}
