public import Foundation
public import HealthKitModel

/// The statistics of a collection query: one `HKStatistics` per interval, laid out from the query's anchor date
/// in steps of its interval components.
///
/// The computed intervals run from the one containing the earliest matching sample to the one containing the
/// latest; ``statistics()`` returns those that hold data. Intervals outside that range, or without data, come back
/// from ``statistics(for:)`` and ``enumerateStatistics(from:to:with:)`` as statistics with every quantity nil.
open class HKStatisticsCollection: NSObject, @unchecked Sendable {
    private let type: HKQuantityType
    private let options: HKStatisticsOptions
    private let buckets: StatisticsBuckets
    private let firstIndex: Int
    private let computed: [HKStatistics?]
    private let allSources: Set<HKSource>

    /// A collection over `buckets`; `computed[i]` is bucket `firstIndex + i` (nil: no data there).
    package init(type: HKQuantityType, options: HKStatisticsOptions, buckets: StatisticsBuckets,
                 firstIndex: Int, computed: [HKStatistics?]) {
        self.type = type
        self.options = options
        self.buckets = buckets
        self.firstIndex = firstIndex
        self.computed = computed
        self.allSources = options.contains(.separateBySource)
            ? Set(computed.lazy.compactMap { $0?.sources }.joined()) : []
        super.init()
    }

    /// The statistics of the interval containing `date`; every quantity nil when it holds no data.
    public func statistics(for date: Date) -> HKStatistics? {
        statistics(at: buckets.index(containing: date))
    }

    /// Calls `block` with the statistics of every interval from the one containing `startDate` to the one
    /// containing `endDate`, in order (empty intervals with nil quantities); set the flag to true to stop.
    public func enumerateStatistics(from startDate: Date, to endDate: Date,
                                    with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard endDate >= startDate else { return }
        var stop = ObjCBool(false)
        let last = buckets.index(containing: endDate)
        var k = buckets.index(containing: startDate)
        while k <= last {
            block(statistics(at: k), &stop)
            if stop.boolValue { return }
            k += 1
        }
    }

    /// The statistics of every interval that holds data, in chronological order.
    public func statistics() -> [HKStatistics] {
        computed.compactMap { $0 }
    }

    /// The sources of the statistics; empty unless the query separated by source.
    public func sources() -> Set<HKSource> {
        allSources
    }

    private func statistics(at k: Int) -> HKStatistics {
        let offset = k - firstIndex
        if offset >= 0, offset < computed.count, let found = computed[offset] { return found }
        let interval = buckets.interval(at: k)
        return HKStatistics(quantityType: type, startDate: interval.start, endDate: interval.end,
                            merged: HKStatistics.Figures(), bySource: options.contains(.separateBySource) ? [:] : nil)
    }
}
