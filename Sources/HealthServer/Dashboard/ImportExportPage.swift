import Foundation
import HealthExport
import HTTPTypes
import Hummingbird

/// `/import`: the person's Apple Health export imports and their exports. The upload form (`POST /import`,
/// `multipart/form-data` with the CSRF token, on the same bounded upload path as `POST /v1/imports`) starts a job and
/// goes to its page, `/import/{id}`: a progress bar that refreshes itself every two seconds while the job runs (the
/// `Refresh` header: no JavaScript), then the import's report or the error. Below, the exports
/// (`ImportExportPage+Exports.swift`): a form that starts an export job and the person's exports. Guests see the jobs
/// but can neither import nor export.
struct ImportExportPage: Sendable {
    /// The server (its jobs).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer
    /// The time zone, from the page's `tz`.
    let day: DashboardDay

    /// `GET /import`.
    func response() -> Response {
        var body = "<h1>Import and export</h1>\n<h2>Import an Apple Health export</h2>\n"
        if viewer.isGuest {
            body += "<p>A guest cannot import.</p>\n"
        } else {
            body += """
                <p>In the Health app on iPhone: your picture, then Export All Health Data. Upload the <code>export.zip</code> \
                it makes (or its <code>export.xml</code>); what is already stored is not stored twice.</p>
                <form method="post" action="/import" enctype="multipart/form-data">\(viewer.csrfField)
                <label for="file">export.zip or export.xml</label><input type="file" id="file" name="file" accept=".zip,.xml" required>
                <button type="submit">Import</button></form>

                """
        }
        let jobs = services.jobs.jobs(ImportJob.self, person: viewer.person.id)
        if jobs.isEmpty {
            body += "<p class=\"empty\">No imports yet.</p>\n"
        } else {
            body += "<table class=\"decisions\">\n<caption>Your imports</caption>\n<thead><tr><th scope=\"col\">Started</th>"
                + "<th scope=\"col\">State</th><th scope=\"col\">Progress</th></tr></thead>\n<tbody>\n"
            for job in jobs {
                body += "<tr><th scope=\"row\"><a href=\"/import/\(job.id)\">\(day.parameter(job.createdAt))</a></th>"
                    + "<td>\(Self.stateText(job))</td><td>\(Self.bar(job))</td></tr>\n"
            }
            body += "</tbody>\n</table>\n"
        }
        body += exportSection()
        return DashboardLayout.page(title: "Import and export", viewer: viewer, section: .importExport, body: body)
    }

    /// `POST /import`: receives the export and goes to its job's page.
    func upload(_ request: Request) async throws -> Response {
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot import") }
        let job = try await ImportUpload(services: services).start(request, person: viewer.person.id) { fields in
            let token = (fields["csrf"] ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try BrowserSession.requireCSRF(FormFields("csrf=" + token), session: viewer.secret)
        }
        return HTML.redirect("/import/" + job.id)
    }

    /// `GET /import/{id}`: one job; 404 when the person has none such.
    func job(id: String) throws -> Response {
        guard let job = services.jobs.job(ImportJob.self, person: viewer.person.id, id: id) else { throw ServerError.notFound("you have no such import") }
        var body = "<h1>Import</h1>\n<p><a href=\"/import\">All imports</a></p>\n"
        body += "<p role=\"status\">\(Self.stateText(job))</p>\n<p>\(Self.bar(job))</p>\n"
        body += "<p class=\"muted\">Started \(day.parameter(job.createdAt)); \(ValueText.number(Double(job.uploadBytes))) bytes uploaded"
            + (job.elements > 0 ? "; \(ValueText.number(Double(job.elements))) elements read" : "") + ".</p>\n"
        if job.isActive { body += "<p class=\"muted\">This page refreshes every two seconds until the import ends.</p>\n" }
        if let error = job.error { body += "<p class=\"error\" role=\"alert\">\(HTML.escape(error))</p>\n" }
        if let report = job.report { body += Self.reportHTML(report) }
        var response = DashboardLayout.page(title: "Import", viewer: viewer, section: .importExport, body: body)
        if job.isActive { response.headers[HTTPField.Name("Refresh")!] = "2" }
        return response
    }

    /// What the job is doing, in words.
    static func stateText(_ job: ImportJob) -> String { stateText(job.state, running: "Importing", percent: job.percent) }

    /// A job's state in words; `running` names what it does ("Importing").
    static func stateText(_ state: JobState, running: String, percent: Int) -> String {
        switch state {
        case .uploading: "Uploading"
        case .queued: "Waiting to start"
        case .running: "\(running): \(percent)%"
        case .finished: "Finished"
        case .failed: "Failed"
        }
    }

    /// The job's progress bar.
    static func bar(_ job: ImportJob) -> String { bar(percent: job.percent, label: "Import progress") }

    /// A progress bar (`<progress>`, its percent as text inside for browsers without one), labelled `label`.
    static func bar(percent: Int, label: String) -> String {
        "<progress max=\"100\" value=\"\(percent)\" aria-label=\"\(label)\">\(percent)%</progress> \(percent)%"
    }

    /// The import's report: what was stored, and the problems by kind with their lines.
    static func reportHTML(_ report: ImportReport) -> String {
        var html = "<h2>Report</h2>\n<ul>\n<li>\(ValueText.number(Double(report.stored))) records stored</li>\n"
            + "<li>\(ValueText.number(Double(report.alreadyStored))) already stored</li>\n"
            + "<li>\(ValueText.number(Double(report.duplicatesInExport))) duplicates in the export</li>\n</ul>\n"
        if !report.storedByType.isEmpty {
            html += "<table>\n<caption>Stored, by type</caption>\n<tbody>\n"
            for (type, count) in report.storedByType.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                html += "<tr><th scope=\"row\">\(HTML.escape(type))</th><td>\(ValueText.number(Double(count)))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        if report.problems.total > 0 {
            html += "<h2>Not imported</h2>\n<pre>" + HTML.escape(report.problems.lines.joined(separator: "\n")) + "</pre>\n"
        }
        return html
    }
}
