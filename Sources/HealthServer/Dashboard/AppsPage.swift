import Foundation
import HealthDatabase
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/apps`: the apps the person has answered a permission sheet for, as the Health app's "Apps" list shows them:
/// every type each app asked for with its read and write decision and a toggle for each, a button to revoke one type
/// and one to revoke everything (``AppPermissionForms``). The decisions come from the person's own store; apps' names
/// from the directory.
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

    /// One app's card: its name, bundle identifier, a row per type with both decisions and their buttons.
    private func section(app: String, name: String, grants: [AuthorizationGrant], index: Int) -> String {
        let heading = "app-\(index)"
        var html = "<section class=\"card\" aria-labelledby=\"\(heading)\">\n<h2 id=\"\(heading)\">\(HTML.escape(name))</h2>\n"
        html += "<p class=\"muted\">\(HTML.escape(app))</p>\n<table class=\"decisions\">\n<caption>What \(HTML.escape(name)) may do</caption>\n"
        html += "<thead><tr><th scope=\"col\">Type</th><th scope=\"col\">Read</th><th scope=\"col\">Write</th><th scope=\"col\">Change</th></tr></thead>\n<tbody>\n"
        let byType = Dictionary(grouping: grants, by: \.type)
        for identifier in byType.keys.sorted(by: { Self.title($0) < Self.title($1) }) {
            let title = Self.title(identifier)
            html += "<tr><th scope=\"row\">\(HTML.escape(title))</th>"
            for access in [AuthorizationGrant.Access.read, .share] {
                guard let grant = byType[identifier]?.first(where: { $0.access == access }) else {
                    html += "<td><span class=\"decision\">Not asked</span></td>"
                    continue
                }
                html += "<td><span class=\"decision\">\(grant.allowed ? "Allowed" : "Not allowed")</span>"
                    + forms.toggle(grant, description: "\(access == .read ? "reading" : "writing") \(title) for \(name)") + "</td>"
            }
            html += "<td>" + forms.revoke(app: app, type: identifier, label: "Revoke", description: "Revoke \(title) for \(name)") + "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        html += forms.revoke(app: app, type: nil, label: "Revoke all access", description: "Revoke all access for \(name)")
        return html + "</section>\n"
    }

    /// The forms on the page.
    private var forms: AppPermissionForms { AppPermissionForms(viewer: viewer) }

    /// The type's name for an identifier ("Step Count"), or the identifier when no type has it.
    static func title(_ identifier: String) -> String {
        HKObjectType.type(named: identifier).map(TypeNames.title) ?? identifier
    }

    /// The notice for `?revoked=APP` or `?changed=APP`: what the last form did, naming the app as the directory does.
    func notice(_ query: QueryParameters) throws -> String? {
        if let app = query.one("revoked"), !app.isEmpty {
            return "Revoked access for \(try name(of: app)). It will ask again the next time it needs it."
        }
        if let app = query.one("changed"), !app.isEmpty {
            return "Changed what \(try name(of: app)) may do."
        }
        return nil
    }

    /// The app's registered name, or its bundle identifier when the directory does not know it.
    private func name(of app: String) throws -> String {
        try services.directory.app(clientID: app)?.name ?? app
    }
}
