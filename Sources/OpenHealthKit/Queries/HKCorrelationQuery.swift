import Foundation
import HealthDatabase

/// Reads correlations of a type matching a predicate whose members match per-type predicates.
///
/// A correlation matches when, for each type in ``samplePredicates``, some member of that type matches that
/// type's predicate; types not in the dictionary are not filtered. The store finds the matching members
/// first (only their parent UUIDs are used), then reads the correlations with those UUIDs, then their members.
public final class HKCorrelationQuery: HKQuery, @unchecked Sendable {
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
            let memberFilter = SampleFilter.and([.types([memberType.identifier]), try QueryMapping.filter(from: memberPredicate),
                                                 .not(.noParent(of: .correlation))])
            let members = try context.storage.records(matching: try context.filter(memberFilter, types: [memberType]),
                                                      sort: [], limit: nil)
            filters.append(.uuids(Set(members.compactMap(\.parent))))
        }
        let records = try context.storage.records(matching: .and(filters), sort: [], limit: nil)
        return try QueryMapping.samples(from: records, storage: context.storage).compactMap { $0 as? HKCorrelation }
    }

    package override func fail(_ error: HKError) {
        completion(self, nil, error)
    }
}
