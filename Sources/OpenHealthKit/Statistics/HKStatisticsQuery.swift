public import Foundation
import HealthDatabase
import HealthUnits
public import HealthKitModel

/// A one-shot query for the statistics of one quantity type over every matching sample: one interval from the
/// earliest start to the latest end of the samples the app may read (its read scope, as ``HKSampleQuery``).
///
/// Sums are merged by the store's source priority (``HKHealthStore/sourcePriority()``). Only the figures the options ask for
/// are present; per-source figures only with ``HKStatisticsOptions/separateBySource``. No matching sample:
/// nil statistics and ``HKError/Code/errorNoData``.
open class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the statistics (nil on error) and the error.
    public typealias CompletionHandler = (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// The quantity type the statistics are computed for.
    let quantityType: HKQuantityType
    /// The figures to compute.
    let options: HKStatisticsOptions

    private let completionHandler: CompletionHandler

    /// A query for `options`' figures over the samples of `quantityType` matching `quantitySamplePredicate`.
    /// Traps like HealthKit when an option does not fit the type (a discrete option on a cumulative type, or
    /// `cumulativeSum` on a discrete one); ``checked(quantityType:quantitySamplePredicate:options:completionHandler:)``
    /// throws instead.
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions,
                completionHandler handler: @escaping (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void) {
        do throws(HKError) { try options.validate(for: quantityType) } catch { raiseInvalidArgument(error.localizedDescription) }
        self.quantityType = quantityType
        self.options = options
        self.completionHandler = handler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension): throws `errorInvalidArgument` when an option
    /// does not fit the type.
    public static func checked(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
                               options: HKStatisticsOptions,
                               completionHandler: @escaping CompletionHandler) throws(HKError) -> HKStatisticsQuery {
        try options.validate(for: quantityType)
        return HKStatisticsQuery(quantityType: quantityType, quantitySamplePredicate: quantitySamplePredicate,
                                 options: options, completionHandler: completionHandler)
    }

    package override func start(_ run: QueryRun) {
        let result = Result { () throws -> HKStatistics in
            let reader = try StatisticsReader(context: run.context, type: quantityType, predicate: predicate, options: options)
            return try Self.statistics(reader)
        }
        execution.finish()
        switch result {
        case .success(let statistics): completionHandler(self, statistics, nil)
        case .failure(let error): completionHandler(self, nil, HKError.from(error))
        }
    }

    package override func fail(_ error: HKError) {
        completionHandler(self, nil, error)
    }

    /// One bucket from the earliest start to the latest end of `reader`'s samples, masked to its options; throws
    /// `errorNoData` when there are none.
    ///
    /// For a cumulative type the bucket is also clipped to the predicate's date window (``StatisticsReader/dateWindow``),
    /// so a sample reaching across the window's edge counts for the part inside it, as in a collection query's interval
    /// (today's steps do not take in the whole of a walk that began before midnight, and a sample that merely ends at
    /// the window's start adds nothing). HealthKit's documentation does not say; its statistics queries give the
    /// fractional sums this proration produces. Discrete figures use every matching sample. Sums the summaries can
    /// serve come from them but for the ragged ends (``StatisticsSpan``).
    static func statistics(_ reader: StatisticsReader) throws -> HKStatistics {
        guard let range = try reader.dataRange() else {
            throw HKError(.errorNoData, "No data available for the specified predicate.")
        }
        // Buckets are half-open, so the computed bucket ends just after the latest end: an instantaneous sample
        // at that instant still belongs to it (and holds there for a negligible ~1e-7 s).
        var start = range.start, end = Date(timeIntervalSinceReferenceDate: range.end.timeIntervalSinceReferenceDate.nextUp)
        if reader.type.aggregationStyle == .cumulative, let window = reader.dateWindow {
            start = max(start, window.start ?? start)
            end = max(start, min(end, window.end ?? end))
        }
        let interval = DateInterval(start: start, end: end)
        if let (result, sources) = try StatisticsSpan.compute(interval, reader: reader) {
            return result.statistics(of: reader.type, sources: sources, options: reader.options, interval: range)
        }
        let (results, sources) = try reader.computeWithSources([interval])
        let result = results[0]
        return result.statistics(of: reader.type, sources: sources, options: reader.options, interval: range)
    }
}
