public import Foundation
import HealthDatabase
public import HealthKitModel

/// Reads verifiable clinical records (SMART Health Cards) of some credential types (iOS 15).
///
/// A record matches when it carries any of ``recordTypes`` (an empty list matches every record), its
/// source type is one of ``sourceTypes`` (empty: any), and it matches the predicate (for example
/// `HKQuery.predicateForVerifiableClinicalRecords(withRelevantDateWithin:)`). Records come oldest relevant date first.
open class HKVerifiableClinicalRecordQuery: HKQuery, @unchecked Sendable {
    /// The credential types asked for, e.g. `https://smarthealth.cards#immunization`.
    public let recordTypes: [String]
    /// The record formats asked for (iOS 15.4); empty for any.
    public let sourceTypes: [HKVerifiableClinicalRecordSourceType]

    private let resultsHandler: (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void

    /// Reads records of `recordTypes` matching `predicate`.
    public init(recordTypes: [String], predicate: NSPredicate?,
                resultsHandler: @escaping (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void) {
        self.recordTypes = recordTypes
        self.sourceTypes = []
        self.resultsHandler = resultsHandler
        super.init(objectType: HKVerifiableClinicalRecord.sampleType, predicate: predicate)
    }

    /// Reads records of `recordTypes` and `sourceTypes` matching `predicate` (iOS 15.4).
    public init(recordTypes: [String], sourceTypes: [HKVerifiableClinicalRecordSourceType], predicate: NSPredicate?,
                resultsHandler: @escaping (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void) {
        self.recordTypes = recordTypes
        self.sourceTypes = sourceTypes
        self.resultsHandler = resultsHandler
        super.init(objectType: HKVerifiableClinicalRecord.sampleType, predicate: predicate)
    }

    package override func start(_ run: QueryRun) {
        let result = Result { () throws -> [HKVerifiableClinicalRecord] in
            let context = run.context
            let records = try context.storage.records(
                matching: try context.filter(types: [HKVerifiableClinicalRecord.sampleType], predicate: predicate),
                sort: [], limit: nil)
            let wanted = Set(recordTypes), formats = Set(sourceTypes)
            return try QueryMapping.samples(from: records, storage: context.storage)
                .compactMap { $0 as? HKVerifiableClinicalRecord }
                .filter { wanted.isEmpty || !wanted.isDisjoint(with: $0.recordTypes) }
                .filter { formats.isEmpty || $0.sourceType.map(formats.contains) == true }
                .sorted { $0.relevantDate < $1.relevantDate }
        }
        execution.finish()
        switch result {
        case .success(let records): resultsHandler(self, records, nil)
        case .failure(let error): resultsHandler(self, nil, HKError.from(error))
        }
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, error)
    }
}
