import Foundation
import HealthDatabase
import HealthExport

/// Starting an export job: `POST /v1/exports` and the dashboard's export form both start them here. The library's
/// exporter (`HealthExporter`, what `health export` runs) writes the file into the job's folder on a thread of the
/// registry's (it blocks), its progress (records written of the selection's total) kept on the job.
struct ExportRun {
    /// The server's jobs and stores.
    let services: ServerServices

    /// Starts an export of `format` of `selection` of `person`'s store; throws ``ServerError/conflict(_:)`` while another
    /// export of theirs is still going.
    func start(person: String, format: HealthExporter.Format, selection: ExportSelection) throws -> ExportJob {
        let jobs = services.jobs
        let job = try jobs.begin(ExportJob(id: UUID().uuidString.lowercased(), format: format, createdAt: jobs.now()), person: person)
        let stores = services.stores
        return jobs.enqueue(ExportJob.self, person: person, id: job.id, work: { handle in
            let file = handle.folder.appendingPathComponent(job.fileName)
            var exporter = HealthExporter(storage: try stores.storage(for: person))
            exporter.progress = { progress in handle.progress { $0.advance(progress) } }
            let written = try exporter.export(format, selection: selection, to: file)
            let bytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            handle.update { $0.finish(written: written, bytes: bytes, at: handle.now) }
        }) ?? job
    }

    /// The format and selection `parameters` name: `format` (`apple`, the default; `csv`; `fhir`), `type`
    /// (repeatable), `start` and `end`, as `health export --type --from --to`; a 400 naming a bad one.
    static func request(_ parameters: QueryParameters) throws -> (HealthExporter.Format, ExportSelection) {
        let name = parameters.one("format") ?? HealthExporter.Format.apple.rawValue
        guard let format = HealthExporter.Format(rawValue: name) else {
            throw ServerError.badRequest("format must be apple, csv or fhir, not \"\(name)\"")
        }
        var selection = ExportSelection()
        if !parameters.all("type").isEmpty { selection.types = Set(try parameters.sampleTypes().map(\.identifier)) }
        selection.from = try parameters.date("start")
        selection.to = try parameters.date("end")
        if let from = selection.from, let to = selection.to, to <= from { throw ServerError.badRequest("end must be after start") }
        return (format, selection)
    }
}
