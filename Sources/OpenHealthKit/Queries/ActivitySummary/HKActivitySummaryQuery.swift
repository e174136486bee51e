public import Foundation
import HealthDatabase
import HealthLocking

/// Reads activity summaries matching a predicate (`HKQuery.predicateForActivitySummary(with:)`,
/// `predicate(forActivitySummariesBetweenStart:end:)`, or nil for all), oldest day first (iOS 9.3).
///
/// With an ``updateHandler`` (set before executing) the query keeps running and reports summaries saved
/// later, by any store or process on the database, until ``HKHealthStore/stop(_:)``.
open class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    /// The handlers' signature: the query, the summaries, an error.
    public typealias Handler = (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

    private let resultsHandler: Handler
    private let storedUpdateHandler = Locked<Handler?>(nil)

    /// Called with summaries saved after the first results; setting it makes the query long-running.
    open var updateHandler: Handler? {
        get { storedUpdateHandler.current }
        set { storedUpdateHandler.withLock { $0 = newValue } }
    }

    /// Reads the summaries matching `predicate`.
    public init(predicate: NSPredicate?, resultsHandler handler: @escaping Handler) {
        resultsHandler = handler
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    package override func start(_ run: QueryRun) {
        let context = run.context
        let result = Result { () throws -> ([HKActivitySummary], Int64) in
            let latest = try context.storage.latestChangePosition()
            let records = try context.storage.records(matching: try filter(context), sort: [SampleSort(.startDate)], limit: nil)
            return (try records.map(ActivitySummaryMapping.summary), latest)
        }
        guard updateHandler != nil, case .success(let (summaries, latest)) = result else {
            execution.finish()
            deliver(result.map(\.0), to: resultsHandler)
            return
        }
        resultsHandler(self, summaries, nil)
        let position = RunState(latest)
        ChangeFollower(run: run, after: latest) { [self] _, _, _ in
            let update = Result { () throws -> [HKActivitySummary] in
                let batch = try context.storage.changes(after: position.value, matching: try filter(context), limit: nil)
                position.value = batch.anchor
                return try batch.changes.compactMap { change in
                    if case .saved(let record) = change { return try ActivitySummaryMapping.summary(from: record) }
                    return nil
                }
            }
            if case .success(let summaries) = update, summaries.isEmpty { return }
            if let updateHandler { deliver(update, to: updateHandler) }
        }.start()
    }

    package override func fail(_ error: HKError) {
        resultsHandler(self, nil, error)
    }

    private func filter(_ context: QueryContext) throws -> SampleFilter {
        try context.filter(types: [HKObjectType.activitySummaryType()], predicate: predicate)
    }

    private func deliver(_ result: Result<[HKActivitySummary], any Error>, to handler: Handler) {
        switch result {
        case .success(let summaries): handler(self, summaries, nil)
        case .failure(let error): handler(self, nil, HKError.from(error))
        }
    }
}
