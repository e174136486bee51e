import Foundation
import HealthProviders
import HTTPTypes
import Hummingbird

/// `/providers`: the person's connections to healthcare providers — each provider with its state ("Syncing…" while a
/// sync runs), last sync and what it did, next background refresh and last problem in plain words, a "Sync now" and a
/// "Remove" button (keeping or deleting the
/// records downloaded from it, as the person chooses) — and the form that connects a new one: an institution from
/// the server's directory (searchable) or a FHIR base URL. Guests see the list and change nothing.
struct ProvidersPage: Sendable {
    /// The server (the provider service).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer
    /// The page's day and time zone (for times).
    let day: DashboardDay

    /// The page; `notice` says what a form or the sign-in did; `search` narrows the directory's list.
    /// While a connection syncs, the page refreshes itself every two seconds (the `Refresh` header: no JavaScript).
    func response(notice: String? = nil, search: String? = nil) throws -> Response {
        var body = "<h1>Health records from providers</h1>\n"
        if let notice { body += "<p class=\"status\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        let connections = try services.providers.connections(of: viewer.person.id)
        let syncing = Set(connections.map(\.id).filter { services.refresher.isSyncing($0, of: viewer.person.id) })
        if !syncing.isEmpty { body += "<p class=\"muted\">This page refreshes every two seconds until the sync ends.</p>\n" }
        body += connectionsTable(connections, syncing: syncing)
        body += viewer.isGuest ? "<p>A guest cannot connect, sync or remove providers.</p>\n" : connectForm(search: search)
        var response = DashboardLayout.page(title: "Providers", viewer: viewer, section: .providers, body: body)
        if !syncing.isEmpty { response.headers[HTTPField.Name("Refresh")!] = "2" }
        return response
    }

    /// The person's connections as a table (those in `syncing` say so), or a sentence when there are none.
    private func connectionsTable(_ connections: [ProviderConnection], syncing: Set<String>) -> String {
        guard !connections.isEmpty else { return "<p class=\"empty\">You have no provider connections.</p>\n" }
        var html = "<table class=\"decisions\">\n<caption>Your providers</caption>\n<thead><tr><th scope=\"col\">Provider</th>"
            + "<th scope=\"col\">State</th><th scope=\"col\">Last sync</th><th scope=\"col\">Next refresh</th>"
            + "<th scope=\"col\">Last problem</th>" + (viewer.isGuest ? "" : "<th scope=\"col\">Actions</th>") + "</tr></thead>\n<tbody>\n"
        for connection in connections {
            let name = HTML.escape(connection.institution)
            html += "<tr data-connection=\"\(connection.id)\"><th scope=\"row\">\(name)<br><span class=\"muted\">"
                + "\(HTML.escape(connection.fhirBase.absoluteString))</span></th>"
                + "<td>\(syncing.contains(connection.id) ? "Syncing…" : Self.state(connection))</td><td>\(lastSync(connection))</td>"
                + "<td>\(nextRefresh(connection))</td><td>\(HTML.escape(Self.problem(connection) ?? "None"))</td>"
            if !viewer.isGuest {
                html += "<td><form class=\"inline\" method=\"post\" action=\"/providers/sync\">\(viewer.csrfField)"
                    + "<input type=\"hidden\" name=\"id\" value=\"\(connection.id)\">"
                    + "<button type=\"submit\" aria-label=\"Sync \(name) now\">Sync now</button></form>"
                    + "<form class=\"inline\" method=\"post\" action=\"/providers/remove\">\(viewer.csrfField)"
                    + "<input type=\"hidden\" name=\"id\" value=\"\(connection.id)\">"
                    + "<button type=\"submit\" name=\"records\" value=\"keep\" aria-label=\"Remove \(name), keep its records\">Remove, keep records</button>"
                    + "<button type=\"submit\" name=\"records\" value=\"delete\" aria-label=\"Remove \(name) and delete its records\">Remove and delete records</button>"
                    + "</form></td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n<p class=\"muted\">Removing a provider revokes this server's access there. "
            + "\"Remove, keep records\" keeps what was downloaded; \"Remove and delete records\" deletes every record from that provider.</p>\n"
    }

    /// The connect form: the directory's institutions (narrowed by `search`) or a FHIR base URL.
    private func connectForm(search: String?) -> String {
        guard services.providers.canConnect else {
            return "<p>This server is not registered with any provider, so it cannot connect to one "
                + "(its administrator starts it with <code>--provider-client-id</code>).</p>\n"
        }
        var html = "<h2>Connect a provider</h2>\n"
        let directory = services.providers.directory
        if !directory.institutions.isEmpty {
            let found = directory.search(search ?? "").prefix(200)
            html += "<form method=\"get\" action=\"/providers\"><label for=\"search\">Find an institution</label>"
                + "<input type=\"search\" id=\"search\" name=\"search\" value=\"\(HTML.escape(search ?? ""))\">"
                + "<button type=\"submit\" class=\"secondary\">Find</button></form>\n"
            html += "<form method=\"post\" action=\"/providers/connect\">\(viewer.csrfField)<label for=\"institution\">Institution</label>"
                + "<select id=\"institution\" name=\"endpoint\">\n"
            for institution in found {
                for endpoint in institution.endpoints {
                    let place = institution.locations.first.flatMap { $0.city }.map { " (\($0))" } ?? ""
                    html += "<option value=\"\(HTML.escape(endpoint.address.absoluteString))\">\(HTML.escape(institution.name + place))</option>\n"
                }
            }
            html += "</select><button type=\"submit\">Connect</button></form>\n"
        }
        html += "<form method=\"post\" action=\"/providers/connect\">\(viewer.csrfField)"
            + "<label for=\"url\">Or the FHIR address your provider gave you</label>"
            + "<input type=\"url\" id=\"url\" name=\"url\" placeholder=\"https://fhir.example.org/r4\" required>"
            + "<button type=\"submit\">Connect</button></form>\n"
        return html + "<p class=\"muted\">You sign in at your provider; it sends you back here, and your records are downloaded then "
            + "and refreshed in the background every day.</p>\n"
    }

    /// The connection's state in words.
    static func state(_ connection: ProviderConnection) -> String {
        connection.status == .active ? "Connected" : "Needs sign-in"
    }

    /// The last problem in plain words, or nil.
    static func problem(_ connection: ProviderConnection) -> String? {
        if connection.status == .needsSignIn {
            return "The provider no longer accepts this server's access. Connect again to keep your records up to date."
        }
        guard let error = connection.lastError else { return nil }
        if error.contains("HTTP 429") || error.contains("HTTP 503") {
            return "The provider was busy; the sync will be tried again. (\(error))"
        }
        return "The last sync did not finish: \(error)"
    }

    /// When the last sync was, and what the last one since the server started did.
    private func lastSync(_ connection: ProviderConnection) -> String {
        let when = connection.lastSync.map(day.minute) ?? "Never"
        guard let outcome = services.providers.lastOutcome(connection.id, of: viewer.person.id) else { return when }
        return when + "<br><span class=\"muted\">\(HTML.escape(outcome))</span>"
    }

    /// When the next background refresh is, in words.
    private func nextRefresh(_ connection: ProviderConnection) -> String {
        guard connection.status == .active else { return "None until you connect again" }
        guard let due = connection.nextDue, due > Date() else { return "Due now" }
        return day.minute(due)
    }
}
