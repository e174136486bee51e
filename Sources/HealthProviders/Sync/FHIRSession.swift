import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authorized FHIR reads for one connection: the bearer token from its ``TokenKeeper`` (refreshed and retried once
/// after a 401), the connection's `Accept`, and only ever to the FHIR server's own origin.
struct FHIRSession: Sendable {
    let base: URL
    let keeper: TokenKeeper
    let http: HTTPTransport
    let accept: String

    /// GETs `url` (same origin as the base, else an error naming `step`).
    func get(_ url: URL, step: ProviderError.Step, accept: String? = nil) async throws -> HTTPTransport.Response {
        guard FHIRURL.sameOrigin(url, base) else {
            throw ProviderError(step, "\(url.host ?? "?") is not the FHIR server's origin; the token is not sent there")
        }
        var token = try await keeper.accessToken()
        var response = try await send(url, token: token, step: step, accept: accept ?? self.accept)
        if response.status == 401 {
            token = try await keeper.replace(rejected: token)
            response = try await send(url, token: token, step: step, accept: accept ?? self.accept)
        }
        return response
    }

    private func send(_ url: URL, token: String, step: ProviderError.Step, accept: String) async throws -> HTTPTransport.Response {
        var request = URLRequest(url: url)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        return try await http.send(request, step: step)
    }

    /// A failed answer as an error: the status and the OperationOutcome's first diagnostics, if any.
    static func failure(_ response: HTTPTransport.Response, url: URL, step: ProviderError.Step) -> ProviderError {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let issue = (object?["issue"] as? [[String: Any]])?.first
        let detail = (issue?["diagnostics"] as? String) ?? ((issue?["details"] as? [String: Any])?["text"] as? String)
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.query = nil
        return ProviderError(step, "GET \(parts?.path ?? url.path): HTTP \(response.status)" + (detail.map { ": " + String($0.prefix(200)) } ?? ""),
                             status: response.status)
    }
}
