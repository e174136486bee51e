import Foundation
public import HealthUnits

/// The classification of a night's Apple Sleeping Breathing Disturbances value (`appleSleepingBreathingDisturbances`,
/// a count of breathing disturbances per hour of sleep), as HealthKit's `HKAppleSleepingBreathingDisturbancesClassification`
/// (iOS 18).
///
/// Fewer than 11 disturbances is **not elevated**, 11 or more is **elevated**: the threshold HealthKit's own
/// classification function applies (Apple does not publish it in the documentation). A value on the threshold is
/// elevated. As in HealthKit, the C functions behind this type are not visible to Swift: use
/// ``init(classifying:)`` and ``minimum``.
public enum HKAppleSleepingBreathingDisturbancesClassification: Int, Sendable, CaseIterable {
    /// Breathing disturbances are not elevated: fewer than 11.
    case notElevated = 0
    /// Breathing disturbances are elevated: 11 or more.
    case elevated = 1

    /// The classification of `appleSleepingBreathingDisturbances`, a quantity in a unit compatible with
    /// `HKUnit.count()`; `nil` when the unit is not a count or the value is negative (or not a number), as HealthKit
    /// answers `nil` for a value it cannot classify.
    public init?(classifying appleSleepingBreathingDisturbances: HKQuantity) {
        guard appleSleepingBreathingDisturbances.is(compatibleWith: .count()) else { return nil }
        let value = appleSleepingBreathingDisturbances.doubleValue(for: .count())
        guard value >= 0 else { return nil }
        self = value < Self.elevatedThreshold ? .notElevated : .elevated
    }

    /// The lowest value of the classification, as a count quantity: 0 for not elevated, 11 for elevated.
    public var minimum: HKQuantity {
        HKQuantity(unit: .count(), doubleValue: self == .elevated ? Self.elevatedThreshold : 0)
    }

    private static let elevatedThreshold = 11.0
}
