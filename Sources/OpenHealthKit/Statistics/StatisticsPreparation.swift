package import Foundation
package import HealthDatabase

/// What an import does after storing (`health import`, the server's import jobs), so that the first statistics query
/// reads ready figures instead of taking seconds and writing megabytes: installs the store's statistics summaries and, for every cumulative type the store
/// holds, computes what one collection query over all time computes on its first run, the merged runs where sources
/// overlap, and keeps them in the store (see docs/Statistics.md, "SlotSums"), one type at a time (two at once hold two types' caches:
/// tried, the peak of `health import` of the 1,000,000-record demo export rose from 145 to 172 MB).
package enum StatisticsPreparation {
    /// Prepares the summaries and the runs of every stored cumulative type of `storage`.
    package static func prepare(_ storage: any HealthStorage) throws {
        let store = HKHealthStore.owner(storage: storage)
        guard let summaries = storage as? any SlotSumStorage else { return }
        try summaries.prepareSlotSums()
        let types = HKObjectType.allTypes(ofKind: .quantity).compactMap { $0 as? HKQuantityType }.filter { $0.aggregationStyle == .cumulative }
        for type in types where try storage.count(matching: .types([type.identifier])) > 0 {
            try prepare(type, store: store)
            // Its figures are kept in the store now; holding every type's cache would grow with the whole export.
            StoreHome.of(storage).forgetSlotCaches()
        }
    }

    /// Computes and keeps the merged runs of `type` that a collection query over all time (daily, by source) computes
    /// on its first run, without that query's statistics (a day's figures per source: for 600 sources over a year,
    /// tens of megabytes at the preparation's peak; `HKStatisticsCollectionQuery/computeRuns(_:)`).
    private static func prepare(_ type: HKQuantityType, store: HKHealthStore) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let anchor = calendar.date(from: DateComponents(year: 2000, month: 1, day: 1))!
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: nil,
                                                options: [.cumulativeSum, .separateBySource], anchorDate: anchor,
                                                intervalComponents: DateComponents(day: 1))
        query.intervalCalendar = calendar
        try query.computeRuns(query.reader(QueryContext(store: store)))
    }
}
