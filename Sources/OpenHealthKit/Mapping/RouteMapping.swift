package import Foundation
package import HealthDatabase
package import HealthKitModel

/// `HKWorkoutRoute` as a stored record: kind `other`, type `HKWorkoutRouteTypeIdentifier`, a child of its workout
/// (so `HKQuery.predicateForObjects(from: workout)` finds it), the locations as a JSON payload
/// `{"locations": [...], "file": "/workout-routes/….gpx"}` (`file`, the GPX file an imported route came from, is
/// optional). The importer, export and `HKHealthStore` all go through here.
package enum RouteMapping {
    private struct Payload: Codable {
        var locations: [WorkoutRouteLocation]
        var file: String?
    }

    /// Puts `route`'s locations into `record`'s payload.
    static func fill(_ record: inout SampleRecord, from route: HKWorkoutRoute) throws(HKError) {
        record.payload = try PayloadCoding.encode(Payload(locations: route.locations, file: nil))
    }

    /// The route `record` holds; `common` are its shared parts.
    static func route(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKWorkoutRoute {
        let payload = try decode(record)
        return HKWorkoutRoute(locations: payload.locations, start: common.start, end: common.end, uuid: common.uuid,
                              sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    /// The record of an imported `route` belonging to `workout`, remembering the GPX `file` it came from.
    package static func record(from route: HKWorkoutRoute, workout: UUID, file: String?) throws(HKError) -> SampleRecord {
        var record = try ObjectMapping.record(from: route)
        record.parent = workout
        record.payload = try PayloadCoding.encode(Payload(locations: route.locations, file: file))
        return record
    }

    /// The GPX file a stored route was imported from, if it was (for export).
    package static func file(of record: SampleRecord) -> String? {
        try? decode(record).file
    }


    private static func decode(_ record: SampleRecord) throws(HKError) -> Payload {
        guard let data = record.payload, let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable route")
        }
        return payload
    }
}
