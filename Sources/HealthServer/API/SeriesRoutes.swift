import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit
#if canImport(CoreLocation)
import CoreLocation
#endif

/// What HealthKit hands out through queries of their own rather than on the sample: a route's locations
/// (`GET /v1/routes/locations`, `HKWorkoutRouteQuery`), a heartbeat series' beats (`GET /v1/heartbeats`,
/// `HKHeartbeatSeriesQuery`), an ECG's voltage measurements (`GET /v1/electrocardiograms/voltages`,
/// `HKElectrocardiogramQuery`) and CDA documents with their XML (`GET /v1/documents`, `HKDocumentQuery`).
///
/// The sample is found by `uuid` through the caller's store, so read denial stays invisible: a sample the credential
/// may not read is a 404, exactly as one that does not exist.
struct SeriesRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/v1/routes/locations") { request, _ in try await locations(request) }
        router.get("/v1/heartbeats") { request, _ in try await heartbeats(request) }
        router.get("/v1/electrocardiograms/voltages") { request, _ in try await voltages(request) }
        router.get("/v1/documents") { request, _ in try await documents(request) }
    }

    /// A route's locations.
    struct Locations: Encodable, JSONWritable {
        var locations: [WireLocation]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in try json.field("locations", locations) }
        }
    }

    /// A series' beats.
    struct Heartbeats: Encodable, JSONWritable {
        var heartbeats: [WireHeartbeat]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in try json.field("heartbeats", heartbeats) }
        }
    }

    /// An ECG's measurements.
    struct Voltages: Encodable, JSONWritable {
        var voltageMeasurements: [WireVoltageMeasurement]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in try json.field("voltageMeasurements", voltageMeasurements) }
        }
    }

    /// `GET /v1/routes/locations?uuid=…`, with `start` and `end` for the locations recorded between them
    /// (`HKWorkoutRouteQuery(route:dateInterval:)`).
    func locations(_ request: Request) async throws -> Response {
        let (access, parameters) = try await resolve(request)
        let route: HKWorkoutRoute = try await sample(HKSeriesType.workoutRoute(), noun: "workout route", access: access, parameters: parameters)
        var interval: DateInterval?
        let start = try parameters.date("start"), end = try parameters.date("end")
        if start != nil || end != nil {
            let from = start ?? .distantPast, to = end ?? .distantFuture
            guard from <= to else { throw ServerError.badRequest("end is before start") }
            interval = DateInterval(start: from, end: to)
        }
        let locations = try await SeriesReader.locations(access.store, route: route, interval: interval).map { location in
            WireLocation(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude, altitude: location.altitude,
                         timestamp: location.timestamp, horizontalAccuracy: location.horizontalAccuracy,
                         verticalAccuracy: location.verticalAccuracy, course: location.course, speed: location.speed)
        }
        try access.log(.read, [route.sampleType])
        return try APIResponses.json(Locations(locations: locations))
    }

    /// `GET /v1/heartbeats?uuid=…`.
    func heartbeats(_ request: Request) async throws -> Response {
        let (access, parameters) = try await resolve(request)
        let series: HKHeartbeatSeriesSample = try await sample(HKSeriesType.heartbeat(), noun: "heartbeat series", access: access,
                                                               parameters: parameters)
        let beats = try await SeriesReader.heartbeats(access.store, series: series)
        try access.log(.read, [series.sampleType])
        return try APIResponses.json(Heartbeats(heartbeats: beats.map {
            WireHeartbeat(timeSinceSeriesStart: $0.timeIntervalSinceStart, precededByGap: $0.precededByGap)
        }))
    }

    /// `GET /v1/electrocardiograms/voltages?uuid=…`: volts.
    func voltages(_ request: Request) async throws -> Response {
        let (access, parameters) = try await resolve(request)
        let ecg: HKElectrocardiogram = try await sample(HKObjectType.electrocardiogramType(), noun: "electrocardiogram", access: access,
                                                        parameters: parameters)
        let measurements = try await SeriesReader.voltages(access.store, electrocardiogram: ecg)
        try access.log(.read, [ecg.sampleType])
        return try APIResponses.json(Voltages(voltageMeasurements: measurements.map { measurement in
            WireVoltageMeasurement(timeSinceSampleStart: measurement.timeSinceSampleStart,
                                   appleWatchSimilarToLeadI: measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: .volt()))
        }))
    }

    /// `GET /v1/documents`: CDA documents matching the filter parameters (as `GET /v1/samples`, without `type`),
    /// oldest first, `limit` (1–1,000, default 100), with their XML when `includeDocumentData=true`.
    func documents(_ request: Request) async throws -> Response {
        let (access, parameters) = try await resolve(request)
        if let type = parameters.one("type"), HKObjectType.type(named: type) != HKDocumentType(.CDA) {
            throw ServerError.badRequest("type: \"\(type)\" is not a document type; HKDocumentTypeIdentifierCDA is the one there is")
        }
        let limit = try parameters.integer("limit", in: 1...1_000, fallback: 100)
        let includeData = try parameters.flag("includeDocumentData")
        let documents = try await SeriesReader.documents(access.store, predicate: try parameters.predicate(), limit: limit,
                                                         sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)],
                                                         includeData: includeData)
        try access.log(.read, [HKDocumentType(.CDA)])
        return try APIResponses.json(SampleRoutes.SamplePage(samples: documents.map { document in
            var wire = WireMapping.wire(document)
            wire.document = WireMapping.document(document, includeData: includeData)
            return wire
        }, nextOffset: nil))
    }

    /// The caller and the query's parameters.
    private func resolve(_ request: Request) async throws -> (APIAccess, QueryParameters) {
        (try await APIAccess.resolve(request, services: services), QueryParameters(request))
    }

    /// The sample of `type` with the request's one `uuid` that the caller may read; a 404 otherwise.
    private func sample<Sample: HKSample>(_ type: HKSampleType, noun: String, access: APIAccess, parameters: QueryParameters) async throws -> Sample {
        let values = parameters.all("uuid")
        guard values.count == 1 else { throw ServerError.badRequest("uuid: give the \(noun)'s UUID, once") }
        guard let uuid = UUID(uuidString: values[0]) else { throw ServerError.badRequest("uuid: \"\(values[0])\" is not a UUID") }
        let found = try await QueryRunner.samples(access.store, type: type, predicate: HKQuery.predicateForObjects(with: [uuid]), limit: 1, sort: [])
        guard let sample = found.first as? Sample else { throw ServerError.notFound("no \(noun) \(uuid) that this credential may read") }
        return sample
    }
}
