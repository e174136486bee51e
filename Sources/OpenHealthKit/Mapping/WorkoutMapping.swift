package import Foundation
import HealthDatabase
import HealthKitModel

/// Workouts: the details in a ``WorkoutPayload`` (JSON), the searchable figures as `@workout…` fields.
///
/// Fields: ``FieldKey/workoutActivityType``, ``FieldKey/workoutDuration``, ``FieldKey/workoutTotalDistance``
/// (metres) and, per quantity type with statistics, `@workout.sum|min|max|average.<type>` in the type's
/// canonical unit, so workout predicates and sorts are plain field comparisons. The payload keeps the
/// activities whole; ``WorkoutActivityRecords`` adds one child record per activity for the activity predicates.
package enum WorkoutMapping {
    /// Sets the payload and fields of a workout record.
    static func fill(_ record: inout SampleRecord, from workout: HKWorkout) throws(HKError) {
        record.kind = .workout
        var activities: [WorkoutPayload.Activity] = []
        for activity in workout.workoutActivities { activities.append(try payload(activity)) }
        var events: [WorkoutPayload.Event] = []
        for event in workout.workoutEvents ?? [] { events.append(try WorkoutPayload.Event(event)) }
        let payload = WorkoutPayload(
            activityType: workout.workoutActivityType.rawValue, duration: workout.duration, events: events,
            activities: activities, statistics: WorkoutPayload.Statistics.list(workout.allStatistics))
        record.payload = try PayloadCoding.encode(payload)
        record.fields[FieldKey.workoutActivityType] = .number(Double(workout.workoutActivityType.rawValue))
        record.fields[FieldKey.workoutDuration] = .number(workout.duration)
        if let distance = workout.totalDistance, let metres = try? distance.checkedDoubleValue(for: .meter()) {
            record.fields[FieldKey.workoutTotalDistance] = .number(metres)
        }
        for (type, statistics) in workout.allStatistics {
            for (statistic, quantity) in figures(statistics) {
                guard let quantity, let value = try? quantity.checkedDoubleValue(for: type.canonicalUnit) else { continue }
                record.fields[FieldKey.workout(statistic, type)] = .number(value)
            }
        }
    }

    /// Rebuilds a workout from its record.
    static func workout(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKWorkout {
        let payload = try PayloadCoding.decode(WorkoutPayload.self, from: record)
        guard let activityType = HKWorkoutActivityType(rawValue: payload.activityType) else {
            throw HKError(.errorInvalidArgument, "Workout record \(record.uuid) has unknown activity type \(payload.activityType)")
        }
        var events: [HKWorkoutEvent] = []
        for event in payload.events { events.append(try event.event()) }
        var activities: [HKWorkoutActivity] = []
        for activity in payload.activities { activities.append(try self.activity(activity)) }
        return HKWorkout(activityType: activityType, start: common.start, end: common.end, events: events, activities: activities,
                         duration: payload.duration, statistics: try WorkoutPayload.Statistics.dictionary(payload.statistics),
                         uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    /// The statistics that become fields, by name (for workouts and for their activities).
    static func figures(_ statistics: HKStatistics) -> [(FieldKey.WorkoutStatistic, HKQuantity?)] {
        [(.sum, statistics.sumQuantity()), (.min, statistics.minimumQuantity()),
         (.max, statistics.maximumQuantity()), (.average, statistics.averageQuantity())]
    }

    private static func payload(_ activity: HKWorkoutActivity) throws(HKError) -> WorkoutPayload.Activity {
        let configuration = activity.workoutConfiguration
        var events: [WorkoutPayload.Event] = []
        for event in activity.workoutEvents { events.append(try WorkoutPayload.Event(event)) }
        return WorkoutPayload.Activity(
            uuid: activity.uuid, activityType: configuration.activityType.rawValue, locationType: configuration.locationType.rawValue,
            swimmingLocationType: configuration.swimmingLocationType.rawValue, lapLength: configuration.lapLength.map(WorkoutPayload.Quantity.init),
            start: activity.startDate, end: activity.endDate, metadata: try MetadataMapping.fields(from: activity.metadata),
            events: events, statistics: WorkoutPayload.Statistics.list(activity.allStatistics))
    }

    private static func activity(_ payload: WorkoutPayload.Activity) throws(HKError) -> HKWorkoutActivity {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = HKWorkoutActivityType(rawValue: payload.activityType) ?? .other
        configuration.locationType = HKWorkoutSessionLocationType(rawValue: payload.locationType) ?? .unknown
        configuration.swimmingLocationType = HKWorkoutSwimmingLocationType(rawValue: payload.swimmingLocationType) ?? .unknown
        configuration.lapLength = try payload.lapLength?.quantity()
        var events: [HKWorkoutEvent] = []
        for event in payload.events { events.append(try event.event()) }
        return HKWorkoutActivity(uuid: payload.uuid, configuration: configuration, start: payload.start, end: payload.end,
                                 metadata: try MetadataMapping.metadata(from: payload.metadata), events: events,
                                 statistics: try WorkoutPayload.Statistics.dictionary(payload.statistics))
    }
}

/// JSON encoding of payloads, with errors as `HKError`.
enum PayloadCoding {
    /// `value` as JSON, keys sorted so equal values give equal bytes.
    static func encode<T: Encodable>(_ value: T) throws(HKError) -> Data {
        let encoder = JSONEncoder.sortedKeys
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSinceReferenceDate)
        }
        do { return try encoder.encode(value) } catch {
            throw HKError(.errorInvalidArgument, "Cannot encode \(T.self): \(error)")
        }
    }

    /// Decodes the record's payload as `T`.
    static func decode<T: Decodable>(_: T.Type, from record: SampleRecord) throws(HKError) -> T {
        guard let data = record.payload else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) of type \(record.type) has no payload")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSinceReferenceDate: try decoder.singleValueContainer().decode(Double.self))
        }
        do { return try decoder.decode(T.self, from: data) } catch {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) has an unreadable payload: \(error)")
        }
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so equal content gives equal bytes (package access).
    package static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
