public import Foundation
import HealthUnits

extension HKHealthStore {
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

    /// The minimum interval, in seconds, between polls of the change log that feed this store's long-running
    /// queries with commits from other stores and processes (OpenHealthKit extension). Default 0.05 s.
    public var changePollingInterval: TimeInterval {
        get { queryCenter?.monitor.interval ?? QueryCenter.defaultPollInterval }
        set { queryCenter?.monitor.interval = newValue }
    }

    /// The store's query center, when its database is open.
    var queryCenter: QueryCenter? {
        guard let storage = try? storage() else { return nil }
        return core.queryCenter(storage: storage)
    }
}
