import Foundation
import HealthProviders
import Hummingbird
import OpenHealthKit

/// The provider pages' actions for the signed-in person: `POST /providers/connect` (starts a SMART launch and
/// redirects the browser to the provider), `GET /providers/callback` (the provider's redirect: the state checked
/// as this person's, the code exchanged, the connection saved and synced once, so the page it shows says what was
/// downloaded), `POST /providers/sync` (sync now, in the background) and `POST /providers/remove` (`records=keep|delete`). Forms carry the CSRF token; guests change nothing; a
/// connection id that is not the person's own is a 404.
struct ProviderForms: Sendable {
    /// The server.
    let services: ServerServices
    /// Who acts.
    let viewer: DashboardViewer
    /// The page's day and time zone.
    let day: DashboardDay

    private var page: ProvidersPage { ProvidersPage(services: services, viewer: viewer, day: day) }

    /// `POST /providers/connect`: `endpoint` (a directory institution's FHIR address) or `url` (any FHIR base URL);
    /// a 303 to the provider's sign-in.
    func connect(_ form: FormFields, request: Request) async throws -> Response {
        try requireMember(form)
        let text = (form["url"].flatMap { $0.isEmpty ? nil : $0 } ?? form["endpoint"] ?? "").trimmingCharacters(in: .whitespaces)
        guard let base = URL(string: text), let scheme = base.scheme?.lowercased(), scheme == "https" || scheme == "http",
              base.host != nil, base.query == nil, base.fragment == nil else {
            throw ServerError.badRequest("url: give the provider's FHIR base address (https://…)")
        }
        let listed = services.providers.directory.institutions(endpoint: base).first
        if listed == nil, !services.configuration.providers.allowPrivateAddresses, let address = PrivateAddressCheck.privateAddress(of: base) {
            throw ServerError.badRequest("url: \(base.host ?? text) is \(address), on this server's own network; only the directory's "
                + "institutions may be there (the administrator can allow such addresses with --provider-allow-private-addresses)")
        }
        let institution = listed?.name ?? base.host ?? text
        let url = try await provider {
            try await services.providers.begin(personID: viewer.person.id, fhirBase: base, institution: institution,
                                               redirectURI: redirectURI(request))
        }
        return HTML.redirect(url.absoluteString)
    }

    /// `GET /providers/callback`: completes the launch this person started and starts the connection's first sync in
    /// the background (as "sync now" does: a large record can take minutes, longer than a browser or a proxy waits);
    /// the page says so, shows the connection syncing and refreshes itself until the sync's outcome shows.
    func callback(_ request: Request) async throws -> Response {
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot connect providers") }
        guard let redirect = URL(string: "http://callback" + request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")) else {
            throw ServerError.badRequest("the provider's redirect is not a URL")
        }
        let connection = try await provider { try await services.providers.complete(personID: viewer.person.id, redirect: redirect) }
        let refused = connection.requested.refused(by: connection.granted)
        var notice = "Connected to \(connection.institution). "
        if !refused.isEmpty { notice += "The provider did not share: \(refused.joined(separator: " ")). " }
        if !connection.granted.offlineAccess { notice += "It gave no lasting access: records will not refresh until you connect again. " }
        services.refresher.syncNow(connection.id, of: viewer.person.id)
        return try page.response(notice: notice + "Its records are downloading; this page shows what the download did when it ends.")
    }

    /// `POST /providers/sync`: starts syncing the person's connection `id` in the background (through the server's
    /// refresher, so a connection never syncs twice at once) and goes back to the providers page, which shows it
    /// syncing and then what the sync did.
    func sync(_ form: FormFields) throws -> Response {
        try requireMember(form)
        let connection = try services.providers.connection(form["id"] ?? "", of: viewer.person.id)
        services.refresher.syncNow(connection.id, of: viewer.person.id)
        return HTML.redirect("/providers")
    }

    /// `POST /providers/remove`: `id` and `records` (`keep` or `delete`, required: the person says which).
    func remove(_ form: FormFields) async throws -> Response {
        try requireMember(form)
        guard let records = form["records"], records == "keep" || records == "delete" else {
            throw ServerError.badRequest("records: say whether to keep or delete the provider's records (keep or delete)")
        }
        let id = form["id"] ?? ""
        let name = try services.providers.connection(id, of: viewer.person.id).institution
        let (revoked, deleted) = try await provider {
            try await services.providers.remove(id, of: viewer.person.id, from: viewer.store, keepRecords: records == "keep")
        }
        var notice = "\(name) was removed; " + (revoked ? "its access was revoked at the provider. " : "this server forgot its access (the provider offers no revocation). ")
        notice += records == "keep" ? "Its records were kept." : "\(deleted) records from it were deleted."
        return try page.response(notice: notice)
    }

    /// The CSRF check, and guests refused.
    private func requireMember(_ form: FormFields) throws {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot connect, sync or remove providers") }
    }

    /// Where the provider sends the browser back: the configured public address, else this request's own.
    private func redirectURI(_ request: Request) throws -> URL {
        let base: String
        if let configured = services.configuration.providers.publicURL {
            base = configured.absoluteString
        } else {
            guard let host = request.head.authority, !host.contains("/"), !host.contains("@") else {
                throw ServerError.badRequest("the request names no host")
            }
            base = (services.configuration.usesTLS ? "https://" : "http://") + host
        }
        guard let url = URL(string: base.trimmingSuffix("/") + "/providers/callback") else {
            throw ServerError.badRequest("the server's address is not a URL")
        }
        return url
    }

    /// Runs a provider call; the module's errors become 400 pages naming the step that failed (the provider refused,
    /// could not be reached, or answered wrongly). No token is ever in them.
    private func provider<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as ProviderError {
            throw ServerError.badRequest("the provider: \(error.description)")
        } catch let error as DirectoryError {
            throw ServerError.badRequest(error.description)
        }
    }
}

private extension String {
    /// The text without trailing `suffix`es.
    func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
