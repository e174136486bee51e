public import Foundation
import HealthDatabase

/// Reads document samples (CDA) matching a predicate, delivered in batches (iOS 10).
///
/// The handler is called with successive batches (`done` false) and finally once with an empty array and
/// `done` true. Without ``includeDocumentData`` the documents come without their XML (title, patient,
/// author and custodian are kept), and the store does not read the XML at all. Predicates may use the `HKPredicateKeyPathCDA…` key paths.
open class HKDocumentQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, a batch of documents (nil on error), whether this is the last call, an error.
    public typealias ResultsHandler = (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void

    /// The most documents to return; ``HKObjectQueryNoLimit`` for all.
    public let limit: Int
    /// How the documents are sorted (nil: the order they were saved in).
    public let sortDescriptors: [NSSortDescriptor]?
    /// Whether the documents carry their XML.
    public let includeDocumentData: Bool

    private let resultsHandler: ResultsHandler

    /// How many documents one call of the handler carries at most.
    static let batchSize = 100

    /// Reads documents of `documentType` matching `predicate`.
    public init(documentType: HKDocumentType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
                includeDocumentData: Bool,
                resultsHandler: @escaping (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.includeDocumentData = includeDocumentData
        self.resultsHandler = resultsHandler
        super.init(objectType: documentType, predicate: predicate)
    }

    package override func start(_ run: QueryRun) {
        let context = run.context
        let result = Result { () throws -> [HKDocumentSample] in
            let records = try context.storage.records(
                matching: try context.filter(types: [objectType].compactMap { $0 }, predicate: predicate),
                sort: try QueryMapping.sorts(from: sortDescriptors), limit: QueryMapping.storageLimit(limit),
                includePayload: includeDocumentData)
            return try QueryMapping.samples(from: records, storage: context.storage).compactMap { $0 as? HKDocumentSample }
        }
        guard case .success(let documents) = result else {
            execution.finish()
            if case .failure(let error) = result { resultsHandler(self, nil, true, HKError.from(error)) }
            return
        }
        for start in stride(from: 0, to: documents.count, by: Self.batchSize) where !run.isCancelled {
            let batch = documents[start..<min(start + Self.batchSize, documents.count)]
            resultsHandler(self, Array(batch), false, nil)
        }
        execution.finish()
        resultsHandler(self, [], true, nil)
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, true, error)
    }
}
