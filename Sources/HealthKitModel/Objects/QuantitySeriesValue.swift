package import Foundation

/// One quantity of a quantity series sample (OpenHealthKit internals): its value in the sample's unit and its date
/// interval. `HKQuantitySeriesSampleBuilder` makes them, the store keeps them in the record's payload, and
/// `HKQuantitySeriesSampleQuery` hands them out one by one.
package struct QuantitySeriesValue: Sendable, Hashable, Codable {
    /// The value, in the unit of the sample's `quantity`.
    package var value: Double
    /// When the quantity starts.
    package var start: Date
    /// When it ends (equal to `start` for a quantity at one instant).
    package var end: Date

    /// Creates a value.
    package init(value: Double, start: Date, end: Date) {
        self.value = value
        self.start = start
        self.end = end
    }

    private enum CodingKeys: String, CodingKey {
        case value = "v", start = "s", end = "e"
    }

    /// The quantity in `unit` and its date interval.
    package func quantity(in unit: HKUnit) -> (quantity: HKQuantity, interval: DateInterval) {
        (HKQuantity(unit: unit, doubleValue: value), DateInterval(start: start, end: end))
    }
}
