package import Foundation
package import HealthDatabase
package import HealthKitModel

/// A workout's activities as child records: the index the workout-activity predicates search.
///
/// Each `HKWorkoutActivity` of a saved workout becomes one record of kind `.part` and type
/// ``recordType`` (`"HKWorkoutActivity"`), whose `parent` is the workout. The record's interval is the
/// activity's (an activity still in progress, with no end date, ends with its workout) and its fields are:
/// - `@activity.activityType`: the configuration's `HKWorkoutActivityType` raw value (number);
/// - `@activity.duration`: the active duration in seconds (number);
/// - `@activity.sum|min|max|average.<type>`: each statistic the activity keeps, in the type's canonical unit.
///
/// The records are an index only: the workout's payload stays the source of truth, so reading a workout back
/// rebuilds its activities exactly (UUIDs, configuration, metadata, events, statistics) without reading them.
/// Each record's UUID is the activity's UUID combined with the workout's (byte-wise XOR, ``recordUUID(of:in:)``), so
/// it is unique in the store even when two workouts share an activity. Deleting the workout deletes them (children
/// cascade); replacing it by a higher sync version deletes them too (the new version brings its own), and the
/// all-types change feed leaves them out. Workout effort samples related to an activity are the activity record's
/// children (see `HKHealthStore.relateWorkoutEffortSample(_:with:activity:completion:)`).
package enum WorkoutActivityRecords {
    /// The type identifier of activity records. No `HKObjectType` has it, so no query for a HealthKit type
    /// reads these records.
    package static let recordType = "HKWorkoutActivity"

    /// The child records for `workout`'s activities, in the workout's order (none for a single activity).
    package static func records(for workout: HKWorkout, source: SourceRecord) -> [SampleRecord] {
        workout.workoutActivities.map { activity in
            var fields: [String: FieldValue] = [
                FieldKey.activityType: .number(Double(activity.workoutConfiguration.activityType.rawValue)),
                FieldKey.activityDuration: .number(activity.duration),
            ]
            for (type, statistics) in activity.allStatistics {
                for (statistic, quantity) in WorkoutMapping.figures(statistics) {
                    guard let quantity, let value = try? quantity.checkedDoubleValue(for: type.canonicalUnit) else { continue }
                    fields[FieldKey.activity(statistic, type)] = .number(value)
                }
            }
            return SampleRecord(uuid: recordUUID(of: activity.uuid, in: workout.uuid), kind: .part, type: recordType,
                                startDate: activity.startDate, endDate: max(activity.endDate ?? workout.endDate, activity.startDate),
                                source: source, fields: fields, parent: workout.uuid)
        }
    }

    /// Whether `record` is an activity record (saving it needs no authorization of its own: its workout's covers it).
    package static func isActivity(_ record: SampleRecord) -> Bool {
        record.kind == .part && record.type == recordType
    }

    /// The filter that keeps activity records (saves and tombstones) out of a feed over every type.
    package static let excluded = SampleFilter.not(.types([recordType]))

    /// The UUID of the record of the activity `activity` of the workout `workout`.
    package static func recordUUID(of activity: UUID, in workout: UUID) -> UUID {
        var bytes = activity.uuid
        withUnsafeMutableBytes(of: &bytes) { target in
            withUnsafeBytes(of: workout.uuid) { source in
                for index in target.indices { target[index] ^= source[index] }
            }
        }
        return UUID(uuid: bytes)
    }
}

extension FieldKey {
    /// A workout activity's `HKWorkoutActivityType` raw value (number), on activity records.
    package static let activityType = "@activity.activityType"
    /// A workout activity's active duration in seconds (number), on activity records.
    package static let activityDuration = "@activity.duration"

    /// A workout activity's statistic for one quantity type, in the type's canonical unit (number):
    /// `@activity.sum.<type>`, `@activity.min.<type>`, `@activity.max.<type>`, `@activity.average.<type>`.
    package static func activity(_ statistic: WorkoutStatistic, _ type: HKQuantityType) -> String {
        "@activity.\(statistic.rawValue).\(type.identifier)"
    }
}
