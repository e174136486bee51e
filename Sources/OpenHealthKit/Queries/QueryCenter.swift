import Foundation
import HealthDatabase

/// Per-store state of the query family: the one change monitor shared by the store's long-running
/// queries, and the background-delivery frequencies.
///
/// A store has exactly one center, found through ``QueryCenter/of(_:storage:)``; the registry holds the
/// store weakly, so a center lives as long as its store (and its running queries, which hold it).
package final class QueryCenter: @unchecked Sendable {
    /// The default interval between polls of the change log: 50 ms.
    package static let defaultPollInterval: TimeInterval = 0.05

    /// The store's change monitor.
    package let monitor: ChangeMonitor
    /// Minimum seconds between observer notifications, by type identifier (background delivery).
    package let delivery: BackgroundDeliveryState

    private init(storage: any HealthStorage) {
        monitor = ChangeMonitor(storage: storage, interval: Self.defaultPollInterval)
        delivery = BackgroundDeliveryState()
    }

    private struct Entry {
        weak var store: HKHealthStore?
        let center: QueryCenter
    }

    nonisolated(unsafe) private static var registry: [ObjectIdentifier: Entry] = [:]
    private static let registryLock = NSLock()

    /// The center of `store`, created on first use over `storage`.
    package static func of(_ store: HKHealthStore, storage: @autoclosure () -> any HealthStorage) -> QueryCenter {
        registryLock.withLock {
            let key = ObjectIdentifier(store)
            if let entry = registry[key], entry.store === store { return entry.center }
            registry = registry.filter { $0.value.store != nil }
            let center = QueryCenter(storage: storage())
            registry[key] = Entry(store: store, center: center)
            return center
        }
    }

    /// Tells the change monitor of every store in this process to poll now.
    ///
    /// Called after this process commits a save or deletion, so long-running queries in the same process (an
    /// observer, an anchored query, a statistics collection) see it at once instead of at the next poll. Other
    /// processes' commits are still found by polling. A monitor with no running query ignores the call.
    package static func changeCommitted() {
        let centers = registryLock.withLock { registry.values.filter { $0.store != nil }.map(\.center) }
        for center in centers { center.monitor.poke() }
    }
}
