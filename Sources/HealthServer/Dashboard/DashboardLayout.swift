import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The frame of every dashboard page: the shared page layout (``HTML/page(title:body:style:header:)``) with the
/// dashboard's styles in its stylesheet and its navigation in a header before the main content (overview, types, apps,
/// the signed-in name and a sign-out button carrying the CSRF token).
enum DashboardLayout {
    /// The sections the navigation links to.
    enum Section: String, CaseIterable, Sendable {
        /// `/`.
        case overview
        /// `/types` and the type pages.
        case types
        /// `/workouts` and a workout's page.
        case workouts
        /// `/heart`.
        case heart
        /// `/apps`.
        case apps
        /// `/access`.
        case access
        /// `/tokens`.
        case tokens
        /// `/guest`.
        case guest
        /// `/records` (clinical records) and `/providers`.
        case records, providers
        /// `/import`: imports and exports.
        case importExport
        /// `/cards`: SMART Health Cards.
        case cards

        /// The link's words.
        var title: String {
            switch self {
            case .overview: "Overview"
            case .types: "Types"
            case .workouts: "Workouts"
            case .heart: "Heart"
            case .apps: "Apps"
            case .access: "Access log"
            case .tokens: "Tokens"
            case .guest: "Guest access"
            case .records: "Health records"
            case .providers: "Providers"
            case .importExport: "Import & export"
            case .cards: "Health cards"
            }
        }

        /// The link's target.
        var path: String {
            switch self {
            case .overview: "/"
            case .types: "/types"
            case .workouts: "/workouts"
            case .heart: "/heart"
            case .apps: "/apps"
            case .access: "/access"
            case .tokens: "/tokens"
            case .guest: "/guest"
            case .records: "/records"
            case .providers: "/providers"
            case .importExport: "/import"
            case .cards: "/cards"
            }
        }
    }

    /// Rules for the dashboard's parts, added to the layout's stylesheet (whose own rules cover forms and text).
    /// Colours keep 4.5:1 or more for text on white; the single column fits a phone's width and charts scale to it.
    static let style = """
        .top { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; border-bottom: 1px solid #767676; padding-bottom: .5rem; }
        .top a { color: #0a4ea3; font-weight: 600; padding: .25rem 0; }
        .top a[aria-current=page] { color: #111; text-decoration: none; border-bottom: 3px solid #0a4ea3; }
        .top .who { margin-left: auto; color: #444; }
        .top form { display: inline; } .top button { margin: 0; padding: .25rem .75rem; }
        .card { border: 1px solid #bdbdbd; border-radius: .5rem; padding: 0 1rem .75rem; margin: 1rem 0; }
        .figure { font-size: 1.6rem; font-weight: 700; }
        .muted { color: #4a4a4a; }
        .chart { display: block; width: 100%; height: auto; margin: .5rem 0; }
        .tabs { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; }
        .tabs a { display: inline-block; padding: .3rem .8rem; border: 1px solid #0a4ea3; border-radius: 1rem; color: #0a4ea3; text-decoration: none; }
        .tabs a[aria-current=page] { background: #0a4ea3; color: #fff; }
        .pager { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem; }
        table { border-collapse: collapse; width: 100%; font-size: .9rem; }
        th, td { padding: .25rem .4rem; border-bottom: 1px solid #d0d0d0; text-align: left; }
        td { text-align: right; } .decisions td { text-align: left; }
        .empty { font-weight: 600; }
        form.inline { display: inline; } form.inline button { margin: .25rem 0 .25rem .5rem; padding: .2rem .6rem; font-size: .9rem; }
        .status { background: #e8f1e4; border-left: 4px solid #2e6b1f; padding: .5rem 1rem; }
        .records pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; }
        """

    /// A dashboard page for `viewer` in `section`: `body` (already HTML) under the navigation.
    static func page(title: String, viewer: DashboardViewer, section: Section?, body: String) -> Response {
        var nav = "<nav class=\"top\" aria-label=\"Dashboard\">\n"
        for item in Section.allCases {
            let current = item == section ? " aria-current=\"page\"" : ""
            nav += "<a href=\"\(item.path)\"\(current)>\(item.title)</a>\n"
        }
        nav += "<span class=\"who\">\(HTML.escape(viewer.person.name))\(viewer.isGuest ? " (guest)" : "")</span>\n"
        nav += "<form method=\"post\" action=\"/signout\">\(viewer.csrfField)<button type=\"submit\" class=\"secondary\">Sign out</button></form>\n</nav>\n"
        return HTML.response(HTML.page(title: title, body: body, style: style, header: "<header>\n" + nav + "</header>"))
    }

    /// A page saying what went wrong, with `status`, and a way back.
    static func problem(_ message: String, status: HTTPResponse.Status) -> Response {
        let heading = status == .notFound ? "Not found" : status.reasonPhrase
        return HTML.response(HTML.page(title: heading, body: """
            <h1>\(HTML.escape(heading))</h1>
            <p role="alert">\(HTML.escape(message))</p>
            <p><a href="/">Back to the overview</a></p>
            """, style: style), status: status)
    }
}

/// Turns every error a dashboard page throws into an HTML page with the status the JSON API would give it (a 4xx
/// naming the problem: an unknown type is a 404 page, a form without its CSRF token a 403 page), never a crash or a
/// JSON body in a browser. A 5xx is logged without health data.
struct DashboardErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Runs the page, turning a thrown error into a problem page.
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let (status, _, message) = APIResponses.describe(error)
            if status.code >= 500 {
                context.logger.error("page failed", metadata: ["path": "\(request.uri.path)", "status": "\(status.code)"])
            }
            return DashboardLayout.problem(message, status: status)
        }
    }
}
