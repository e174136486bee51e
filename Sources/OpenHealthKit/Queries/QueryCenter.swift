package import Foundation
import HealthDatabase

/// One ``HKHealthStore``'s part of the query family: its store's shared change monitor (``StoreHome``) and its own
/// background-delivery intervals (which belong to the app the store acts for).
///
/// Each store has one, made on first use and kept in its ``StoreCore``.
package final class QueryCenter: @unchecked Sendable {
    /// The default interval between polls of the change log: 50 ms.
    package static let defaultPollInterval = StoreHome.defaultPollInterval

    /// The store's change monitor, shared with every store opened on the same storage.
    package let monitor: ChangeMonitor
    /// Minimum seconds between observer notifications, by type identifier (background delivery).
    package let delivery: BackgroundDeliveryState

    init(storage: any HealthStorage) {
        monitor = StoreHome.of(storage).monitor
        delivery = BackgroundDeliveryState()
    }
}
