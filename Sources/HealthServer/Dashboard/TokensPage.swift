import Foundation
import Hummingbird

/// `/tokens`: the person's own access tokens, for their scripts (owner access, as `health tokens create` makes):
/// the list (label and date, never the secret), a form that makes one and shows its secret once, and a revoke button
/// per token. Guests see that they cannot.
struct TokensPage: Sendable {
    /// The server (the directory).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer
    /// The time zone, from the page's `tz`.
    let day: DashboardDay

    /// The page; `secret` is a token just made, shown this once; `notice` says what a form did.
    func response(secret: String? = nil, notice: String? = nil) throws -> Response {
        var body = "<h1>Access tokens</h1>\n"
        guard !viewer.isGuest else {
            return DashboardLayout.page(title: "Access tokens", viewer: viewer, section: .tokens,
                                        body: body + "<p>A guest cannot see or make access tokens.</p>\n")
        }
        body += "<p>A token lets your own scripts read and write all your health data over the API "
            + "(<code>Authorization: Bearer TOKEN</code>). Keep it secret; revoke it when you no longer need it.</p>\n"
        if let secret {
            body += "<p class=\"status\" role=\"status\">Your new token (shown only now): <code>\(HTML.escape(secret))</code></p>\n"
        }
        if let notice { body += "<p class=\"status\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += """
            <form method="post" action="/tokens">\(viewer.csrfField)
            <label for="label">Label</label><input type="text" id="label" name="label" maxlength="64" required>
            <button type="submit">Make a token</button></form>

            """
        let tokens = try services.directory.personalTokens(personID: viewer.person.id)
        guard !tokens.isEmpty else { return page(body + "<p class=\"empty\">You have no access tokens.</p>\n") }
        body += "<table class=\"decisions\">\n<caption>Your tokens</caption>\n<thead><tr><th scope=\"col\">Label</th>"
            + "<th scope=\"col\">Made</th><th scope=\"col\">Revoke</th></tr></thead>\n<tbody>\n"
        for token in tokens {
            body += "<tr><th scope=\"row\">\(HTML.escape(token.label))</th><td>\(day.parameter(token.created))</td>"
                + "<td><form class=\"inline\" method=\"post\" action=\"/tokens/revoke\">\(viewer.csrfField)"
                + "<input type=\"hidden\" name=\"id\" value=\"\(token.id)\">"
                + "<button type=\"submit\" aria-label=\"Revoke \(HTML.escape(token.label))\">Revoke</button></form></td></tr>\n"
        }
        return page(body + "</tbody>\n</table>\n")
    }

    /// `POST /tokens`: makes a token labelled with the form's `label`, and shows it once.
    func make(_ form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot make access tokens") }
        let label = (form["label"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, label.count <= 64, !label.contains(where: \.isNewline) else {
            throw ServerError.badRequest("label: give the token a name of 1 to 64 characters on one line")
        }
        return try response(secret: try services.directory.makePersonalToken(personID: viewer.person.id, label: label))
    }

    /// `POST /tokens/revoke`: revokes the person's token the form's `id` names (404 when they have none such).
    func revoke(_ form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot revoke access tokens") }
        guard try services.directory.revokePersonalToken(personID: viewer.person.id, id: form["id"] ?? "") else {
            throw ServerError.notFound("you have no such token")
        }
        return try response(notice: "The token was revoked: it no longer works.")
    }

    private func page(_ body: String) -> Response {
        DashboardLayout.page(title: "Access tokens", viewer: viewer, section: .tokens, body: body)
    }
}
