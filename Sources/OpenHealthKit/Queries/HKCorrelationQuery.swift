public import Foundation
import HealthDatabase

/// Reads correlations of a type matching a predicate whose members match per-type predicates.
///
/// A correlation matches when, for each type in ``samplePredicates``, some member of that type matches that
/// type's predicate; types not in the dictionary are not filtered. Each entry becomes one `hasChild` condition
/// (members the app may read, of that type, matching that predicate), so the store selects the correlations
/// in one statement, then reads their members.
open class HKCorrelationQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the correlations (nil on error), an error.
    public typealias Completion = (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// The type of correlations read.
    public let correlationType: HKCorrelationType
    /// Predicates the members of each type must match (some member per type).
    public let samplePredicates: [HKSampleType: NSPredicate]?

    private let completion: Completion

    /// Reads correlations of `correlationType` matching `predicate` whose members match `samplePredicates`.
    public init(type correlationType: HKCorrelationType, predicate: NSPredicate?,
                samplePredicates: [HKSampleType: NSPredicate]?,
                completion: @escaping (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void) {
        self.correlationType = correlationType
        self.samplePredicates = samplePredicates
        self.completion = completion
        super.init(objectType: correlationType, predicate: predicate)
    }

    package override func start(_ run: QueryRun) {
        let result = Result { try correlations(run.context) }
        execution.finish()
        switch result {
        case .success(let correlations): completion(self, correlations, nil)
        case .failure(let error): completion(self, nil, HKError.from(error))
        }
    }

    private func correlations(_ context: QueryContext) throws -> [HKCorrelation] {
        var filters = [try context.filter(types: [correlationType], predicate: predicate)]
        for (memberType, memberPredicate) in samplePredicates ?? [:] {
            filters.append(.hasChild(try context.filter(types: [memberType], predicate: memberPredicate)))
        }
        let records = try context.storage.records(matching: .and(filters), sort: [], limit: nil)
        return try QueryMapping.samples(from: records, storage: context.storage).compactMap { $0 as? HKCorrelation }
    }

    package override func fail(_ error: HKError) {
        completion(self, nil, error)
    }
}
