public import Foundation
package import HealthDatabase
import HealthUnits

/// A one-shot query for samples: every sample of a type (or of several query descriptors) matching a
/// predicate, sorted, up to a limit.
///
/// The predicate, the sort and the limit all run in the storage engine. Without sort descriptors samples
/// come in the order they were saved. The app sees every sample of the types it may read, and only its own
/// samples of the others (read denial is invisible, as in HealthKit).
open class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the samples (nil on error) and the error.
    public typealias ResultsHandler = (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// The most samples to return; ``HKObjectQueryNoLimit`` for all.
    public var limit: Int { plan.limit }
    /// How the samples are sorted (nil: the order they were saved in).
    public var sortDescriptors: [NSSortDescriptor]? { plan.sortDescriptors }

    /// What the query reads, and how it sorts and limits.
    private let plan: Plan
    private let resultsHandler: ResultsHandler

    /// A query for samples of `sampleType` matching `predicate`, sorted by `sortDescriptors`, at most `limit`.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        plan = Plan([HKQueryDescriptor(sampleType: sampleType, predicate: predicate)], limit, sortDescriptors, nil)
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query for samples matching any of `queryDescriptors`, at most `limit`, in the order they were saved (iOS 15).
    public init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        plan = Plan(queryDescriptors, limit, nil, nil)
        self.resultsHandler = resultsHandler
        super.init(objectType: plan.single?.sampleType, predicate: plan.single?.predicate)
    }

    /// A query for samples matching any of `queryDescriptors`, sorted, at most `limit` (iOS 15).
    public init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        plan = Plan(queryDescriptors, limit, sortDescriptors, nil)
        self.resultsHandler = resultsHandler
        super.init(objectType: plan.single?.sampleType, predicate: plan.single?.predicate)
    }

    /// A query with storage sorts given directly (package access, for ``HKSampleQueryDescriptor``).
    package init(descriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor]?,
                 sorts: [SampleSort]? = nil, resultsHandler: @escaping ResultsHandler) {
        plan = Plan(descriptors, limit, sortDescriptors, sorts)
        self.resultsHandler = resultsHandler
        super.init(objectType: plan.single?.sampleType, predicate: plan.single?.predicate)
    }

    /// The query's descriptors, limit and sorts (its initialisers are all designated, so that subclasses may call
    /// any of them through `super.init`, as with Apple's class).
    private struct Plan {
        let descriptors: [HKQueryDescriptor]
        let limit: Int
        let sortDescriptors: [NSSortDescriptor]?
        /// The storage sort, when given directly (the async descriptor's key-path sort descriptors).
        let presetSorts: [SampleSort]?

        init(_ descriptors: [HKQueryDescriptor], _ limit: Int, _ sortDescriptors: [NSSortDescriptor]?, _ sorts: [SampleSort]?) {
            if descriptors.isEmpty { raiseInvalidArgument("queryDescriptors must not be empty") }
            self.descriptors = descriptors
            self.limit = limit
            self.sortDescriptors = sortDescriptors
            self.presetSorts = sorts
        }

        /// The only descriptor, when there is one: the query's `objectType` and `predicate` come from it.
        var single: HKQueryDescriptor? { descriptors.count == 1 ? descriptors[0] : nil }
    }

    package override func start(_ run: QueryRun) {
        let result = Result { () throws -> [HKSample] in
            let context = run.context
            return try QueryMapping.samples(
                matching: try context.filter(plan.descriptors),
                sort: try plan.presetSorts ?? QueryMapping.sorts(from: plan.sortDescriptors),
                limit: QueryMapping.storageLimit(plan.limit), storage: context.storage)
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
