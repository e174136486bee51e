import Foundation
import HealthDatabase
import HealthKitModel

/// How series queries (and the ECG query) read a series sample's values: the sample as it is stored now, read under the app's read
/// restriction like any sample query.
enum SeriesReading {
    /// The stored version of `sample`; `HKError(.errorNoData)` when it is no longer stored (deleted) or the app may
    /// not read it (read denial looks like absence, as everywhere in HealthKit).
    static func stored<Series: HKSample>(_ sample: Series, context: QueryContext) throws -> Series {
        let filter = try context.filter(types: [sample.sampleType], predicate: HKQuery.predicateForObject(with: sample.uuid))
        guard let record = try context.storage.records(matching: filter, sort: [], limit: 1).first,
              let stored = try ObjectMapping.object(from: record) as? Series else {
            throw HKError(.errorNoData, "No data available: the \(sample.sampleType.identifier) sample \(sample.uuid) is not in the store")
        }
        return stored
    }

    /// The stored version of `sample` for `query` running on `run`, or nil after reporting the error through the
    /// query's `fail(_:)` (which also ends the query).
    static func stored<Series: HKSample>(_ sample: Series, for query: HKQuery, on run: QueryRun) -> Series? {
        do { return try stored(sample, context: run.context) } catch {
            query.fail(HKError.from(error))
            return nil
        }
    }
}
