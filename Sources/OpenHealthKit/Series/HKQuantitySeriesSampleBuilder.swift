public import Foundation
public import HealthKitModel

/// Builds a quantity sample made of many quantities, each with its own date interval, and saves it (iOS 12).
///
/// Insert quantities with `insert(_:for:)` or `insert(_:at:)` (a quantity starting where an earlier one starts
/// replaces it), then `finishSeries(metadata:endDate:)`: the builder saves one ``HKQuantitySample`` whose `count` is
/// the number of quantities, starting at the builder's start date and ending at `endDate` (or the latest end of its
/// quantities), and returns it in an array, as HealthKit returns "one or more samples". Its `quantity` is the sum of
/// the quantities for a cumulative type and their average for a discrete type, in the unit of the earliest quantity;
/// a discrete sample's minimum, maximum and most recent quantity come from the series.
/// `HKQuantitySeriesSampleQuery` reads the quantities back one by one. Finishing needs sharing authorization for the
/// quantity type and at least one quantity; afterwards, and after `discard()`, every call fails with
/// `errorInvalidArgument`. Completion handlers run on a background queue.
open class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
    private let collector: SeriesCollector<Entry>

    /// The quantity type of the series.
    public let quantityType: HKQuantityType
    /// The start of the series: no quantity may start earlier.
    public let startDate: Date
    /// The device providing the data.
    public let device: HKDevice?

    /// One inserted quantity.
    struct Entry: @unchecked Sendable {
        let quantity: HKQuantity
        let interval: DateInterval
    }

    /// Creates a builder for a series of `quantityType` starting at `startDate`, saved to `healthStore`.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        collector = SeriesCollector(store: healthStore, noun: "quantity series")
        self.quantityType = quantityType
        self.startDate = startDate
        self.device = device
        super.init()
    }

    /// Adds `quantity` over `dateInterval`; it replaces a quantity inserted before with the same start. Throws
    /// `errorInvalidArgument` when the unit does not fit the quantity type, the interval starts before ``startDate``,
    /// or the builder was finished or discarded.
    public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        let entry = try checked(quantity, dateInterval)
        try collector.updateNow { Self.insert(entry, into: &$0.items) }
    }

    /// Adds `quantity` at the instant `date` (an interval of no duration); throws as `insert(_:for:)`.
    public func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Adds `quantity` over `dateInterval` and reports on a background queue (the iOS 13 completion form).
    @available(*, deprecated, renamed: "insert(_:for:)")
    public func insertQuantity(_ quantity: HKQuantity, dateInterval: DateInterval,
                               completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let entry = Result { () throws(HKError) in try checked(quantity, dateInterval) }
        collector.update(completion) { try Self.insert(entry.get(), into: &$0.items) }
    }

    /// Adds `quantity` at `date` and reports on a background queue (the iOS 12 completion form).
    @available(*, deprecated, renamed: "insert(_:at:)")
    public func insertQuantity(_ quantity: HKQuantity, date: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        insertQuantity(quantity, dateInterval: DateInterval(start: date, duration: 0), completion: completion)
    }

    /// Creates the series sample, ending at `endDate` (nil: the latest end of its quantities), and saves it. Fails
    /// with `errorInvalidArgument` when nothing was inserted or `endDate` is before the start or a quantity's end.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?,
                             completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        let checked = MetadataBox.validated(metadata ?? [:])
        collector.finish({ try self.makeSeries($0, metadata: checked.get().value, endDate: endDate) }, completion: completion)
    }

    /// Creates and saves the series sample, ending at the latest end of its quantities.
    public func finishSeries(metadata: [String: Any]?, completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Creates and saves the series sample; throws as `finishSeries(metadata:endDate:completion:)` reports.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        let checked = MetadataBox.validated(metadata ?? [:])
        return try await collector.finish { try self.makeSeries($0, metadata: checked.get().value, endDate: endDate) }
    }

    /// Creates and saves the series sample, ending at the latest end of its quantities.
    public func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }

    /// Drops the quantities inserted; nothing is saved, and later calls fail.
    public func discard() {
        collector.discard()
    }

    private func checked(_ quantity: HKQuantity, _ interval: DateInterval) throws(HKError) -> Entry {
        guard quantityType.is(compatibleWith: quantity.originalUnit) else {
            throw HKError(.errorInvalidArgument, "\(quantity) is not compatible with \(quantityType.identifier)")
        }
        guard quantity.originalValue.isFinite else {
            throw HKError(.errorInvalidArgument, "A series quantity must be a finite number (\(quantity.originalValue))")
        }
        guard interval.start >= startDate else {
            throw HKError(.errorInvalidArgument, "A quantity starting at \(interval.start) is before the series start (\(startDate))")
        }
        return Entry(quantity: quantity, interval: interval)
    }

    private static func insert(_ entry: Entry, into entries: inout [Entry]) {
        if let index = entries.firstIndex(where: { $0.interval.start == entry.interval.start }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    private func makeSeries(_ contents: SeriesCollector<Entry>.Contents, metadata: [String: Any],
                            endDate: Date?) throws -> [HKQuantitySample] {
        let entries = contents.items.sorted { $0.interval.start < $1.interval.start }
        guard let first = entries.first else {
            throw HKError(.errorInvalidArgument, "A quantity series needs at least one quantity before it is finished")
        }
        let latest = entries.map(\.interval.end).max() ?? startDate
        let end = endDate ?? latest
        guard end >= startDate, end >= latest else {
            throw HKError(.errorInvalidArgument, "The series cannot end (\(end)) before its start (\(startDate)) or its last quantity (\(latest))")
        }
        let unit = first.quantity.originalUnit
        let values = entries.map { QuantitySeriesValue(value: $0.quantity.doubleValue(for: unit), start: $0.interval.start, end: $0.interval.end) }
        let total = values.reduce(0) { $0 + $1.value }
        let value = quantityType.aggregationStyle == .cumulative ? total : total / Double(values.count)
        let merged = contents.metadata.merging(metadata) { $1 }
        let sample = HKQuantitySample.make(
            type: quantityType, quantity: HKQuantity(unit: unit, doubleValue: value), count: values.count, start: startDate, end: end,
            uuid: ObjectUUID.make(), sourceRevision: collector.store.appRevision, device: device,
            metadata: merged.isEmpty ? nil : merged, seriesValues: values)
        try collector.store.store([sample])
        return [sample]
    }
}
