import Foundation
import HealthDatabase
import HealthLocking

// One open store per database file in a process, as GRDB asks (one connection pool per file): everyone in the process
// who opens the file through `shared(path:)` gets the same instance, so they share its connection pool, its change feed
// (a commit by one wakes the others' queries at once) and the per-store state the layers above attach to it.
extension SQLiteHealthStorage {
    /// The open store of the file at `path`, opening it (as ``init(path:)`` does) when no one in this process has it
    /// open through this method. The instance stays shared while anyone holds it.
    ///
    /// Files are told apart by their full path with symbolic links resolved, so `./health.sqlite` and its absolute
    /// path give one store.
    public static func shared(path: String) throws -> SQLiteHealthStorage {
        let key = OpenFiles.key(for: path)
        return try OpenFiles.stores.withLock { stores in
            if let open = stores[key]?.storage { return open }
            let storage = try SQLiteHealthStorage(path: path)
            stores = stores.filter { $0.value.storage != nil }
            stores[key] = OpenFiles.Entry(storage: storage)
            return storage
        }
    }
}

/// The files this process has open through ``SQLiteHealthStorage/shared(path:)``, held weakly.
private enum OpenFiles {
    struct Entry {
        weak var storage: SQLiteHealthStorage?
    }

    static let stores = Locked<[String: Entry]>([:])

    /// The file's full path with the folder's symbolic links resolved (the file itself may not exist yet).
    static func key(for path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
        return folder.appendingPathComponent(url.lastPathComponent).path
    }
}
