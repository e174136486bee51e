import Foundation
import HealthLocking

/// Every person's background jobs, imports and exports alike: one registry for the whole server.
///
/// A job lives in `DIR/KIND/PERSON/JOB/` (`DIR/imports/…`, `DIR/exports/…`): its files and `job.json`, its record
/// (written at every change of state). Jobs are looked up by kind, person and id together, so one person can never
/// see or touch another's. A person runs one job of each kind at a time, and the server at most ``concurrentJobs``
/// (each is one thread of blocking work: more would only contend for the machine). Finished jobs are kept for
/// ``Retention/lifetime`` and at most ``Retention/keptPerPerson`` of each kind per person, then forgotten with their
/// folders (``sweep()``); a server starting again cleans up what the last one left (``recover()``).
final class JobRegistry: Sendable {
    /// Jobs running at once on the whole server, of every kind.
    static let concurrentJobs = 2

    /// How long finished jobs are kept.
    struct Retention: Sendable {
        /// Seconds a finished or failed job (and its files) is kept after it ended.
        var lifetime: TimeInterval
        /// Finished or failed jobs of each kind kept per person; the oldest beyond it go.
        var keptPerPerson: Int
    }

    /// A job's place: kind, person and id.
    struct Key: Hashable, Sendable {
        var kind: JobKind
        var person: String
        var job: String
    }

    /// The running job's side of the registry, for its work.
    struct Handle<Job: BackgroundJob>: Sendable {
        /// The registry.
        let registry: JobRegistry
        /// Where the job is.
        let key: Key
        /// The job's folder.
        var folder: URL { registry.folder(key) }
        /// Changes the job in memory only (progress, many times a second).
        func progress(_ change: (inout Job) -> Void) { registry.change(key, save: false, change) }
        /// Changes the job and writes it to `job.json`.
        func update(_ change: (inout Job) -> Void) { registry.change(key, save: true, change) }
        /// The current time on the registry's clock.
        var now: Date { registry.now() }
    }

    struct Table {
        var jobs: [Key: any BackgroundJob] = [:]
        var waiting: [(key: Key, start: @Sendable () -> Void)] = []
        var running = 0
    }

    /// The data folder (each kind's folder is under it).
    let dataFolder: URL
    /// How long finished jobs are kept.
    let retention: Retention
    /// The registry's clock (tests move it by hand).
    let now: @Sendable () -> Date
    let table = Locked(Table())

    /// Jobs under `dataFolder`, kept as `retention` says, on the clock `now`. Cleans up what a previous run left.
    init(dataFolder: URL, retention: Retention, now: @escaping @Sendable () -> Date = { Date() }) {
        self.dataFolder = dataFolder
        self.retention = retention
        self.now = now
        recover()
    }

    /// The folder of a job.
    func folder(_ key: Key) -> URL {
        dataFolder.appendingPathComponent(key.kind.rawValue).appendingPathComponent(key.person).appendingPathComponent(key.job)
    }

    /// Removes a job's folder, and the person's folder of that kind when no other job is left in it (`rmdir`, which
    /// leaves a folder that is not empty: a job begun meanwhile keeps its own).
    func removeFolder(_ key: Key) {
        try? FileManager.default.removeItem(at: folder(key))
        _ = rmdir(folder(key).deletingLastPathComponent().path)
    }

    /// The folder of a person's job of `Job`'s kind.
    func folder<Job: BackgroundJob>(_ type: Job.Type, person: String, job: String) -> URL {
        folder(Key(kind: Job.kind, person: person, job: job))
    }

    /// Registers `job` for `person` and makes its folder; throws ``ServerError/conflict(_:)`` while another of theirs of
    /// the same kind is still going.
    func begin<Job: BackgroundJob>(_ job: Job, person: String) throws -> Job {
        sweep()
        let key = Key(kind: Job.kind, person: person, job: job.id)
        try table.withLock { table in
            if let active = table.jobs.first(where: { $0.key.kind == key.kind && $0.key.person == person && $0.value.isActive }) {
                let noun = key.kind == .imports ? "import" : "export"
                throw ServerError.conflict("\(noun) \(active.key.job) is still \(active.value.state.rawValue); start another when it has finished")
            }
            table.jobs[key] = job
        }
        do {
            try FileManager.default.createDirectory(at: folder(key), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            abandon(key)
            throw error
        }
        save(job, key: key)
        return job
    }

    /// Forgets a job that never started (its upload failed), and its folder.
    func abandon(_ key: Key) {
        _ = table.withLock { $0.jobs.removeValue(forKey: key) }
        removeFolder(key)
    }

    /// Queues the person's job `id` (changed by `prepare` first) to run `work` on a thread of its own when a slot is
    /// free; returns the job as it now stands. When `work` throws, the job fails with the error's message.
    @discardableResult
    func enqueue<Job: BackgroundJob>(_ type: Job.Type, person: String, id: String, prepare: (inout Job) -> Void = { _ in },
                                     work: @escaping @Sendable (Handle<Job>) throws -> Void) -> Job? {
        let handle = Handle<Job>(registry: self, key: Key(kind: Job.kind, person: person, job: id))
        handle.update { job in
            prepare(&job)
            job.state = .queued
        }
        let start: @Sendable () -> Void = {
            do { try work(handle) } catch {
                let message = Job.message(error)
                handle.update { $0.fail(message, at: handle.now) }
            }
        }
        table.withLock { $0.waiting.append((handle.key, start)) }
        startWaiting()
        return job(type, person: person, id: id)
    }

    /// The person's job `id` of `Job`'s kind; nil when they have none such (another person's id, an expired job).
    func job<Job: BackgroundJob>(_ type: Job.Type, person: String, id: String) -> Job? {
        guard UUID(uuidString: id) != nil, id == id.lowercased() else { return nil }
        sweep()
        return table.withLock { $0.jobs[Key(kind: Job.kind, person: person, job: id)] } as? Job
    }

    /// The person's jobs of `Job`'s kind, newest first.
    func jobs<Job: BackgroundJob>(_ type: Job.Type, person: String) -> [Job] {
        sweep()
        return table.withLock { table in
            table.jobs.compactMap { $0.key.kind == Job.kind && $0.key.person == person ? $0.value as? Job : nil }
        }.sorted { $0.createdAt > $1.createdAt }
    }

    /// Starts waiting jobs while there are free slots, each on a thread of its own (the work blocks).
    private func startWaiting() {
        while let next = table.withLock({ table -> (key: Key, start: @Sendable () -> Void)? in
            guard table.running < Self.concurrentJobs, !table.waiting.isEmpty else { return nil }
            table.running += 1
            let next = table.waiting.removeFirst()
            table.jobs[next.key]?.state = .running
            return next
        }) {
            let thread = Thread { [self] in
                next.start()
                table.withLock { $0.running -= 1 }
                startWaiting()
            }
            thread.name = "\(next.key.kind.rawValue) \(next.key.job)"
            thread.start()
        }
    }

    /// Changes the job at `key` (when it is still known), writing it to its folder when `save`.
    private func change<Job: BackgroundJob>(_ key: Key, save: Bool, _ change: (inout Job) -> Void) {
        let job = table.withLock { table -> Job? in
            guard var job = table.jobs[key] as? Job else { return nil }
            change(&job)
            table.jobs[key] = job
            return job
        }
        if save, let job { self.save(job, key: key) }
    }

    /// Writes `job` to its folder's `job.json`.
    func save(_ job: some BackgroundJob, key: Key) {
        guard let data = try? WireCoding.encoder().encode(job) else { return }
        try? data.write(to: folder(key).appendingPathComponent("job.json"), options: .atomic)
    }
}
