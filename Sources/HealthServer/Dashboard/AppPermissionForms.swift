import Foundation
import HealthDatabase
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// The forms on `/apps` that change what an app may do, and what they do; each carries the session's CSRF token, and
/// guests may not use them.
///
/// - `POST /apps/permission` (`app`, `type`, `access=read|share`, `allowed=true|false`) turns one decision the app's
///   permission sheet recorded on or off (`setAuthorization(forApp:toShare:read:allowed:)`), as the Health app's toggles
///   do; a type the app never asked for stays unasked.
/// - `POST /apps/revoke` (`app`, `type` repeatable; none = all) forgets decisions
///   (`revokeAuthorization(forApp:types:)`), so the app's next request shows the sheet again.
struct AppPermissionForms: Sendable {
    /// Who is changing things.
    let viewer: DashboardViewer

    /// A button turning `grant` off when it is allowed, on when it is not; `description` names the access for screen
    /// readers ("reading Step Count for Step Counter").
    func toggle(_ grant: AuthorizationGrant, description: String) -> String {
        let label = grant.allowed ? "Turn off" : "Turn on"
        return form("/apps/permission", [("app", grant.app), ("type", grant.type), ("access", grant.access.rawValue),
                                         ("allowed", grant.allowed ? "false" : "true")], label: label, description: "\(label) \(description)")
    }

    /// A button revoking `app`'s decisions for `type` (all of them when nil).
    func revoke(app: String, type: String?, label: String, description: String) -> String {
        form("/apps/revoke", [("app", app)] + (type.map { [("type", $0)] } ?? []), label: label, description: description)
    }

    /// A one-button form posting `fields` and the CSRF token to `action`; disabled for guests.
    private func form(_ action: String, _ fields: [(String, String)], label: String, description: String) -> String {
        var html = "<form class=\"inline\" method=\"post\" action=\"\(action)\">\(viewer.csrfField)"
        for (name, value) in fields { html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape(value))\">" }
        let disabled = viewer.isGuest ? " disabled" : ""
        return html + "<button type=\"submit\" class=\"secondary\" aria-label=\"\(HTML.escape(description))\"\(disabled)>\(label)</button></form>"
    }

    /// `POST /apps/permission`: sets one recorded decision; 404 when the app never asked for that access.
    func setPermission(_ form: FormFields) throws -> Response {
        let app = try checked(form)
        guard let type = try Self.types(form).first else { throw ServerError.badRequest("type: name the type to change") }
        guard let access = form["access"].flatMap(AuthorizationGrant.Access.init(rawValue:)) else {
            throw ServerError.badRequest("access: must be read or share")
        }
        guard let allowed = ["true": true, "false": false][form["allowed"] ?? ""] else { throw ServerError.badRequest("allowed: must be true or false") }
        let decided = try viewer.store.authorizationGrants(forApp: app)
        guard decided.contains(where: { $0.type == type.identifier && $0.access == access }) else {
            throw ServerError.notFound("“\(app)” has not asked to \(access == .read ? "read" : "write") \(type.identifier)")
        }
        if access == .share {
            guard let sampleType = type as? HKSampleType else { throw ServerError.badRequest("type: \(type.identifier) cannot be shared") }
            try viewer.store.setAuthorization(forApp: app, toShare: [sampleType], read: [], allowed: allowed)
        } else {
            try viewer.store.setAuthorization(forApp: app, toShare: [], read: [type], allowed: allowed)
        }
        return Self.done("changed", app: app)
    }

    /// `POST /apps/revoke`: forgets the decisions; 404 when the app has none.
    func revoke(_ form: FormFields) throws -> Response {
        let app = try checked(form)
        guard !(try viewer.store.authorizationGrants(forApp: app)).isEmpty else {
            throw ServerError.notFound("“\(app)” has no permissions to revoke")
        }
        let types = try Self.types(form)
        try viewer.store.revokeAuthorization(forApp: app, types: types.isEmpty ? nil : Set(types))
        return Self.done("revoked", app: app)
    }

    /// The app the form names, after the CSRF and guest checks.
    private func checked(_ form: FormFields) throws -> String {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else {
            throw HKError(.errorNotPermissibleForGuestUserMode, "Guest sessions cannot change apps' permissions")
        }
        guard let app = form["app"], !app.isEmpty else { throw ServerError.badRequest("app: name the app (its bundle identifier)") }
        return app
    }

    /// The types the form's `type` fields name; throws a 400 naming one HealthKit does not know.
    private static func types(_ form: FormFields) throws -> [HKObjectType] {
        try form.all("type").map { name in
            guard let type = HKObjectType.type(named: name) else { throw ServerError.badRequest("type: “\(name)” is not a type HealthKit knows") }
            return type
        }
    }

    /// Back to the list, which says what was done (`?revoked=APP`, `?changed=APP`).
    private static func done(_ what: String, app: String) -> Response {
        var components = URLComponents()
        components.path = "/apps"
        components.queryItems = [URLQueryItem(name: what, value: app)]
        return HTML.redirect(components.string ?? "/apps")
    }
}
