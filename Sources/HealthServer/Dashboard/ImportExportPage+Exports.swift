import Foundation
import HealthExport
import HTTPTypes
import Hummingbird

/// The dashboard's exports, on the import and export page: the form that starts an export job (`POST /export`, with
/// the CSRF token; the same jobs as `POST /v1/exports`), the person's exports, and a job's page, `/export/{id}`: a
/// `<progress>` bar (records written of the total) that refreshes itself every two seconds while the job runs (the
/// `Refresh` header: no JavaScript), then the download link (`GET /v1/exports/{id}/download` with the session) or
/// the error. Guests see the jobs but cannot export.
extension ImportExportPage {
    /// The export part of `/import`: the form and the person's exports.
    func exportSection() -> String {
        var html = "<h2>Export</h2>\n"
        if viewer.isGuest {
            html += "<p>A guest cannot export.</p>\n"
        } else {
            html += "<form method=\"post\" action=\"/export\">\(viewer.csrfField)<fieldset><legend>Format</legend>\n"
            for (format, words) in [(HealthExporter.Format.apple, "Apple Health export (export.zip; imports back as it was)"),
                                    (.csv, "CSV, one file per type (zipped)"), (.fhir, "FHIR R4 Bundle (JSON)")] {
                let id = "format-\(format.rawValue)"
                html += "<label for=\"\(id)\"><input type=\"radio\" id=\"\(id)\" name=\"format\" value=\"\(format.rawValue)\""
                    + (format == .apple ? " checked" : "") + "> \(HTML.escape(words))</label>\n"
            }
            html += "</fieldset><button type=\"submit\">Export</button></form>\n"
        }
        let jobs = services.jobs.jobs(ExportJob.self, person: viewer.person.id)
        guard !jobs.isEmpty else { return html + "<p class=\"empty\">No exports yet.</p>\n" }
        html += "<table class=\"decisions\">\n<caption>Your exports</caption>\n<thead><tr><th scope=\"col\">Started</th>"
            + "<th scope=\"col\">Format</th><th scope=\"col\">State</th><th scope=\"col\">Progress</th></tr></thead>\n<tbody>\n"
        for job in jobs {
            html += "<tr><th scope=\"row\"><a href=\"/export/\(job.id)\">\(day.minute(job.createdAt))</a></th><td>\(HTML.escape(job.fileName))</td>"
                + "<td>\(Self.stateText(job))</td><td>\(Self.bar(job))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n<p class=\"muted\">Finished exports can be downloaded for "
            + "\(ValueText.number(services.configuration.jobLifetime / 3_600)) hours.</p>\n"
    }

    /// `POST /export`: `csrf` and `format`; starts the job and goes to its page.
    func startExport(_ form: FormFields) throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot export") }
        let name = form["format"] ?? HealthExporter.Format.apple.rawValue
        guard let format = HealthExporter.Format(rawValue: name) else {
            throw ServerError.badRequest("format must be apple, csv or fhir, not \"\(name)\"")
        }
        let job = try ExportRun(services: services).start(person: viewer.person.id, format: format, selection: ExportSelection())
        return HTML.redirect("/export/" + job.id)
    }

    /// `GET /export/{id}`: one export; 404 when the person has none such.
    func exportJob(id: String) throws -> Response {
        guard let job = services.jobs.job(ExportJob.self, person: viewer.person.id, id: id) else {
            throw ServerError.notFound("you have no such export")
        }
        var body = "<h1>Export</h1>\n<p><a href=\"/import\">All imports and exports</a></p>\n"
        body += "<p role=\"status\">\(Self.stateText(job))</p>\n<p>\(Self.bar(job))</p>\n"
        body += "<p class=\"muted\">\(HTML.escape(job.fileName)), started \(day.minute(job.createdAt)); "
            + "\(ValueText.number(Double(job.records))) of \(ValueText.number(Double(job.totalRecords))) records written.</p>\n"
        if job.isActive { body += "<p class=\"muted\">This page refreshes every two seconds until the export ends.</p>\n" }
        if let error = job.error { body += "<p class=\"error\" role=\"alert\">\(HTML.escape(error))</p>\n" }
        if let download = job.download, job.state == .finished {
            body += "<p><a class=\"button\" href=\"\(download)\" download=\"\(HTML.escape(job.fileName))\">Download \(HTML.escape(job.fileName))</a> ("
                + "\(ValueText.number(Double(job.bytes ?? 0))) bytes)</p>\n"
        }
        var response = DashboardLayout.page(title: "Export", viewer: viewer, section: .importExport, body: body)
        if job.isActive { response.headers[HTTPField.Name("Refresh")!] = "2" }
        return response
    }

    /// What the export is doing, in words.
    static func stateText(_ job: ExportJob) -> String { stateText(job.state, running: "Exporting", percent: job.percent) }

    /// The export's progress bar.
    static func bar(_ job: ExportJob) -> String { bar(percent: job.percent, label: "Export progress") }
}
