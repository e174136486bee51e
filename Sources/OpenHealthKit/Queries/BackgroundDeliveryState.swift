public import Foundation
import HealthDatabase
import HealthLocking

/// How often a long-lived process may be woken for new data of a type (HealthKit's background delivery).
public enum HKUpdateFrequency: Int, Sendable, CaseIterable {
    /// As soon as the data changes.
    case immediate = 1
    /// At most once an hour.
    case hourly = 2
    /// At most once a day.
    case daily = 3
    /// At most once a week.
    case weekly = 4

    /// The minimum time between two observer notifications for a type with this frequency, unless the store
    /// was configured otherwise (OpenHealthKit extension).
    public var defaultMinimumInterval: TimeInterval {
        switch self {
        case .immediate: 0
        case .hourly: 3600
        case .daily: 86_400
        case .weekly: 604_800
        }
    }
}

/// The background-delivery frequencies of one store, by type identifier, and the interval each frequency
/// stands for. Persisted per app in the store's settings (HealthKit keeps registrations across launches).
package final class BackgroundDeliveryState: Sendable {
    private struct State {
        /// The registrations, once loaded from the settings.
        var frequencies: [String: HKUpdateFrequency]?
        var intervals: [HKUpdateFrequency: TimeInterval] = [:]
    }

    private let state = Locked(State())

    package init() {}

    /// The settings key holding `app`'s registrations (a JSON object: type identifier to frequency).
    package static func settingKey(app: String) -> String { "backgroundDelivery.\(app)" }

    /// The minimum seconds between observer notifications for `type`: 0 when background delivery is off.
    package func minimumInterval(for type: String, context: QueryContext) -> TimeInterval {
        let frequency = loaded(context)[type]
        return state.withLock { state in frequency.map { state.intervals[$0] ?? $0.defaultMinimumInterval } ?? 0 }
    }

    /// The interval `frequency` stands for.
    package func interval(for frequency: HKUpdateFrequency) -> TimeInterval {
        state.withLock { $0.intervals[frequency] ?? frequency.defaultMinimumInterval }
    }

    /// Sets the interval `frequency` stands for.
    package func setInterval(_ interval: TimeInterval, for frequency: HKUpdateFrequency) {
        state.withLock { $0.intervals[frequency] = max(0, interval) }
    }

    /// Sets (or with nil removes) the frequency of `types` (every registered type when nil) and saves them.
    package func set(_ frequency: HKUpdateFrequency?, for types: [String]?, context: QueryContext) throws {
        var current = loaded(context)
        for type in types ?? Array(current.keys) { current[type] = frequency }
        let json = try JSONEncoder().encode(current.mapValues(\.rawValue))
        try context.storage.setSetting(Self.settingKey(app: context.app.bundleIdentifier),
                                       to: current.isEmpty ? nil : String(decoding: json, as: UTF8.self))
        state.withLock { $0.frequencies = current }
    }

    private func loaded(_ context: QueryContext) -> [String: HKUpdateFrequency] {
        if let frequencies = state.withLock({ $0.frequencies }) { return frequencies }
        let text = (try? context.storage.setting(Self.settingKey(app: context.app.bundleIdentifier))) ?? nil
        let raw = text.flatMap { try? JSONDecoder().decode([String: Int].self, from: Data($0.utf8)) } ?? [:]
        let decoded = raw.compactMapValues(HKUpdateFrequency.init(rawValue:))
        return state.withLock { state in
            if state.frequencies == nil { state.frequencies = decoded }
            return state.frequencies ?? decoded
        }
    }
}
