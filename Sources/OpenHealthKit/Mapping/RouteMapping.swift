package import Foundation
package import HealthDatabase
package import HealthKitModel

/// `HKWorkoutRoute` as a stored record: kind `other`, type `HKWorkoutRouteTypeIdentifier`, a child of its workout
/// (so `HKQuery.predicateForObjects(from: workout)` finds it), the locations and `file` (the GPX file an imported
/// route came from, optional) as a binary payload (``BinaryPayloadWriter``: tag `RT` 1, the file, the point count,
/// then eight numbers a point). Stores written before hold the JSON payload `{"locations": [...], "file": "…"}`,
/// which is still read. The importer, export and `HKHealthStore` all go through here.
package enum RouteMapping {
    private struct Payload: Codable {
        var locations: [WorkoutRouteLocation]
        var file: String?
    }

    /// Puts `route`'s locations into `record`'s payload.
    static func fill(_ record: inout SampleRecord, from route: HKWorkoutRoute) throws(HKError) {
        record.payload = try encode(Payload(locations: route.locations, file: nil))
    }

    /// The route `record` holds; `common` are its shared parts.
    static func route(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKWorkoutRoute {
        let payload = try decode(record)
        return HKWorkoutRoute(locations: payload.locations, start: common.start, end: common.end, uuid: common.uuid,
                              sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    /// The points part of a route's payload (the count and each point's numbers), which an importer may encode on
    /// another thread before the route's record is made (package access).
    package struct EncodedLocations: Sendable {
        fileprivate let bytes: [UInt8]
    }

    /// `locations` encoded as a stored route holds them; throws for a number that is not finite.
    package static func encode(_ locations: [WorkoutRouteLocation]) throws(HKError) -> EncodedLocations {
        var writer = BinaryPayloadWriter(capacity: 4 + locations.count * 64)
        writer.count(locations.count)
        for point in locations {
            try writer.number(point.latitude, what: "a route location")
            try writer.number(point.longitude, what: "a route location")
            try writer.number(point.altitude, what: "a route location")
            try writer.number(point.timestamp.timeIntervalSinceReferenceDate, what: "a route location")
            try writer.number(point.horizontalAccuracy, what: "a route location")
            try writer.number(point.verticalAccuracy, what: "a route location")
            try writer.number(point.course, what: "a route location")
            try writer.number(point.speed, what: "a route location")
        }
        return EncodedLocations(bytes: writer.bytes)
    }

    /// The record of an imported `route` belonging to `workout`, remembering the GPX `file` it came from. `encoded`,
    /// when given, is what ``encode(_:)`` made of exactly `route.locations` (or the error it threw).
    package static func record(from route: HKWorkoutRoute, workout: UUID, file: String?,
                               encoded: Result<EncodedLocations, HKError>? = nil) throws(HKError) -> SampleRecord {
        // The header as `ObjectMapping.record(from:)` makes it, and the payload once (with the file).
        var record = try SampleHeader(of: route).record()
        record.parent = workout
        let locations: EncodedLocations
        if let encoded { locations = try encoded.get() } else { locations = try encode(route.locations) }
        record.payload = payload(file: file, locations: locations)
        return record
    }

    /// The GPX file a stored route was imported from, if it was (for export).
    package static func file(of record: SampleRecord) -> String? {
        // The binary payload names the file first: no need to read the points.
        if let data = record.payload, var reader = BinaryPayloadReader(data, letters: "RT", version: 1) { return reader.string() ?? nil }
        return try? decode(record).file
    }


    private static func encode(_ payload: Payload) throws(HKError) -> Data {
        try self.payload(file: payload.file, locations: encode(payload.locations))
    }

    private static func payload(file: String?, locations: EncodedLocations) -> Data {
        var writer = BinaryPayloadWriter("RT", version: 1, capacity: 4 + (file?.utf8.count ?? 0) + locations.bytes.count)
        writer.string(file)
        writer.append(locations.bytes)
        return writer.data
    }

    private static func decode(_ record: SampleRecord) throws(HKError) -> Payload {
        guard let data = record.payload else { throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no route") }
        if BinaryPayloadReader.isBinary(data) {
            guard var reader = BinaryPayloadReader(data, letters: "RT", version: 1), let payload = binary(&reader), reader.atEnd else {
                throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable route")
            }
            return payload
        }
        guard let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no readable route")
        }
        return payload
    }

    private static func binary(_ reader: inout BinaryPayloadReader) -> Payload? {
        guard let file = reader.string(), let count = reader.count() else { return nil }
        var locations: [WorkoutRouteLocation] = []
        locations.reserveCapacity(min(count, 1 << 20))
        for _ in 0..<count {
            guard let latitude = reader.number(), let longitude = reader.number(), let altitude = reader.number(), let time = reader.number(),
                  let horizontal = reader.number(), let vertical = reader.number(), let course = reader.number(), let speed = reader.number()
            else { return nil }
            locations.append(WorkoutRouteLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                                  timestamp: Date(timeIntervalSinceReferenceDate: time), horizontalAccuracy: horizontal,
                                                  verticalAccuracy: vertical, course: course, speed: speed))
        }
        return Payload(locations: locations, file: file)
    }
}
