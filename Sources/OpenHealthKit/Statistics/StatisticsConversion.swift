import Foundation
package import HealthKitModel

extension StatisticsValues {
    /// Seconds, made once: a collection gives every bucket and source a duration, and making the unit works out its
    /// representation (an hourly year spent a third of its time there).
    private static let seconds = HKUnit.second()

    /// These numbers as `HKStatistics.Figures`: values in `unit` (the type's ``StatisticsUnit``), duration in seconds.
    package func figures(unit: HKUnit) -> HKStatistics.Figures {
        func quantity(_ value: Double?) -> HKQuantity? { value.map { HKQuantity(unit: unit, doubleValue: $0) } }
        return HKStatistics.Figures(
            sum: quantity(sum), average: quantity(average), minimum: quantity(minimum), maximum: quantity(maximum),
            mostRecent: quantity(mostRecent), mostRecentDateInterval: mostRecentInterval,
            duration: duration.map { HKQuantity(unit: Self.seconds, doubleValue: $0) }
        )
    }
}

extension StatisticsBucketResult {
    /// The bucket as an `HKStatistics` of `type`. Per-source figures are attached only when `separateBySource`;
    /// `sources` supplies the `HKSource` of each bundle identifier (one named after the identifier otherwise).
    package func statistics(of type: HKQuantityType, sources: [String: HKSource],
                            separateBySource: Bool) -> HKStatistics {
        let unit = StatisticsUnit(type).unit
        var perSource: [HKSource: HKStatistics.Figures]?
        if separateBySource {
            perSource = Dictionary(uniqueKeysWithValues: bySource.map { id, values in
                (sources[id] ?? HKSource(name: id, bundleIdentifier: id), values.figures(unit: unit))
            })
        }
        return HKStatistics(quantityType: type, startDate: interval.start, endDate: interval.end,
                            merged: merged.figures(unit: unit), bySource: perSource)
    }
}
