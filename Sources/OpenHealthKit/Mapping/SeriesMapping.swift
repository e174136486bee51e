import Foundation
import HealthDatabase
import HealthKitModel

/// Series samples (workout routes, heartbeat series) to records of kind `other` and back, told apart by the
/// record's type identifier: see ``RouteMapping`` and ``HeartbeatMapping`` for each payload.
enum SeriesMapping {
    /// Puts `series`' values into `record` (whose shared parts are already set).
    static func fill(_ record: inout SampleRecord, from series: HKSeriesSample) throws(HKError) {
        switch series {
        case let route as HKWorkoutRoute: try RouteMapping.fill(&record, from: route)
        case let heartbeats as HKHeartbeatSeriesSample: try HeartbeatMapping.fill(&record, from: heartbeats)
        default: throw HKError(.errorInvalidArgument, "\(type(of: series)) samples cannot be stored")
        }
    }

    /// The series sample a record of kind `other` holds; throws for records that hold no HealthKit sample
    /// (activity summaries, workout activities, elements kept from an export).
    static func series(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKSeriesSample {
        switch record.type {
        case HKWorkoutRouteTypeIdentifier: return try RouteMapping.route(from: record, common)
        case HKDataTypeIdentifierHeartbeatSeries: return try HeartbeatMapping.series(from: record, common)
        default: throw HKError(.errorInvalidArgument, "Record \(record.uuid) of type \(record.type) holds no HealthKit sample")
        }
    }
}
