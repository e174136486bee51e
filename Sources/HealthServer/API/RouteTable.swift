import Hummingbird

/// The server's paths and their methods: a request with another method on a known path gets 405 with `Allow`
/// (not 404), and `HealthServerTests` checks the OpenAPI description lists the same `/v1` operations.
enum RouteTable {
    /// Methods by path.
    static let methods: [String: [String]] = [
        "/healthz": ["GET"], "/openapi.json": ["GET"], "/v1/me": ["GET"], "/v1/samples": ["DELETE", "GET", "POST"],
        "/v1/changes": ["GET"], "/v1/changes/stream": ["GET"], "/v1/statistics": ["GET"], "/v1/authorization/status": ["GET"],
        "/v1/sources": ["GET"], "/v1/characteristics": ["GET"], "/oauth/authorize": ["GET", "POST"], "/oauth/token": ["POST"], "/signin": ["GET", "POST"],
        "/signup": ["GET", "POST"], "/signout": ["POST"],
        "/": ["GET"], "/types": ["GET"], "/apps": ["GET"], "/apps/revoke": ["POST"], "/apps/permission": ["POST"],
        "/sources/priority": ["POST"], "/sleep": ["GET"],
        "/v1/routes/locations": ["GET"], "/v1/heartbeats": ["GET"], "/v1/electrocardiograms/voltages": ["GET"], "/v1/documents": ["GET"],
        "/workouts": ["GET"], "/heart": ["GET"],
        "/v1/imports": ["GET", "POST"], "/v1/imports/{id}": ["GET"], "/v1/exports": ["GET", "POST"], "/v1/exports/{id}": ["GET"], "/v1/exports/{id}/download": ["GET"], "/export": ["POST"], "/v1/health-cards": ["GET"],
        "/v1/health-cards/verify": ["POST"], "/v1/health-cards/import": ["POST"], "/import": ["GET", "POST"], "/cards": ["GET", "POST"],
    ]

    /// The 405 answer for `request` when its path is known but its method is not; nil otherwise.
    static func methodNotAllowed(_ request: Request) -> Response? {
        let path = request.uri.path.count > 1 && request.uri.path.hasSuffix("/") ? String(request.uri.path.dropLast()) : request.uri.path
        guard let allowed = methods[path], !allowed.contains(request.method.rawValue) else { return nil }
        var response = APIResponses.problem(ServerError.methodNotAllowed("\(request.method.rawValue) is not allowed on \(path); use \(allowed.joined(separator: ", "))"))
        response.headers[.allow] = allowed.joined(separator: ", ")
        return response
    }
}
