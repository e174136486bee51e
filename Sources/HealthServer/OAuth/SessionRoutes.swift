import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import NIOPosix

/// Signing up, in and out in the browser. The first account is made on the first-run sign-up page and administers the
/// server; later accounts come from `health users add` (or the administrator). Passwords are bcrypt hashes; five
/// failed sign-ins for one name within a minute refuse further tries for that minute (429).
struct SessionRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/signup") { _, _ in try signUpPage() }
        router.post("/signup") { request, _ in try await signUp(request) }
        router.get("/signin") { request, _ in signInPage(next: QueryParameters(request).one("next"), error: nil) }
        router.post("/signin") { request, _ in try await signIn(request) }
        router.post("/signout") { request, _ in try await signOut(request) }
    }

    /// A bcrypt hash of `password`, computed off the request's thread.
    static func hash(_ password: String, cost: UInt8) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`, checked off the request's thread.
    static func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    private func signUpPage(error: String? = nil) throws -> Response {
        guard try services.directory.personCount() == 0 else { return HTML.redirect("/signin") }
        return HTML.response(HTML.page(title: "Create the first account", body: """
            <h1>Welcome to OpenHealthKit</h1>
            <p>This server has no accounts yet. The account you create now administers it.</p>
            \(error.map { "<p class=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? "")
            <form method="post" action="/signup">
            <label for="name">Name</label><input type="text" id="name" name="name" autocomplete="username" required>
            <label for="password">Password (at least 8 characters)</label>
            <input type="password" id="password" name="password" autocomplete="new-password" minlength="8" required>
            <button type="submit">Create account</button>
            </form>
            """), status: error == nil ? .ok : .badRequest)
    }

    private func signUp(_ request: Request) async throws -> Response {
        let form = try await FormFields.read(request)
        guard try services.directory.personCount() == 0 else {
            throw ServerError.forbidden("this server already has accounts; ask its administrator for one")
        }
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        if let problem = Self.accountProblem(name: name, password: password) { return try signUpPage(error: problem) }
        let person = try services.directory.addPerson(name: name, passwordHash: try await Self.hash(password, cost: services.configuration.bcryptCost))
        return try startSession(for: person, next: "/")
    }

    /// Why `name` and `password` cannot make an account, or nil.
    static func accountProblem(name: String, password: String) -> String? {
        if name.isEmpty || name.count > 64 { return "the name must have 1 to 64 characters" }
        if name.contains(where: { $0.isNewline || $0 == "\0" }) { return "the name must be one line" }
        if password.count < 8 { return "the password must have at least 8 characters" }
        if password.utf8.count > 72 { return "the password must be at most 72 bytes (bcrypt reads no more)" }
        return nil
    }

    private func signInPage(next: String?, error: String?) -> Response {
        HTML.response(HTML.page(title: "Sign in", body: """
            <h1>Sign in</h1>
            \(error.map { "<p class=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? "")
            <form method="post" action="/signin">
            <input type="hidden" name="next" value="\(HTML.escape(Self.safeNext(next)))">
            <label for="name">Name</label><input type="text" id="name" name="name" autocomplete="username" required>
            <label for="password">Password</label>
            <input type="password" id="password" name="password" autocomplete="current-password" required>
            <button type="submit">Sign in</button>
            </form>
            """), status: error == nil ? .ok : .unauthorized)
    }

    private func signIn(_ request: Request) async throws -> Response {
        let form = try await FormFields.read(request)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let key = name.lowercased()
        guard services.signInLimiter.allows(key) else {
            throw ServerError.tooManyRequests("too many failed sign-ins for this name; wait a minute and try again")
        }
        guard let found = try services.directory.person(named: name),
              try await Self.verify(form["password"] ?? "", hash: found.passwordHash) else {
            services.signInLimiter.fail(key)
            return signInPage(next: form["next"], error: "That name and password do not match an account.")
        }
        services.signInLimiter.reset(key)
        return try startSession(for: found.person, next: Self.safeNext(form["next"]))
    }

    private func startSession(for person: Person, next: String) throws -> Response {
        let secret = TokenSecret.make(prefix: "ohk_s_")
        try services.directory.addToken(secret: secret, TokenGrant(kind: .session, personID: person.id, clientID: nil, scope: []),
                                        label: "browser session", expires: Date().addingTimeInterval(12 * 3600))
        return HTML.redirect(next, headers: [.setCookie: SessionCookie.header(secret, secure: services.configuration.usesTLS)])
    }

    private func signOut(_ request: Request) async throws -> Response {
        let form = try await FormFields.read(request)
        if let secret = SessionCookie.value(in: request) {
            try BrowserSession.requireCSRF(form, session: secret)
            try services.directory.removeToken(secret: secret)
        }
        return HTML.redirect("/signin", headers: [.setCookie: SessionCookie.header("", secure: services.configuration.usesTLS, maxAge: 0)])
    }

    /// `next` when it is a path on this server, else `/` (no open redirects).
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.contains("\r"), !next.contains("\n") else {
            return "/"
        }
        return next
    }
}

/// The signed-in person behind a browser request, and the CSRF token of their session.
enum BrowserSession {
    /// The person signed in with the request's session cookie, and the session's secret; nil when none.
    static func current(_ request: Request, services: ServerServices) throws -> (person: Person, secret: String, grant: TokenGrant)? {
        guard let secret = SessionCookie.value(in: request), let grant = try services.directory.token(secret: secret),
              grant.kind == .session || grant.kind == .guest, let person = try services.directory.person(id: grant.personID) else {
            return nil
        }
        return (person, secret, grant)
    }

    /// The CSRF token of the session whose secret is `secret`: derived from it, so only a page served to that
    /// session knows it.
    static func csrf(for secret: String) -> String {
        String(TokenSecret.digest("csrf:" + secret).prefix(32))
    }

    /// Throws ``ServerError/forbidden(_:)`` unless the form carries the session's CSRF token.
    static func requireCSRF(_ form: FormFields, session secret: String) throws {
        guard let token = form["csrf"], token == csrf(for: secret) else {
            throw ServerError.forbidden("the form is out of date or came from another site (CSRF check); reload the page and try again")
        }
    }
}
