import Foundation
import HealthDatabase
import HealthUnits
import HealthKitModel

/// A one-shot query for the statistics of one quantity type over every matching sample: one interval from the
/// earliest start to the latest end of the samples the app may read (its read scope, as ``HKSampleQuery``).
///
/// Sums are merged by source priority. Until a persisted priority order exists, the interim default ranks sources
/// by bundle identifier (``StatisticsSourcePriority`` with an empty list). Only the figures the options ask for
/// are present; per-source figures only with ``HKStatisticsOptions/separateBySource``. No matching sample:
/// nil statistics and ``HKError/Code/errorNoData``.
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the statistics (nil on error) and the error.
    public typealias CompletionHandler = (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// The quantity type the statistics are computed for.
    public let quantityType: HKQuantityType
    /// The figures to compute.
    public let options: HKStatisticsOptions

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
            let context = run.context
            let records = try context.storage.records(
                matching: try context.filter(types: [quantityType], predicate: predicate), sort: [], limit: nil)
            let samples = try QueryMapping.samples(from: records, storage: context.storage).compactMap { $0 as? HKQuantitySample }
            return try Self.statistics(of: samples, type: quantityType, options: options)
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

    /// One bucket over `samples`, masked to `options`; throws `errorNoData` when there are none.
    static func statistics(of samples: [HKQuantitySample], type: HKQuantityType,
                           options: HKStatisticsOptions) throws(HKError) -> HKStatistics {
        guard let start = samples.map(\.startDate).min(), let end = samples.map(\.endDate).max() else {
            throw HKError(.errorNoData, "No data available for the specified predicate.")
        }
        let unit = type.canonicalUnit
        var sources: [String: HKSource] = [:]
        let inputs = samples.map { sample in
            let source = sample.sourceRevision.source
            sources[source.bundleIdentifier] = source
            return StatisticsSample(start: sample.startDate, end: sample.endDate,
                                    value: sample.quantity.doubleValue(for: unit), source: source.bundleIdentifier)
        }
        // Buckets are half-open, so the computed bucket ends just after the latest end: an instantaneous sample
        // at that instant still belongs to it (and holds there for a negligible ~1e-7 s).
        let interval = DateInterval(start: start, end: Date(timeIntervalSinceReferenceDate: end.timeIntervalSinceReferenceDate.nextUp))
        let separate = options.contains(.separateBySource)
        let bucket = StatisticsEngine.compute(inputs, intervals: [interval], style: type.aggregationStyle,
                                              priority: StatisticsSourcePriority(), separateBySource: separate)[0]
        var perSource: [HKSource: HKStatistics.Figures]?
        if separate {
            perSource = Dictionary(uniqueKeysWithValues: bucket.bySource.map { id, values in
                (sources[id] ?? HKSource(name: id, bundleIdentifier: id), options.mask(values.figures(unit: unit)))
            })
        }
        return HKStatistics(quantityType: type, startDate: start, endDate: end,
                            merged: options.mask(bucket.merged.figures(unit: unit)), bySource: perSource)
    }
}
