import Foundation
package import HealthDatabase
package import HealthKitModel

/// The unit a quantity type's statistics are computed and reported in (OpenHealthKit internals).
///
/// The store keeps every value in the type's canonical unit, which for rates is per second (`count/s` for heart
/// rate). A heart rate of 62 count/min is 1.0333… count/s, and no double brings that back to exactly 62, so
/// figures computed in count/s read 61.99999999999999 in count/min, and an app that shows `Int(value)` shows 61.
/// Discrete types whose canonical unit is `count/s` are therefore computed in `count/min`, the unit apps record
/// them in, from the values as they were saved when saved in that unit (every other type in its canonical unit;
/// cumulative sums always are, as the statistics summaries keep them).
package struct StatisticsUnit: Sendable {
    /// The unit the figures are in.
    package let unit: HKUnit
    private let unitString: String
    /// Multiplies a canonical value into ``unit``.
    private let factor: Double

    /// The statistics unit of `type`.
    package init(_ type: HKQuantityType) {
        let canonical = type.canonicalUnit
        let perMinute = type.aggregationStyle != .cumulative && type.canonicalUnitString == "count/s"
        unit = perMinute ? HKUnit.count().unitDivided(by: .minute()) : canonical
        unitString = unit.unitString
        factor = perMinute ? HKQuantity(unit: canonical, doubleValue: 1).doubleValue(for: unit) : 1
    }

    /// A stored quantity sample's value in ``unit``: the value as saved when it was saved in ``unit``, otherwise the
    /// canonical value converted.
    package func value(of record: SampleRecord) -> Double {
        value(quantity: record.quantity ?? 0, original: record.originalQuantity.flatMap { value in record.unit.map { (value, $0) } })
    }

    /// A canonical value `quantity`, saved as `original`, in ``unit`` (as ``value(of:)``).
    package func value(quantity: Double, original: (value: Double, unit: String)?) -> Double {
        if factor != 1, let original, original.unit == unitString { return original.value }
        return quantity * factor
    }
}
