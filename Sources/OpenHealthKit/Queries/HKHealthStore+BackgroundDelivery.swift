import Foundation

/// Background delivery on Linux: a long-lived process is never suspended, so "waking the app" means calling
/// its observer queries. Enabling background delivery for a type bounds how often that happens: observer
/// queries of the store report changes to the type at most once per the frequency's interval (immediate:
/// no bound; hourly; daily; weekly), and changes in between are reported together once the interval has
/// passed. Registrations are kept per app in the database, as HealthKit keeps them across launches.
extension HKHealthStore {
    /// Bounds how often observer queries report changes to `type` (see the extension's discussion).
    public func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        updateDelivery(frequency, for: [type.identifier], completion: completion)
    }

    /// Bounds how often observer queries report changes to `type` (async form).
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try await deliveryUpdate(frequency, for: [type.identifier])
    }

    /// Removes the bound on observer notifications for `type`.
    public func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        updateDelivery(nil, for: [type.identifier], completion: completion)
    }

    /// Removes the bound on observer notifications for `type` (async form).
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        try await deliveryUpdate(nil, for: [type.identifier])
    }

    /// Removes every background-delivery registration of the app.
    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        updateDelivery(nil, for: nil, completion: completion)
    }

    /// Removes every background-delivery registration of the app (async form).
    public func disableAllBackgroundDelivery() async throws {
        try await deliveryUpdate(nil, for: nil)
    }

    /// The interval `frequency` stands for in this store, in seconds (OpenHealthKit extension; by default
    /// ``HKUpdateFrequency/defaultMinimumInterval``). Tests and servers may shorten it.
    public func backgroundDeliveryInterval(for frequency: HKUpdateFrequency) -> TimeInterval {
        queryCenter?.delivery.interval(for: frequency) ?? frequency.defaultMinimumInterval
    }

    /// Sets the interval `frequency` stands for in this store (OpenHealthKit extension).
    public func setBackgroundDeliveryInterval(_ interval: TimeInterval, for frequency: HKUpdateFrequency) {
        queryCenter?.delivery.setInterval(interval, for: frequency)
    }

    private func updateDelivery(_ frequency: HKUpdateFrequency?, for types: [String]?,
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

    private func deliveryUpdate(_ frequency: HKUpdateFrequency?, for types: [String]?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            updateDelivery(frequency, for: types) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
