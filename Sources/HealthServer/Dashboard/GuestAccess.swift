import Foundation
import Hummingbird

/// Guest sessions, as HealthKit's Guest User mode: a signed-in person makes a single-use guest link (`POST /guest`,
/// valid 15 minutes); whoever opens it (`GET /guest/{pass}`, then the button: `POST /guest/{pass}`, so a link
/// preview cannot use it up) gets a read-only session for two hours. The guest sees the person's pages and what apps
/// were already allowed to read; apps a guest signs in to get no permission sheet and Guest User tokens; every write,
/// form or API call that would change something fails (`errorNotPermissibleForGuestUserMode` in the API).
struct GuestAccess: Sendable {
    /// The server's directory and stores.
    let services: ServerServices

    /// How long a guest link works.
    static let passSeconds: TimeInterval = 15 * 60
    /// How long a guest session, and an app token a guest obtains, lasts.
    static let sessionSeconds: TimeInterval = 2 * 3600

    /// The page for a guest link that does not work (both for showing and for using it).
    private static var invalidLink: Response {
        DashboardLayout.problem("This guest link is not valid: it was used already, has expired, or was never made.", status: .notFound)
    }

    /// `/guest`: what a guest may do, and the form that makes a link.
    func page(_ viewer: DashboardViewer, link: String? = nil) -> Response {
        var body = "<h1>Guest access</h1>\n"
        if viewer.isGuest {
            body += "<p>You are a guest of \(HTML.escape(viewer.person.name)): you can look, not change anything.</p>\n"
            return DashboardLayout.page(title: "Guest access", viewer: viewer, section: .guest, body: body)
        }
        body += """
            <p>A guest link lets someone else look at your health data for two hours, as HealthKit's Guest User mode does:
            they see your pages, and apps they sign in to read only what you already allowed. They cannot change,
            save, delete or allow anything. The link works once, within 15 minutes.</p>

            """
        if let link {
            body += """
                <p class="status" role="status">Give this link to your guest: <code>\(HTML.escape(link))</code></p>

                """
        }
        body += """
            <form method="post" action="/guest">\(viewer.csrfField)<button type="submit">Make a guest link</button></form>
            """
        return DashboardLayout.page(title: "Guest access", viewer: viewer, section: .guest, body: body)
    }

    /// `POST /guest`: a new guest link for the signed-in person (not for a guest).
    func makePass(_ viewer: DashboardViewer, form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot invite another guest") }
        let pass = TokenSecret.make(prefix: "ohk_g_")
        try services.directory.addToken(secret: pass, TokenGrant(kind: .guestPass, personID: viewer.person.id, clientID: nil, scope: []),
                                        label: "guest link", expires: Date().addingTimeInterval(Self.passSeconds))
        return page(viewer, link: "/guest/" + pass)
    }

    /// `GET /guest/{pass}`: the invitation, with the button that opens the session. Using it up takes a POST.
    func entryPage(pass: String) throws -> Response {
        guard let grant = try services.directory.token(secret: pass), grant.kind == .guestPass,
              let person = try services.directory.person(id: grant.personID) else {
            return Self.invalidLink
        }
        return HTML.response(HTML.page(title: "Guest access", body: """
            <h1>Guest access</h1>
            <p>\(HTML.escape(person.name)) invites you to look at their health data as a guest, for two hours. You will
            not be able to change anything.</p>
            <form method="post" action="/guest/\(HTML.escape(pass))"><button type="submit">Open the guest session</button></form>
            """))
    }

    /// `POST /guest/{pass}`: uses the link up and starts the guest session.
    func enter(pass: String) throws -> Response {
        guard let grant = try services.directory.takeToken(secret: pass, kind: .guestPass) else {
            return Self.invalidLink
        }
        let secret = TokenSecret.make(prefix: "ohk_s_")
        try services.directory.addToken(secret: secret, TokenGrant(kind: .guest, personID: grant.personID, clientID: nil, scope: []),
                                        label: "guest session", expires: Date().addingTimeInterval(Self.sessionSeconds))
        return HTML.redirect("/", headers: [.setCookie: SessionCookie.header(secret, secure: services.configuration.usesTLS,
                                                                              maxAge: Int(Self.sessionSeconds))])
    }
}
