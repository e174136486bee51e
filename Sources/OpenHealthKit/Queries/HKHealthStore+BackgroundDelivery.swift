public import Foundation

/// Background delivery on Linux: a long-lived process is never suspended, so "waking the app" means calling
/// its observer queries. Enabling background delivery for a type bounds how often that happens: observer
/// queries of the store report changes to the type at most once per the frequency's interval (immediate:
/// no bound; hourly; daily; weekly), and changes in between are reported together once the interval has
/// passed. Registrations are kept per app in the database, as HealthKit keeps them across launches.
extension HKHealthStore {
    /// The interval `frequency` stands for in this store, in seconds (OpenHealthKit extension; by default
    /// ``HKUpdateFrequency/defaultMinimumInterval``). Tests and servers may shorten it.
    public func backgroundDeliveryInterval(for frequency: HKUpdateFrequency) -> TimeInterval {
        queryCenter?.delivery.interval(for: frequency) ?? frequency.defaultMinimumInterval
    }

    /// Sets the interval `frequency` stands for in this store (OpenHealthKit extension).
    public func setBackgroundDeliveryInterval(_ interval: TimeInterval, for frequency: HKUpdateFrequency) {
        queryCenter?.delivery.setInterval(interval, for: frequency)
    }

    /// Records (or with nil removes) the app's registration for `types` (all when nil) and reports to `completion`.
    func updateDelivery(_ frequency: HKUpdateFrequency?, for types: [String]?,
                                completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do {
                let context = try QueryContext(store: self)
                try context.center.delivery.set(frequency, for: types, context: context)
                completion(true, nil)
            } catch {
                completion(false, HKError.from(error))
            }
        }
    }

}
