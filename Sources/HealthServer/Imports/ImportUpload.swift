import Foundation
import Hummingbird

/// An upload becoming an import job: the export streamed into the job's folder on the bounded upload path
/// (``UploadBody``), named for what it is (`export.zip` when it starts as a zip archive does, `export.xml`
/// otherwise), then queued (``ImportRun``). `POST /v1/imports` and the dashboard's import form both start jobs here.
struct ImportUpload {
    /// The server's jobs and limits.
    let services: ServerServices

    /// Receives `request`'s export for `person` and queues its import; `check` sees a form's text fields before the
    /// job is queued (the dashboard's CSRF check). Nothing is kept when anything throws.
    func start(_ request: Request, person: String, check: ([String: String]) throws -> Void = { _ in }) async throws -> ImportJob {
        let jobs = services.jobs
        let job = try jobs.begin(ImportJob(id: UUID().uuidString.lowercased(), createdAt: jobs.now()), person: person)
        let key = JobRegistry.Key(kind: .imports, person: person, job: job.id)
        let folder = jobs.folder(key)
        do {
            let upload = folder.appendingPathComponent("upload")
            let received = try await UploadBody.save(request, to: upload, limit: services.configuration.maxUploadBytes)
            try check(received.fields)
            let head = try FileHandle(forReadingFrom: upload).read(upToCount: 2) ?? Data()
            let file = folder.appendingPathComponent(head.starts(with: [0x50, 0x4B]) ? "export.zip" : "export.xml")
            try FileManager.default.moveItem(at: upload, to: file)
            let stores = services.stores
            let queued = jobs.enqueue(ImportJob.self, person: person, id: job.id, prepare: { job in
                job.uploadBytes = received.bytes
                job.upload = file.pathExtension
            }, work: ImportRun.work(file: file) { try stores.storage(for: person) })
            return queued ?? job
        } catch {
            jobs.abandon(key)
            throw error
        }
    }
}
