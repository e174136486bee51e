import Foundation
import HealthKitModel
import Hummingbird
import NIOCore
import OpenHealthKit

/// The small API routes: who am I, sharing status, sources, health check.
struct AccountRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/healthz") { _, _ in try APIResponses.json(["status": "ok"]) }
        router.get("/openapi.json") { _, _ in try Self.openAPI() }
        router.get("/v1/me") { request, _ in try await me(request) }
        router.get("/v1/authorization/status") { request, _ in try await status(request) }
        router.get("/v1/sources") { request, _ in try await sources(request) }
        router.get("/v1/characteristics") { request, _ in try await characteristic(request) }
    }

    /// `GET /v1/characteristics?type=biologicalSex`: one characteristic as the store's reader gives it (an app needs read
    /// permission, as in HealthKit; the person themself reads all). The value is the HealthKit enum's raw value, and
    /// the date of birth `YYYY-MM-DD`. Characteristics are written only by the person (`health me`), never over the API.
    func characteristic(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        guard let name = QueryParameters(request).one("type"), let type = HKObjectType.type(named: name), type.kind == .characteristic else {
            throw ServerError.badRequest("type must be a characteristic type: biologicalSex, bloodType, dateOfBirth, fitzpatrickSkinType, wheelchairUse or activityMoveMode")
        }
        try access.log(.read, [type])
        let store = access.store
        let value: String
        switch HKCharacteristicTypeIdentifier(rawValue: type.identifier) {
        case .biologicalSex: value = String(try store.biologicalSex().biologicalSex.rawValue)
        case .bloodType: value = String(try store.bloodType().bloodType.rawValue)
        case .fitzpatrickSkinType: value = String(try store.fitzpatrickSkinType().skinType.rawValue)
        case .wheelchairUse: value = String(try store.wheelchairUse().wheelchairUse.rawValue)
        case .activityMoveMode: value = String(try store.activityMoveMode().activityMoveMode.rawValue)
        case .dateOfBirth:
            let day = try store.dateOfBirthComponents()
            guard let year = day.year, let month = day.month, let date = day.day else {
                return try APIResponses.json(["type": type.identifier])
            }
            value = String(format: "%04d-%02d-%02d", year, month, date)
        default:
            throw ServerError.badRequest("type: \(type.identifier) is not read over the API")
        }
        return try APIResponses.json(["type": type.identifier, "value": value])
    }

    /// The API's OpenAPI 3.1 description (`Resources/openapi.json`, written by `scripts/openapi.py`).
    static func openAPI() throws -> Response {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw ServerError.notFound("the API description is not installed with this build")
        }
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: try Data(contentsOf: url))))
    }

    /// Who the credential belongs to.
    struct Me: Encodable, JSONWritable {
        /// The person's name.
        var person: String
        /// `owner`, `app` or `guest`.
        var access: String
        /// The app, for app tokens.
        var app: String?

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("access", access)
                try json.field("app", app)
                try json.field("person", person)
            }
        }
    }

    /// `GET /v1/me`.
    func me(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        guard let person = try services.directory.person(id: access.grant.personID) else {
            throw ServerError.unauthorized("the account of this token no longer exists")
        }
        let kind = access.isGuest ? "guest" : (access.isOwner ? "owner" : "app")
        return try APIResponses.json(Me(person: person.name, access: kind, app: access.grant.clientID))
    }

    /// `GET /v1/authorization/status?type=…`: `authorizationStatus(for:)` for each type, sharing only (read
    /// permission is never told, as in HealthKit): `notDetermined`, `sharingDenied` or `sharingAuthorized`.
    func status(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let names = QueryParameters(request).all("type")
        guard !names.isEmpty else { throw ServerError.badRequest("type is required") }
        var answer: [String: String] = [:]
        for name in names {
            guard let type = HKObjectType.type(named: name) else { throw ServerError.badRequest("type: \"\(name)\" is not a type HealthKit knows") }
            switch access.store.authorizationStatus(for: type) {
            case .notDetermined: answer[type.identifier] = "notDetermined"
            case .sharingDenied: answer[type.identifier] = "sharingDenied"
            case .sharingAuthorized: answer[type.identifier] = "sharingAuthorized"
            @unknown default: answer[type.identifier] = "notDetermined"
            }
        }
        return try APIResponses.json(["status": answer])
    }

    /// `GET /v1/sources?type=…`: the sources of the samples the caller can see (an `HKSourceQuery`).
    func sources(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let parameters = QueryParameters(request)
        let type = try parameters.sampleType()
        let sources = try await QueryRunner.sources(access.store, type: type, predicate: parameters.predicate())
        try access.log(.read, [type])
        let wire = sources.map { WireSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier) }
            .sorted { $0.bundleIdentifier < $1.bundleIdentifier }
        return try APIResponses.json(["sources": wire])
    }
}
