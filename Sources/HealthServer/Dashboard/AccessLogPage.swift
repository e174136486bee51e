import Foundation
import Hummingbird

/// `/access`: which app read or wrote which types of the person's data, and when, newest first (one line per app,
/// action and types within a minute, with how many requests it was). Times are shown in the page's time zone (`tz`).
struct AccessLogPage: Sendable {
    /// The server (the log and apps' names).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer
    /// The time zone, from the page's `tz`.
    let day: DashboardDay

    /// The page.
    func response() throws -> Response {
        let entries = try services.directory.accesses(personID: viewer.person.id)
        var names: [String: String] = [:]
        for id in Set(entries.map(\.clientID)) { names[id] = try services.directory.app(clientID: id)?.name ?? id }
        var body = "<h1>Access log</h1>\n<p>What apps read and wrote in the last \(ServerDirectory.accessLogDays) days, newest first.</p>\n"
        guard !entries.isEmpty else {
            return DashboardLayout.page(title: "Access log", viewer: viewer, section: .access,
                                        body: body + "<p class=\"empty\">No app has read or written your health data yet.</p>\n")
        }
        body += "<table class=\"decisions\">\n<caption>App accesses</caption>\n<thead><tr><th scope=\"col\">When</th>"
            + "<th scope=\"col\">App</th><th scope=\"col\">Did</th><th scope=\"col\">Types</th><th scope=\"col\">Requests</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            let types = entry.types.map(AppsPage.title).sorted().joined(separator: ", ")
            body += "<tr><td>\(HTML.escape(time(entry.last)))</td><th scope=\"row\">\(HTML.escape(names[entry.clientID] ?? entry.clientID))</th>"
                + "<td>\(Self.verb(entry.action))</td><td>\(HTML.escape(types))</td><td>\(entry.count)</td></tr>\n"
        }
        body += "</tbody>\n</table>\n"
        return DashboardLayout.page(title: "Access log", viewer: viewer, section: .access, body: body)
    }

    /// The action in words.
    static func verb(_ action: AccessEntry.Action) -> String {
        switch action {
        case .read: "Read"
        case .write: "Wrote"
        case .delete: "Deleted"
        }
    }

    /// `date` as `YYYY-MM-DD HH:MM` in the page's time zone.
    private func time(_ date: Date) -> String { day.minute(date) }
}
