import Foundation
import HealthDatabase
import HealthExport
import HealthLocking
import OpenHealthKit

/// Every person's Apple Health export imports, run as background jobs through the library's importer
/// (`ExportImporter`, which writes through the store's one write path).
///
/// A job lives in `DIR/imports/PERSON/JOB/`: the upload (`export.zip` or `export.xml`, removed once imported) and
/// `job.json` (its state, written at every change of state). Jobs are looked up by person and id together, so one
/// person can never see or touch another's. A person runs one job at a time, and the server at most
/// ``concurrentImports`` (each import is one thread writing batches; more would only contend for the machine).
final class ImportJobs: Sendable {
    /// Imports running at once on the whole server.
    static let concurrentImports = 2

    private struct Key: Hashable {
        var person: String
        var job: String
    }

    private struct Queue {
        var jobs: [Key: ImportJob] = [:]
        var waiting: [Key] = []
        var running = 0
    }

    private let folder: URL
    private let storage: @Sendable (String) throws -> any HealthStorage
    private let queue = Locked(Queue())

    /// Jobs under `folder` (`DIR/imports`), importing into the store `storage` opens for a person id.
    init(folder: URL, storage: @escaping @Sendable (String) throws -> any HealthStorage) {
        self.folder = folder
        self.storage = storage
    }

    /// The folder of a person's job.
    func folder(person: String, job: String) -> URL {
        folder.appendingPathComponent(person).appendingPathComponent(job)
    }

    /// Starts a job for `person` (uploading) and makes its folder; throws ``ServerError/conflict(_:)`` while another of
    /// theirs is still going.
    func begin(person: String) throws -> ImportJob {
        let job = ImportJob(id: UUID().uuidString.lowercased())
        try queue.withLock { queue in
            if let active = queue.jobs.first(where: { $0.key.person == person && $0.value.isActive }) {
                throw ServerError.conflict("import \(active.key.job) is still \(active.value.state.rawValue); start another when it has finished")
            }
            queue.jobs[Key(person: person, job: job.id)] = job
        }
        do {
            try FileManager.default.createDirectory(at: folder(person: person, job: job.id), withIntermediateDirectories: true)
        } catch {
            abandon(person: person, job: job.id)
            throw error
        }
        return job
    }

    /// Forgets a job whose upload failed, and its folder.
    func abandon(person: String, job: String) {
        _ = queue.withLock { $0.jobs.removeValue(forKey: Key(person: person, job: job)) }
        try? FileManager.default.removeItem(at: folder(person: person, job: job))
    }

    /// Queues the uploaded `file` (in the job's folder) for import; returns the job as it now stands.
    func enqueue(person: String, job id: String, file: URL, bytes: Int64) -> ImportJob {
        let key = Key(person: person, job: id)
        let job = queue.withLock { queue -> ImportJob in
            queue.jobs[key]?.state = .queued
            queue.jobs[key]?.uploadBytes = bytes
            queue.jobs[key]?.upload = file.pathExtension
            queue.waiting.append(key)
            return queue.jobs[key] ?? ImportJob(id: id)
        }
        save(job, key: key)
        startWaiting()
        return job
    }

    /// The person's job `id`; nil when they have none such (another person's id included).
    func job(person: String, id: String) -> ImportJob? {
        guard UUID(uuidString: id) != nil, id == id.lowercased() else { return nil }
        if let job = queue.withLock({ $0.jobs[Key(person: person, job: id)] }) { return job }
        return load(folder(person: person, job: id))
    }

    /// The person's jobs, newest first.
    func jobs(person: String) -> [ImportJob] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(person).path)) ?? []
        return names.compactMap { job(person: person, id: $0) }.sorted { $0.createdAt > $1.createdAt }
    }

    /// Starts waiting jobs while there are free slots.
    private func startWaiting() {
        while let key = queue.withLock({ queue -> Key? in
            guard queue.running < Self.concurrentImports, !queue.waiting.isEmpty else { return nil }
            queue.running += 1
            let key = queue.waiting.removeFirst()
            queue.jobs[key]?.state = .running
            return key
        }) {
            let thread = Thread { [self] in
                run(key)
                queue.withLock { $0.running -= 1 }
                startWaiting()
            }
            thread.name = "import \(key.job)"
            thread.start()
        }
    }

    /// Runs one import to its end (on its own thread: the importer blocks), then removes the upload.
    private func run(_ key: Key) {
        let jobFolder = folder(person: key.person, job: key.job)
        let upload = queue.withLock { $0.jobs[key]?.upload } ?? "zip"
        let file = jobFolder.appendingPathComponent("export." + upload)
        var importer = ExportImporter()
        importer.progress = { [queue] progress in queue.withLock { $0.jobs[key]?.advance(progress) } }
        do {
            let storage = try storage(key.person)
            var report = try importer.run(path: file.path, into: storage)
            report.source = file.lastPathComponent   // the server's paths stay its own
            // As `health import`: the summaries and merged runs now, so the person's first chart reads them. A failure
            // here loses nothing (statistics compute them on demand), so the import still succeeds.
            if report.readAnything { try? StatisticsPreparation.prepare(storage) }
            update(key) { $0.finish(report) }
        } catch {
            update(key) { $0.fail(Self.message(error)) }
        }
        try? FileManager.default.removeItem(at: file)
    }

    /// Changes the job and writes it to its folder.
    private func update(_ key: Key, _ change: (inout ImportJob) -> Void) {
        let job = queue.withLock { queue -> ImportJob? in
            guard var job = queue.jobs[key] else { return nil }
            change(&job)
            queue.jobs[key] = job
            return job
        }
        if let job { save(job, key: key) }
    }

    /// The sentence an import's error becomes (the problem and where; the upload's path is the server's business).
    static func message(_ error: any Error) -> String {
        let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return text.replacingOccurrences(of: #"/\S*/export\.(zip|xml)"#, with: "the upload", options: .regularExpression)
    }

    private func save(_ job: ImportJob, key: Key) {
        guard let data = try? WireCoding.encoder().encode(job) else { return }
        try? data.write(to: folder(person: key.person, job: key.job).appendingPathComponent("job.json"), options: .atomic)
    }

    /// A job read from its folder; one a stopped server left unfinished is reported failed (what it stored stays).
    private func load(_ jobFolder: URL) -> ImportJob? {
        guard let data = try? Data(contentsOf: jobFolder.appendingPathComponent("job.json")),
              var job = try? WireCoding.decoder().decode(ImportJob.self, from: data) else { return nil }
        if job.isActive {
            job.fail("the server stopped before this import finished; what it stored stays, and importing the export again stores the rest")
        }
        return job
    }
}
