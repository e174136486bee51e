package import Foundation
package import HealthDatabase
import HealthLocking

/// Everything OpenHealthKit keeps per open store, in one place: the change monitor that feeds long-running queries
/// and the statistics slot caches.
///
/// It is an attachment of the storage instance (``HealthStorage/attachments``), so it lives exactly as long as the
/// store and every ``HKHealthStore`` opened on that instance shares it; the SQLite engine gives every opener of a file
/// in the process the same instance (`SQLiteHealthStorage.shared(path:)`), hence one home per file. Per-app state
/// (background-delivery intervals) stays with each ``HKHealthStore`` (``QueryCenter``).
package final class StoreHome: Sendable {
    /// The default interval between polls of the change log: 50 ms.
    package static let defaultPollInterval: TimeInterval = 0.05

    /// The one change monitor of the store: commits announced on the store's change feed wake it at once, other
    /// processes' commits are seen by its poll.
    package let monitor: ChangeMonitor

    private let slotCaches = Locked<[String: SlotCache]>([:])

    private init(storage: any HealthStorage) {
        monitor = ChangeMonitor(storage: storage, interval: Self.defaultPollInterval)
    }

    /// The home of `storage`, created on first use.
    package static func of(_ storage: any HealthStorage) -> StoreHome {
        storage.attachments.value(StoreHome.self) { StoreHome(storage: storage) }
    }

    /// The statistics slot cache of the quantity type `type`, created by `make` on first use.
    package func slotCache(for type: String, make: () throws -> SlotCache) rethrows -> SlotCache {
        try slotCaches.withLock { slotCaches in
            if let cache = slotCaches[type] { return cache }
            let cache = try make()
            slotCaches[type] = cache
            return cache
        }
    }

    /// Drops every statistics slot cache: the next statistics query makes its cache again from the store's summaries
    /// and kept figures (``FiguresNote``). For a process that prepares a store's statistics type by type and moves
    /// on (`health import`), so it holds one type's cache at a time, not all of them.
    package func forgetSlotCaches() {
        slotCaches.withLock { $0.removeAll() }
    }

    /// The statistics slot caches of the quantity type `type` made so far: the whole type's and those of some
    /// sources, devices or samples.
    package func existingSlotCaches(ofType type: String) -> [SlotCache] {
        slotCaches.withLock { $0.values.filter { $0.type == type } }
    }
}
