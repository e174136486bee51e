import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// The source priority editor on a type's page: the type's sources in priority order, each with "Move up" and "Move
/// down", and "Use the default order". The order is the store's one source priority (`setSourcePriority`, an owner-only
/// OpenHealthKit extension; HealthKit keeps it in the Health app), so moving a source changes how every type's
/// overlapping samples merge. Forms post to `POST /sources/priority` with the session's CSRF token.
struct SourcePriorityForm: Sendable {
    /// Who is looking.
    let viewer: DashboardViewer

    /// The list of `sources` (highest priority first) with its buttons; `back` is the page to come back to.
    // Not optimized: Swift 6.3.1's LoopInvariantCodeMotion pass crashes (signal 4) on this loop in a release build.
    @_optimize(none)
    func html(_ sources: [HKSource], back: String) -> String {
        var html = "<ol class=\"sources\">\n"
        for (index, source) in sources.enumerated() {
            html += "<li>\(HTML.escape(source.name)) <span class=\"muted\">(\(HTML.escape(source.bundleIdentifier)))</span>"
            if !viewer.isGuest {
                if index > 0 { html += move(source, above: sources[index - 1], label: "Move up", back: back) }
                if index + 1 < sources.count { html += move(sources[index + 1], above: source, label: "Move down", back: back, named: source) }
            }
            html += "</li>\n"
        }
        html += "</ol>\n"
        guard !viewer.isGuest else { return html }
        return html + form(fields: [("action", "reset")], back: back, button: "Use the default order", label: "Use the default source order")
    }

    /// A button moving `source` just above `above`; its accessible name says which source moves (`named`, when the
    /// button is "Move down" on the other one).
    private func move(_ source: HKSource, above: HKSource, label: String, back: String, named: HKSource? = nil) -> String {
        form(fields: [("action", "move"), ("source", source.bundleIdentifier), ("above", above.bundleIdentifier)], back: back,
             button: label, label: "\(label) \((named ?? source).name)")
    }

    /// A one-button form posting `fields`, `back` and the CSRF token to `/sources/priority`.
    private func form(fields: [(String, String)], back: String, button: String, label: String) -> String {
        var html = "<form class=\"inline\" method=\"post\" action=\"/sources/priority\">\(viewer.csrfField)"
        html += "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(back))\">"
        for (name, value) in fields { html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape(value))\">" }
        return html + "<button type=\"submit\" class=\"secondary\" aria-label=\"\(HTML.escape(label))\">\(button)</button></form>"
    }

    /// `POST /sources/priority`: `action=move` puts `source` just above `above` in the store's order (the rest keep
    /// theirs); `action=reset` goes back to the default rule. Checks the CSRF token; guests may not. Redirects to `back`
    /// (a path on this server).
    func change(_ form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else {
            throw HKError(.errorNotPermissibleForGuestUserMode, "Guest sessions cannot change the source priority")
        }
        switch form["action"] {
        case "reset":
            try viewer.store.resetSourcePriority()
        case "move":
            var order = try viewer.store.sourcePriority().map(\.bundleIdentifier)
            guard let source = form["source"], let moving = order.firstIndex(of: source) else {
                throw ServerError.badRequest("source: name a source of your data (its bundle identifier)")
            }
            order.remove(at: moving)
            guard let above = form["above"], let target = order.firstIndex(of: above) else {
                throw ServerError.badRequest("above: name the source to move it above (its bundle identifier)")
            }
            order.insert(source, at: target)
            try viewer.store.setSourcePriority(bundleIdentifiers: order)
        default:
            throw ServerError.badRequest("action: must be move or reset")
        }
        return HTML.redirect(SessionRoutes.safeNext(form["back"]))
    }
}
