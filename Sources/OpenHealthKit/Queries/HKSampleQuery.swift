import Foundation
import HealthDatabase
import HealthUnits

/// A one-shot query for samples: every sample of a type (or of several query descriptors) matching a
/// predicate, sorted, up to a limit.
///
/// The predicate, the sort and the limit all run in the storage engine. Without sort descriptors samples
/// come in the order they were saved. The app sees every sample of the types it may read, and only its own
/// samples of the others (read denial is invisible, as in HealthKit).
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the samples (nil on error) and the error.
    public typealias ResultsHandler = (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// The most samples to return; ``HKObjectQueryNoLimit`` for all.
    public let limit: Int
    /// How the samples are sorted (nil: the order they were saved in).
    public let sortDescriptors: [NSSortDescriptor]?
    /// The query descriptors, when the query was created with them (OpenHealthKit extension).
    public let queryDescriptors: [HKQueryDescriptor]

    private let resultsHandler: ResultsHandler
    /// The storage sort, when given directly (the async descriptor's key-path sort descriptors).
    private let presetSorts: [SampleSort]?

    /// A query for samples of `sampleType` matching `predicate`, sorted by `sortDescriptors`, at most `limit`.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.queryDescriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
        self.resultsHandler = resultsHandler
        self.presetSorts = nil
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query for samples matching any of `queryDescriptors`, at most `limit`, in the order they were saved (iOS 15).
    public convenience init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.init(descriptors: queryDescriptors, limit: limit, sortDescriptors: nil, resultsHandler: resultsHandler)
    }

    /// A query for samples matching any of `queryDescriptors`, sorted, at most `limit` (iOS 15).
    public convenience init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.init(descriptors: queryDescriptors, limit: limit, sortDescriptors: sortDescriptors, resultsHandler: resultsHandler)
    }

    /// A query with storage sorts given directly (package access, for ``HKSampleQueryDescriptor``).
    package init(descriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor]?,
                 sorts: [SampleSort]? = nil, resultsHandler: @escaping ResultsHandler) {
        if descriptors.isEmpty { raiseInvalidArgument("queryDescriptors must not be empty") }
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.presetSorts = sorts
        self.queryDescriptors = descriptors
        self.resultsHandler = resultsHandler
        let single = descriptors.count == 1 ? descriptors[0] : nil
        super.init(objectType: single?.sampleType, predicate: single?.predicate)
    }

    package override func start(_ run: QueryRun) {
        let result = Result { () throws -> [HKSample] in
            let context = run.context
            let records = try context.storage.records(
                matching: try context.filter(queryDescriptors),
                sort: try presetSorts ?? QueryMapping.sorts(from: sortDescriptors),
                limit: QueryMapping.storageLimit(limit))
            return try QueryMapping.samples(from: records, storage: context.storage)
        }
        execution.finish()
        switch result {
        case .success(let samples): resultsHandler(self, samples, nil)
        case .failure(let error): resultsHandler(self, nil, HKError.from(error))
        }
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, error)
    }
}
