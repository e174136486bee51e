import Foundation
import HealthUnits

extension HKHealthStore {
    /// Runs `query`: its handlers are called on a background queue with the results.
    ///
    /// A query runs once: executing it again traps, as HealthKit raises `NSInvalidArgumentException`
    /// (``checkedExecute(_:)`` throws instead). When the store's database cannot be opened, the query's
    /// handler receives ``HKError/Code/errorDatabaseInaccessible``.
    public func execute(_ query: HKQuery) {
        do {
            try checkedExecute(query)
        } catch {
            raiseInvalidArgument(error.localizedDescription)
        }
    }

    /// Throwing twin of ``execute(_:)`` (OpenHealthKit extension): throws ``HKError/Code/errorInvalidArgument``
    /// when `query` was executed before, instead of trapping.
    public func checkedExecute(_ query: HKQuery) throws(HKError) {
        switch Result(catching: { () throws(HKError) in try QueryContext(store: self) }) {
        case .success(let context):
            let run = QueryRun(context: context)
            try query.execution.begin(run)
            run.async { query.start(run) }
        case .failure(let error):
            try query.execution.begin(nil)
            DispatchQueue.global(qos: .userInitiated).async { query.fail(error) }
        }
    }

    /// Stops `query`: a long-running query delivers nothing more, and a one-shot query that has not answered
    /// yet never will. Stopping a query that is not running does nothing.
    public func stop(_ query: HKQuery) {
        query.execution.finish()
    }

    /// The minimum interval, in seconds, between polls of the change log that feed this store's long-running
    /// queries with commits from other stores and processes (OpenHealthKit extension). Default 0.05 s.
    public var changePollingInterval: TimeInterval {
        get { queryCenter?.monitor.interval ?? QueryCenter.defaultPollInterval }
        set { queryCenter?.monitor.interval = newValue }
    }

    /// The store's query center, when its database is open.
    var queryCenter: QueryCenter? {
        guard let storage = try? storage() else { return nil }
        return QueryCenter.of(self, storage: storage)
    }
}
