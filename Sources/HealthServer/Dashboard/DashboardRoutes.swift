import Foundation
import Hummingbird

/// The dashboard's pages, server-rendered for the signed-in person: `/` (overview), `/types` and `/types/{type}`,
/// `/sleep`, `/workouts` and `/workouts/{uuid}`, `/heart`, `/apps`, `/access` (``AccessLogPage``), `/tokens` (``TokensPage``), `/guest`,
/// `/records` (``ClinicalRecordsPage``), `/providers` (``ProvidersPage``, its forms ``ProviderForms``), `/import`
/// (``ImportExportPage``) and `/export/{id}`, `/cards` (``CardsPage``), and the forms `POST /apps/revoke`, `POST /apps/permission`, `POST /sources/priority`
/// and `POST /guest`; a guest link is `/guest/{pass}` (``GuestAccess``).
/// Signed out, a page redirects to the sign-in form (and back afterwards); on a server with no accounts yet, to the
/// first-run sign-up. Errors become HTML pages (``DashboardErrorMiddleware``). Every page reads `tz` (IANA time zone,
/// the server's by default) and `date` (`YYYY-MM-DD`, today by default).
struct DashboardRoutes: Sendable {
    /// The server's directory and stores.
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        let pages = router.group().add(middleware: DashboardErrorMiddleware())
        pages.get("/") { request, _ in
            try await signedIn(request) { viewer in try await OverviewPage(viewer: viewer, day: try day(request)).response() }
        }
        pages.get("/types") { request, _ in
            try await signedIn(request) { viewer in TypeIndexPage(viewer: viewer, day: try day(request)).response() }
        }
        pages.get("/types/:type") { request, context in
            try await signedIn(request) { viewer in
                let type = try TypePage.type(named: context.parameters.get("type") ?? "")
                let range = try DashboardRange.named(QueryParameters(request).one("range"))
                return try await TypePage(viewer: viewer, day: try day(request), range: range, type: type).response()
            }
        }
        pages.get("/sleep") { request, _ in
            try await signedIn(request) { viewer in
                let range = try DashboardRange.named(QueryParameters(request).one("range"))
                return try await SleepPage(viewer: viewer, day: try day(request), range: range).response()
            }
        }
        pages.get("/workouts") { request, _ in
            try await signedIn(request) { viewer in
                try await WorkoutsPage(viewer: viewer, day: try day(request), range: try DashboardRange.named(QueryParameters(request).one("range"))).response()
            }
        }
        pages.get("/workouts/:uuid") { request, context in
            try await signedIn(request) { viewer in try await WorkoutPage(viewer: viewer, day: try day(request)).response(id: context.parameters.get("uuid") ?? "") }
        }
        pages.get("/heart") { request, _ in
            try await signedIn(request) { viewer in
                try await HeartPage(viewer: viewer, day: try day(request), range: try DashboardRange.named(QueryParameters(request).one("range"))).response()
            }
        }
        pages.get("/apps") { request, _ in
            try await signedIn(request) { viewer in
                let page = AppsPage(services: services, viewer: viewer)
                return try page.response(notice: try page.notice(QueryParameters(request)))
            }
        }
        pages.post("/sources/priority") { request, _ in
            try await signedIn(request) { viewer in try SourcePriorityForm(viewer: viewer).change(try await FormFields.read(request)) }
        }
        pages.post("/apps/revoke") { request, _ in
            try await signedIn(request) { viewer in try AppPermissionForms(viewer: viewer).revoke(try await FormFields.read(request)) }
        }
        pages.post("/apps/permission") { request, _ in
            try await signedIn(request) { viewer in try AppPermissionForms(viewer: viewer).setPermission(try await FormFields.read(request)) }
        }
        pages.get("/access") { request, _ in
            try await signedIn(request) { viewer in try AccessLogPage(services: services, viewer: viewer, day: try day(request)).response() }
        }
        pages.get("/tokens") { request, _ in
            try await signedIn(request) { viewer in try TokensPage(services: services, viewer: viewer, day: try day(request)).response() }
        }
        pages.post("/tokens") { request, _ in
            try await signedIn(request) { viewer in
                try TokensPage(services: services, viewer: viewer, day: try day(request)).make(try await FormFields.read(request))
            }
        }
        pages.post("/tokens/revoke") { request, _ in
            try await signedIn(request) { viewer in
                try TokensPage(services: services, viewer: viewer, day: try day(request)).revoke(try await FormFields.read(request))
            }
        }
        pages.get("/import") { request, _ in
            try await signedIn(request) { viewer in ImportExportPage(services: services, viewer: viewer, day: try day(request)).response() }
        }
        pages.post("/import") { request, _ in
            try await signedIn(request) { viewer in try await ImportExportPage(services: services, viewer: viewer, day: try day(request)).upload(request) }
        }
        pages.get("/import/:id") { request, context in
            try await signedIn(request) { viewer in
                try ImportExportPage(services: services, viewer: viewer, day: try day(request)).job(id: context.parameters.get("id") ?? "")
            }
        }
        pages.post("/export") { request, _ in
            try await signedIn(request) { viewer in
                try ImportExportPage(services: services, viewer: viewer, day: try day(request)).startExport(try await FormFields.read(request))
            }
        }
        pages.get("/export/:id") { request, context in
            try await signedIn(request) { viewer in
                try ImportExportPage(services: services, viewer: viewer, day: try day(request)).exportJob(id: context.parameters.get("id") ?? "")
            }
        }
        pages.get("/cards") { request, _ in
            try await signedIn(request) { viewer in try await CardsPage(services: services, viewer: viewer, day: try day(request)).response() }
        }
        pages.post("/cards") { request, _ in
            try await signedIn(request) { viewer in
                try await CardsPage(services: services, viewer: viewer, day: try day(request)).submit(try await FormFields.read(request))
            }
        }
        let guest = GuestAccess(services: services)
        pages.get("/guest") { request, _ in try await signedIn(request) { viewer in guest.page(viewer) } }
        pages.post("/guest") { request, _ in
            try await signedIn(request) { viewer in try guest.makePass(viewer, form: try await FormFields.read(request)) }
        }
        pages.get("/guest/:pass") { _, context in try guest.entryPage(pass: context.parameters.get("pass") ?? "") }
        pages.post("/guest/:pass") { _, context in try guest.enter(pass: context.parameters.get("pass") ?? "") }
        // Clinical records and provider connections (ClinicalRecordsPage, ProvidersPage, ProviderForms).
        pages.get("/records") { request, _ in
            try await signedIn(request) { viewer in
                let person = viewer.person.id
                return try await ClinicalRecordsPage(viewer: viewer, day: try day(request), parties: { services.providers.parties(of: person, sourceBundleIdentifier: $0) })
                    .response(category: QueryParameters(request).one("category"))
            }
        }
        pages.get("/providers") { request, _ in
            try await signedIn(request) { viewer in
                try ProvidersPage(services: services, viewer: viewer, day: try day(request)).response(search: QueryParameters(request).one("search"))
            }
        }
        pages.get("/providers/callback") { request, _ in
            try await signedIn(request) { viewer in try await ProviderForms(services: services, viewer: viewer, day: try day(request)).callback(request) }
        }
        pages.post("/providers/connect") { request, _ in
            try await signedIn(request) { viewer in
                try await ProviderForms(services: services, viewer: viewer, day: try day(request)).connect(try await FormFields.read(request), request: request)
            }
        }
        pages.post("/providers/sync") { request, _ in
            try await signedIn(request) { viewer in
                try ProviderForms(services: services, viewer: viewer, day: try day(request)).sync(try await FormFields.read(request))
            }
        }
        pages.post("/providers/remove") { request, _ in
            try await signedIn(request) { viewer in
                try await ProviderForms(services: services, viewer: viewer, day: try day(request)).remove(try await FormFields.read(request))
            }
        }
    }

    /// `page` for the signed-in person, or a redirect to sign in (to sign up when the server has no account yet).
    private func signedIn(_ request: Request, page: (DashboardViewer) async throws -> Response) async throws -> Response {
        if let viewer = try DashboardViewer.current(request, services: services) { return try await page(viewer) }
        if try services.directory.personCount() == 0 { return HTML.redirect("/signup") }
        let back = request.method == .get ? (request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")) : "/"
        return HTML.redirect("/signin?next=" + back.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }

    /// The day and time zone the request's `date` and `tz` name.
    private func day(_ request: Request) throws -> DashboardDay {
        let query = QueryParameters(request)
        return try DashboardDay(timeZone: query.one("tz"), date: query.one("date"))
    }
}
