public import Foundation
import HealthDatabase

/// Reads the sources (apps and devices) that saved samples of a type matching a predicate.
///
/// The store computes the distinct sources itself; an app that may not read the type sees only itself
/// (when it saved such samples).
open class HKSourceQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature: the query, the sources (nil on error), an error.
    public typealias CompletionHandler = (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    private let completionHandler: CompletionHandler

    /// Reads the sources of samples of `sampleType` matching `objectPredicate`.
    public init(sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
                completionHandler: @escaping (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    package override func start(_ run: QueryRun) {
        let context = run.context
        let result = Result { () throws -> Set<HKSource> in
            let filter = try context.filter(types: [objectType].compactMap { $0 }, predicate: predicate)
            return Set(try context.storage.sources(matching: filter).map {
                HKSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier)
            })
        }
        execution.finish()
        switch result {
        case .success(let sources): completionHandler(self, sources, nil)
        case .failure(let error): completionHandler(self, nil, HKError.from(error))
        }
    }

    package override func fail(_ error: HKError) {
        completionHandler(self, nil, error)
    }
}
