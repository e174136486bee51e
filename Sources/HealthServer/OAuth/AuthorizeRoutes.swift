import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// OAuth 2.0 authorization code with PKCE (S256), where the consent page is HealthKit's permission sheet.
///
/// `GET /oauth/authorize` checks the client and its redirect URI (errors about those are shown, never redirected),
/// then the scope against the app's declarations, asks the person to sign in, and shows the sheet for the types not
/// decided yet: clinical types on a sheet of their own first, then the others. Asking again for decided types shows no
/// sheet: the code comes back at once, as HealthKit calls the completion without a prompt. The person's answers are
/// recorded through the app's store (`requestAuthorization`), so read and share decisions, required clinical types and
/// their errors are HealthKit's own. "Don't Allow" denies every type and still completes, as on a device. A guest
/// session sees no sheet and decides nothing; its code gives a Guest User token (``TokenGrant/Kind/guestApp``).
struct AuthorizeRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/oauth/authorize") { request, _ in try await authorize(request, form: nil) }
        router.post("/oauth/authorize") { request, _ in try await authorize(request, form: try await FormFields.read(request)) }
    }

    /// The authorization request's parameters.
    struct Parameters: Sendable {
        var clientID: String
        var redirectURI: String
        var scope: String
        var state: String?
        var challenge: String

        /// Reads them from the query (GET) or the form (POST).
        init(_ value: (String) -> String?) throws {
            guard let clientID = value("client_id"), !clientID.isEmpty else { throw ServerError.badRequest("client_id is required") }
            guard let redirectURI = value("redirect_uri"), !redirectURI.isEmpty else { throw ServerError.badRequest("redirect_uri is required") }
            self.clientID = clientID
            self.redirectURI = redirectURI
            scope = value("scope") ?? ""
            state = value("state")
            challenge = value("code_challenge") ?? ""
        }

        /// The query string that asks for the same authorization again.
        var query: String {
            var items = [URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientID),
                         URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "scope", value: scope),
                         URLQueryItem(name: "code_challenge", value: challenge), URLQueryItem(name: "code_challenge_method", value: "S256")]
            if let state { items.append(URLQueryItem(name: "state", value: state)) }
            var components = URLComponents()
            components.queryItems = items
            return components.percentEncodedQuery ?? ""
        }

        /// The redirect URI with `items` (and the state) added.
        func redirect(_ items: [URLQueryItem]) -> String {
            var components = URLComponents(string: redirectURI) ?? URLComponents()
            components.queryItems = (components.queryItems ?? []) + items + (state.map { [URLQueryItem(name: "state", value: $0)] } ?? [])
            return components.string ?? redirectURI
        }
    }

    private func authorize(_ request: Request, form: FormFields?) async throws -> Response {
        let query = QueryParameters(request)
        let parameters = try Parameters { name in form?[name] ?? query.one(name) }
        guard let app = try services.directory.app(clientID: parameters.clientID) else {
            return errorPage("No app is registered with client id \"\(parameters.clientID)\".")
        }
        guard app.redirectURIs.contains(parameters.redirectURI) else {
            return errorPage("\(app.name) did not register the redirect URI \(parameters.redirectURI).")
        }
        func fail(_ code: String, _ description: String) -> Response {
            HTML.redirect(parameters.redirect([URLQueryItem(name: "error", value: code), URLQueryItem(name: "error_description", value: description)]))
        }
        if form == nil {
            guard query.one("response_type") == "code" else { return fail("unsupported_response_type", "response_type must be code") }
            guard query.one("code_challenge_method") == "S256", !parameters.challenge.isEmpty else {
                return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256")
            }
        }
        let scope: AuthorizationScope
        do { scope = try AuthorizationScope(parameters.scope) } catch { return fail("invalid_scope", "\(error)") }
        if let problem = scope.problem(for: app) { return fail("invalid_request", problem) }
        guard let session = try BrowserSession.current(request, services: services) else {
            return HTML.redirect("/signin?next=" + ("/oauth/authorize?" + parameters.query).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        }
        // A guest cannot authorize anything new: no sheet, nothing recorded; the app gets a Guest User token that
        // reads what the person already allowed (HealthKit's Guest User mode).
        if session.grant.isGuest { return try issueCode(person: session.person, app: app, parameters: parameters, scope: scope, guest: true) }
        let store = try services.appStore(app, storage: services.stores.storage(for: session.person.id))
        if let form {
            try BrowserSession.requireCSRF(form, session: session.secret)
            let sheet = try await PermissionSheet(store: store, scope: scope)
            if form["action"] == "all" { return sheetPage(sheet, app: app, parameters: parameters, session: session.secret, allOn: true) }
            do {
                try await sheet.record(form, allowed: form["action"] == "allow", in: store)
            } catch let error as HKError where error.code == .errorRequiredAuthorizationDenied {
                return fail("access_denied", error.localizedDescription)
            } catch let error as HKError where error.code == .errorInvalidArgument {
                return fail("invalid_scope", error.localizedDescription)
            }
            return HTML.redirect("/oauth/authorize?" + parameters.query)
        }
        let sheet: PermissionSheet
        do { sheet = try await PermissionSheet.pending(store: store, scope: scope) } catch let error as HKError {
            return fail(error.code == .errorRequiredAuthorizationDenied ? "access_denied" : "invalid_scope", error.localizedDescription)
        }
        if !sheet.isEmpty { return sheetPage(sheet, app: app, parameters: parameters, session: session.secret, allOn: false) }
        return try issueCode(person: session.person, app: app, parameters: parameters, scope: scope, guest: false)
    }

    /// Sends the app's redirect URI a one-time code for `scope` (valid ten minutes).
    private func issueCode(person: Person, app: RegisteredApp, parameters: Parameters, scope: AuthorizationScope, guest: Bool) throws -> Response {
        let code = TokenSecret.make(prefix: "ohk_c_")
        try services.directory.addCode(secret: code, AuthorizationCode(
            personID: person.id, clientID: app.clientID, redirectURI: parameters.redirectURI,
            challenge: parameters.challenge, scope: scope.text.split(separator: " ").map(String.init),
            expires: Date().addingTimeInterval(600), guest: guest))
        return HTML.redirect(parameters.redirect([URLQueryItem(name: "code", value: code)]))
    }

    private func sheetPage(_ sheet: PermissionSheet, app: RegisteredApp, parameters: Parameters, session: String, allOn: Bool) -> Response {
        var hidden = "<input type=\"hidden\" name=\"csrf\" value=\"\(BrowserSession.csrf(for: session))\">\n"
        let fields: [(String, String?)] = [("client_id", parameters.clientID), ("redirect_uri", parameters.redirectURI),
                                           ("scope", parameters.scope), ("state", parameters.state),
                                           ("code_challenge", parameters.challenge)]
        for (name, value) in fields {
            if let value { hidden += "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape(value))\">\n" }
        }
        return HTML.response(HTML.page(title: "Health access", body: sheet.html(app: app, hiddenFields: hidden, allOn: allOn)))
    }

    private func errorPage(_ message: String) -> Response {
        HTML.response(HTML.page(title: "Cannot authorize", body: "<h1>This request cannot be authorized</h1><p role=\"alert\">\(HTML.escape(message))</p>"),
                      status: .badRequest)
    }
}
