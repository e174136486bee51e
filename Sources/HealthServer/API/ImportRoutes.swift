import Foundation
import Hummingbird

/// `/v1/imports`: Apple Health exports uploaded and imported as background jobs, the person's own (owner access).
///
/// `POST /v1/imports` takes `export.zip` or `export.xml` as the body (or as the file of a `multipart/form-data`
/// form), streamed to a file under the data folder with a size limit (``ServerConfiguration/maxUploadBytes``; 413
/// beyond it), and answers `202` with the job and its `Location`. `GET /v1/imports/{id}` reports its progress and, at
/// the end, the import's report (what was stored, problems by kind with their lines) or the error naming what is
/// wrong. `GET /v1/imports` lists the person's jobs. Another person's job id is 404.
struct ImportRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/imports") { request, _ in try await start(request) }
        router.get("/v1/imports") { request, _ in try await list(request) }
        router.get("/v1/imports/:id") { request, context in try await show(request, id: context.parameters.get("id") ?? "") }
    }

    /// `POST /v1/imports`.
    func start(_ request: Request) async throws -> Response {
        let access = try await APIAccess.owner(request, services: services, for: "imports")
        let job = try await ImportUpload(services: services).start(request, person: access.grant.personID)
        var response = try APIResponses.encoded(job, status: .accepted)
        response.headers[.location] = "/v1/imports/" + job.id
        return response
    }

    /// `GET /v1/imports`: the person's jobs, newest first.
    func list(_ request: Request) async throws -> Response {
        let access = try await APIAccess.owner(request, services: services, for: "imports")
        return try APIResponses.encoded(["imports": services.jobs.jobs(ImportJob.self, person: access.grant.personID)])
    }

    /// `GET /v1/imports/{id}`.
    func show(_ request: Request, id: String) async throws -> Response {
        let access = try await APIAccess.owner(request, services: services, for: "imports")
        guard let job = services.jobs.job(ImportJob.self, person: access.grant.personID, id: id) else {
            throw ServerError.notFound("you have no import \(id)")
        }
        return try APIResponses.encoded(job)
    }
}
