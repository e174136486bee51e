import Foundation
import Hummingbird

/// `/v1/exports`: the person's store written by the library's exporter as a background job, as `health export`
/// writes it: Apple's `export.zip` (which imports back with the same UUIDs), the CSV files (one per type) zipped, or a
/// FHIR R4 Bundle. A large store's export takes minutes, so no request waits for it:
///
/// - `POST /v1/exports?format=apple|csv|fhir` (`type` repeatable, `start`, `end` narrow it as `health export --type
///   --from --to` do) starts a job: `202` with the job and its `Location`; 409 while another export of the person's
///   is going.
/// - `GET /v1/exports/{id}`: its state and progress (records written of the total), then the file's size and where to
///   download it, or the error. `GET /v1/exports` lists the person's exports.
/// - `GET /v1/exports/{id}/download`: the file, once finished (409 before), as often as wanted until the job expires.
///
/// The person's own (their token or session): an export reads every record whatever its source, which HealthKit lets
/// no app do, so an app's token is 403 and a guest's session too. Another person's job id is 404.
struct ExportRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/exports") { request, _ in try await start(request) }
        router.get("/v1/exports") { request, _ in try await list(request) }
        router.get("/v1/exports/:id") { request, context in try await show(request, id: context.parameters.get("id") ?? "") }
        router.get("/v1/exports/:id/download") { request, context in try await download(request, id: context.parameters.get("id") ?? "") }
    }

    /// `POST /v1/exports`.
    func start(_ request: Request) async throws -> Response {
        let person = try await owner(request)
        let (format, selection) = try ExportRun.request(QueryParameters(request))
        let job = try ExportRun(services: services).start(person: person, format: format, selection: selection)
        var response = try APIResponses.encoded(job, status: .accepted)
        response.headers[.location] = "/v1/exports/" + job.id
        return response
    }

    /// `GET /v1/exports`: the person's export jobs, newest first.
    func list(_ request: Request) async throws -> Response {
        let person = try await owner(request)
        return try APIResponses.encoded(["exports": services.jobs.jobs(ExportJob.self, person: person)])
    }

    /// `GET /v1/exports/{id}`.
    func show(_ request: Request, id: String) async throws -> Response {
        try APIResponses.encoded(try job(id, of: try await owner(request)))
    }

    /// `GET /v1/exports/{id}/download`.
    func download(_ request: Request, id: String) async throws -> Response {
        let person = try await owner(request)
        return try ExportDownload.response(try job(id, of: person), folder: services.jobs.folder(ExportJob.self, person: person, job: id))
    }

    /// The person calling, when it is the person themself (not an app, not a guest).
    private func owner(_ request: Request) async throws -> String {
        try await APIAccess.owner(request, services: services, for: "exports").grant.personID
    }

    /// The person's export `id`; 404 when they have none such.
    private func job(_ id: String, of person: String) throws -> ExportJob {
        guard let job = services.jobs.job(ExportJob.self, person: person, id: id) else { throw ServerError.notFound("you have no export \(id)") }
        return job
    }
}
