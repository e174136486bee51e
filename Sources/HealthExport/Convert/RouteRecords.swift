import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// `HKWorkoutRoute` as a stored record: kind `other`, type `HKWorkoutRouteTypeIdentifier`, child of its
/// workout, the locations as a JSON payload (and the GPX file name it came from, for export).
enum RouteRecords {
    private struct Payload: Codable {
        var locations: [HKWorkoutRouteLocation]
        var file: String?
    }

    /// The record for `route`, belonging to `workout`.
    static func record(from route: HKWorkoutRoute, workout: UUID, path: String?) -> SampleRecord {
        let payload = (try? JSONEncoder.sorted.encode(Payload(locations: route.locations, file: path))) ?? Data()
        return SampleRecord(uuid: route.uuid, kind: .other, type: route.sampleType.identifier, startDate: route.startDate,
                            endDate: route.endDate, source: SourceMapping.record(from: route.sourceRevision),
                            device: route.device.map(SourceMapping.record(from:)),
                            fields: (try? MetadataMapping.fields(from: route.metadata)) ?? [:], parent: workout, payload: payload)
    }

    /// The route a record holds, or nil when it is not a route record.
    static func route(from record: SampleRecord) -> (route: HKWorkoutRoute, file: String?)? {
        guard record.type == HKSeriesType.workoutRoute().identifier, let data = record.payload,
              let payload = try? JSONDecoder().decode(Payload.self, from: data) else { return nil }
        let route = HKWorkoutRoute(locations: payload.locations, start: record.startDate, end: record.endDate, uuid: record.uuid,
                                   sourceRevision: SourceMapping.revision(from: record.source))
        return (route, payload.file)
    }
}
