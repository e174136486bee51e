public import Foundation
import HealthDatabase
import HealthUnits
import HealthLocking

/// A query for the changes after an anchor: samples saved and objects deleted, and a new anchor.
///
/// A nil anchor reads from the beginning. The limit counts samples and deleted objects together. With an
/// ``updateHandler`` (set before executing) the query keeps running after its first results and reports
/// every later commit that concerns it — including commits by other stores and other processes on the
/// same database — until ``HKHealthStore/stop(_:)``. Deleted objects carry their sync identifier and
/// version. The app sees only what it may read; for types it may not read, only its own samples and
/// deletions.
open class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    /// The handlers' signature: the query, the samples added, the objects deleted, the new anchor, an error.
    public typealias Handler = (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void

    // Internal: HealthKit's class has no such properties, and test doubles that subclass it declare their own.
    /// The most changes (samples plus deleted objects) the first results hold per call.
    let limit: Int
    /// The anchor the query reads after (nil: from the beginning).
    let anchor: HKQueryAnchor?
    /// The query descriptors.
    let queryDescriptors: [HKQueryDescriptor]

    private let resultsHandler: Handler
    private let storedUpdateHandler = Locked<Handler?>(nil)

    /// Called with every later change after the first results; setting it makes the query long-running.
    ///
    /// Set it before executing the query: setting it afterwards traps, as HealthKit raises.
    open var updateHandler: Handler? {
        get { storedUpdateHandler.current }
        set {
            if execution.hasStarted { raiseInvalidArgument("updateHandler cannot be changed once the query has been executed") }
            storedUpdateHandler.withLock { $0 = newValue }
        }
    }

    /// The changes to samples of `type` matching `predicate` after `anchor`, at most `limit` (iOS 9).
    public init(type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        self.limit = limit
        self.anchor = anchor
        self.queryDescriptors = [HKQueryDescriptor(sampleType: type, predicate: predicate)]
        self.resultsHandler = handler
        super.init(objectType: type, predicate: predicate)
    }

    /// The changes to samples matching any of `queryDescriptors` after `anchor`, at most `limit` (iOS 15).
    public init(queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        if queryDescriptors.isEmpty { raiseInvalidArgument("queryDescriptors must not be empty") }
        self.limit = limit
        self.anchor = anchor
        self.queryDescriptors = queryDescriptors
        self.resultsHandler = handler
        let single = queryDescriptors.count == 1 ? queryDescriptors[0] : nil
        super.init(objectType: single?.sampleType, predicate: single?.predicate)
    }

    /// How many changes an update delivers per call at most.
    static let updatePageSize = 10_000

    package override func start(_ run: QueryRun) {
        let context = run.context
        let limit = QueryMapping.storageLimit(limit)
        let first = Result {
            try AnchoredChanges.read(after: anchor?.rawValue ?? 0, matching: try context.filter(queryDescriptors),
                                     limit: limit, storage: context.storage)
        }
        guard updateHandler != nil else {
            execution.finish()
            deliver(first, to: resultsHandler)
            return
        }
        let position = RunState((try? first.get().anchor.rawValue) ?? anchor?.rawValue ?? 0)
        deliver(first, to: resultsHandler)
        ChangeFollower(run: run, after: position.value) { [self] _, _, _ in
            deliverUpdates(after: position, run: run)
        }.start()
    }

    /// Reports the changes after `position` to the update handler, a page at a time, and advances `position`.
    private func deliverUpdates(after position: RunState<Int64>, run: QueryRun) {
        guard let updateHandler else { return }
        do {
            let filter = try run.context.filter(queryDescriptors)
            var page: AnchoredChanges
            repeat {
                page = try AnchoredChanges.read(after: position.value, matching: filter, limit: Self.updatePageSize,
                                                storage: run.context.storage)
                position.value = page.anchor.rawValue
                if !page.isEmpty && !run.isCancelled { updateHandler(self, page.samples, page.deletedObjects, page.anchor, nil) }
            } while page.isTruncated && !run.isCancelled
        } catch {
            updateHandler(self, nil, nil, nil, HKError.from(error))
        }
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, nil, nil, error)
    }

    private func deliver(_ result: Result<AnchoredChanges, any Error>, to handler: Handler) {
        switch result {
        case .success(let changes): handler(self, changes.samples, changes.deletedObjects, changes.anchor, nil)
        case .failure(let error): handler(self, nil, nil, nil, HKError.from(error))
        }
    }
}
