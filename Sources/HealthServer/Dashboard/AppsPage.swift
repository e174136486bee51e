import Foundation
import HealthDatabase
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/apps`: the apps the person has answered a permission sheet for, as the Health app's "Apps" list shows them:
/// every type each app asked for with its read and write decision, a button to revoke one type and one to revoke
/// everything. Revoking forgets the decisions (`HKHealthStore.revokeAuthorization(forApp:types:)`), so the app's next
/// request shows the sheet again. The decisions come from the person's own store; apps' names from the directory.
struct AppsPage: Sendable {
    /// The server (for apps' names).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer

    /// The page, with `notice` (what was just done) at the top.
    func response(notice: String? = nil) throws -> Response {
        let grants = try viewer.store.authorizationGrants(forApp: nil)
        let apps = Dictionary(grouping: grants, by: \.app)
        let names = try Dictionary(uniqueKeysWithValues: apps.keys.map { ($0, try services.directory.app(clientID: $0)?.name ?? $0) })
        var body = "<h1>Apps</h1>\n"
        if let notice { body += "<p class=\"status\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        if apps.isEmpty { body += "<p class=\"empty\">No app has asked for access to your health data.</p>\n" }
        for (index, app) in apps.keys.sorted(by: { (names[$0]!.lowercased(), $0) < (names[$1]!.lowercased(), $1) }).enumerated() {
            body += section(app: app, name: names[app]!, grants: apps[app]!, index: index)
        }
        return DashboardLayout.page(title: "Apps", viewer: viewer, section: .apps, body: body)
    }

    private func section(app: String, name: String, grants: [AuthorizationGrant], index: Int) -> String {
        let heading = "app-\(index)"
        var html = "<section class=\"card\" aria-labelledby=\"\(heading)\">\n<h2 id=\"\(heading)\">\(HTML.escape(name))</h2>\n"
        html += "<p class=\"muted\">\(HTML.escape(app))</p>\n<table class=\"decisions\">\n<caption>What \(HTML.escape(name)) may do</caption>\n"
        html += "<thead><tr><th scope=\"col\">Type</th><th scope=\"col\">Read</th><th scope=\"col\">Write</th><th scope=\"col\">Change</th></tr></thead>\n<tbody>\n"
        let byType = Dictionary(grouping: grants, by: \.type)
        for identifier in byType.keys.sorted(by: { Self.title($0) < Self.title($1) }) {
            func decision(_ access: AuthorizationGrant.Access) -> String {
                guard let grant = byType[identifier]?.first(where: { $0.access == access }) else { return "Not asked" }
                return grant.allowed ? "Allowed" : "Not allowed"
            }
            let title = HTML.escape(Self.title(identifier))
            html += "<tr><th scope=\"row\">\(title)</th><td>\(decision(.read))</td><td>\(decision(.share))</td><td>"
            html += revokeForm(app: app, type: identifier, label: "Revoke", description: "Revoke \(Self.title(identifier)) for \(name)")
            html += "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        html += revokeForm(app: app, type: nil, label: "Revoke all access", description: "Revoke all access for \(name)")
        return html + "</section>\n"
    }

    private func revokeForm(app: String, type: String?, label: String, description: String) -> String {
        var form = "<form method=\"post\" action=\"/apps/revoke\">\(viewer.csrfField)<input type=\"hidden\" name=\"app\" value=\"\(HTML.escape(app))\">"
        if let type { form += "<input type=\"hidden\" name=\"type\" value=\"\(HTML.escape(type))\">" }
        let disabled = viewer.isGuest ? " disabled" : ""
        return form + "<button type=\"submit\" class=\"secondary\" aria-label=\"\(HTML.escape(description))\"\(disabled)>\(label)</button></form>"
    }

    private static func title(_ identifier: String) -> String {
        HKObjectType.type(named: identifier).map(TypeNames.title) ?? identifier
    }

    /// `POST /apps/revoke`: forgets the app's decisions for the `type` fields given (all of them when none), after
    /// checking the CSRF token; guests may not. Answers with a redirect to the list, which says what was done.
    func revoke(_ form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else {
            throw HKError(.errorNotPermissibleForGuestUserMode, "Guest sessions cannot change apps' permissions")
        }
        guard let app = form["app"], !app.isEmpty else { throw ServerError.badRequest("app: name the app whose access to revoke") }
        let decided = try viewer.store.authorizationGrants(forApp: app)
        guard !decided.isEmpty else { throw ServerError.notFound("“\(app)” has no permissions to revoke") }
        let types = try form.all("type").map { name in
            guard let type = HKObjectType.type(named: name) else { throw ServerError.badRequest("type: “\(name)” is not a type HealthKit knows") }
            return type
        }
        try viewer.store.revokeAuthorization(forApp: app, types: types.isEmpty ? nil : Set(types))
        var components = URLComponents()
        components.path = "/apps"
        components.queryItems = [URLQueryItem(name: "revoked", value: app)]
        return HTML.redirect(components.string ?? "/apps")
    }

    /// The notice for `?revoked=APP`: what the last revocation did, naming the app as the directory does.
    func notice(revoked app: String?) throws -> String? {
        guard let app, !app.isEmpty else { return nil }
        let name = try services.directory.app(clientID: app)?.name ?? app
        return "Revoked access for \(name). It will ask again the next time it needs it."
    }
}
