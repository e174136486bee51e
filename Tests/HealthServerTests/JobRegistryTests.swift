import Foundation
import TestSupport
import HealthExport
import HealthLocking
@testable import HealthServer
import Testing

/// The job registry on its own, with real folders and a clock the test moves: one job of a kind at a time per person;
/// finished jobs go with their folders after their lifetime and beyond the number kept per person, going jobs never;
/// a restart fails what the last run left unfinished (removing its files) and removes what is not a job.
@Suite struct JobRegistryTests {
    /// A clock that moves only when told.
    final class Clock: Sendable {
        private let time = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    /// A registry over `folder` (a new temporary one by default) on `clock`.
    static func registry(_ folder: URL? = nil, clock: Clock = Clock(), lifetime: TimeInterval = 3_600, kept: Int = 5) -> (JobRegistry, URL) {
        let folder = folder ?? TemporaryFiles.folder.appendingPathComponent("ohk-jobs-\(UUID().uuidString)")
        return (JobRegistry(dataFolder: folder, retention: .init(lifetime: lifetime, keptPerPerson: kept), now: { clock.now }), folder)
    }

    /// Starts an export job for `person` whose work writes its file and finishes; returns it once finished.
    static func finishedExport(_ jobs: JobRegistry, person: String, clock: Clock) async throws -> ExportJob {
        let job = try jobs.begin(ExportJob(id: UUID().uuidString.lowercased(), format: .fhir, createdAt: clock.now), person: person)
        jobs.enqueue(ExportJob.self, person: person, id: job.id, work: { handle in
            try Data("{}".utf8).write(to: handle.folder.appendingPathComponent(job.fileName))
            handle.update { $0.finish(written: [:], bytes: 2, at: handle.now) }
        })
        for _ in 0..<1_000 {
            if let now = jobs.job(ExportJob.self, person: person, id: job.id), !now.isActive { return now }
            await Task.yield()
            try await Task.sleep(for: .milliseconds(5))   // waiting for the work's thread, not for time to pass
        }
        throw ServerError.conflict("the job did not finish")
    }

    /// Whether the job's folder is on disk.
    static func exists(_ jobs: JobRegistry, _ job: ExportJob, person: String) -> Bool {
        FileManager.default.fileExists(atPath: jobs.folder(ExportJob.self, person: person, job: job.id).path)
    }

    @Test("a person's second job of a kind while the first is going is a conflict; another kind, another person's is not; abandoning frees it")
    func onePerPerson() throws {
        let (jobs, folder) = Self.registry()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try jobs.begin(ImportJob(id: UUID().uuidString.lowercased()), person: "alice")
        #expect(throws: ServerError.self) { try jobs.begin(ImportJob(id: UUID().uuidString.lowercased()), person: "alice") }
        _ = try jobs.begin(ExportJob(id: UUID().uuidString.lowercased(), format: .csv, createdAt: Date()), person: "alice")
        _ = try jobs.begin(ImportJob(id: UUID().uuidString.lowercased()), person: "bob")
        let key = JobRegistry.Key(kind: .imports, person: "alice", job: first.id)
        jobs.abandon(key)
        #expect(!FileManager.default.fileExists(atPath: jobs.folder(key).path))
        #expect(jobs.job(ImportJob.self, person: "alice", id: first.id) == nil)
        _ = try jobs.begin(ImportJob(id: UUID().uuidString.lowercased()), person: "alice")
    }

    @Test("a finished job and its folder are kept for the lifetime, then gone; the clock moves, no time passes")
    func expiresAfterItsLifetime() async throws {
        let clock = Clock()
        let (jobs, folder) = Self.registry(clock: clock, lifetime: 86_400)
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = try await Self.finishedExport(jobs, person: "alice", clock: clock)
        #expect(job.state == .finished)
        clock.advance(86_399)
        jobs.sweep()
        #expect(jobs.job(ExportJob.self, person: "alice", id: job.id) != nil)
        #expect(Self.exists(jobs, job, person: "alice"))
        clock.advance(1)
        #expect(jobs.job(ExportJob.self, person: "alice", id: job.id) == nil, "a lookup forgets an expired job")
        #expect(!Self.exists(jobs, job, person: "alice"), "and removes its folder, file and all")
        #expect(jobs.jobs(ExportJob.self, person: "alice").isEmpty)
        let personFolder = jobs.folder(ExportJob.self, person: "alice", job: job.id).deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: personFolder.path), "alice's exports folder, left empty, goes too")
    }

    @Test("at most the newest N finished jobs of a kind are kept per person; the others' folders go; other people's stay")
    func keepsAtMostNPerPerson() async throws {
        let clock = Clock()
        let (jobs, folder) = Self.registry(clock: clock, kept: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bobs = try await Self.finishedExport(jobs, person: "bob", clock: clock)
        var alices: [ExportJob] = []
        for _ in 0..<3 {
            clock.advance(60)
            alices.append(try await Self.finishedExport(jobs, person: "alice", clock: clock))
        }
        #expect(jobs.jobs(ExportJob.self, person: "alice").map(\.id) == [alices[2].id, alices[1].id])
        #expect(!Self.exists(jobs, alices[0], person: "alice"))
        #expect(Self.exists(jobs, alices[1], person: "alice") && Self.exists(jobs, alices[2], person: "alice"))
        #expect(jobs.job(ExportJob.self, person: "bob", id: bobs.id) != nil)
    }

    @Test("a job still going never expires, however far the clock moves")
    func goingJobsStay() async throws {
        let clock = Clock()
        let (jobs, folder) = Self.registry(clock: clock, lifetime: 10, kept: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gate = DispatchSemaphore(value: 0)
        let job = try jobs.begin(ExportJob(id: UUID().uuidString.lowercased(), format: .apple, createdAt: clock.now), person: "alice")
        jobs.enqueue(ExportJob.self, person: "alice", id: job.id, work: { _ in gate.wait() })
        clock.advance(1_000_000)
        jobs.sweep()
        #expect(jobs.job(ExportJob.self, person: "alice", id: job.id)?.isActive == true)
        #expect(Self.exists(jobs, job, person: "alice"))
        gate.signal()
    }

    @Test("a restart fails a job the last run left going (its record kept, its files removed) and removes what is not a job")
    func restartCleansUp() throws {
        let (first, folder) = Self.registry()
        defer { try? FileManager.default.removeItem(at: folder) }
        var running = ImportJob(id: UUID().uuidString.lowercased())
        running.state = .running
        let key = JobRegistry.Key(kind: .imports, person: "alice", job: running.id)
        try FileManager.default.createDirectory(at: first.folder(key), withIntermediateDirectories: true)
        first.save(running, key: key)
        try Data(repeating: 1, count: 1_000).write(to: first.folder(key).appendingPathComponent("export.zip"))
        // A folder without a job.json, a stray file, and an export folder of the old layout (DIR/exports/UUID/file).
        let broken = first.folder(JobRegistry.Key(kind: .imports, person: "alice", job: UUID().uuidString.lowercased()))
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        let stray = folder.appendingPathComponent("imports/stray.txt")
        try Data("x".utf8).write(to: stray)
        let old = folder.appendingPathComponent("exports/\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("PK".utf8).write(to: old.appendingPathComponent("export.zip"))

        let (restarted, _) = Self.registry(folder)
        let read = try #require(restarted.job(ImportJob.self, person: "alice", id: running.id))
        #expect(read.state == .failed)
        #expect(read.error?.contains("the server stopped before this import finished") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: restarted.folder(key).path) == ["job.json"])
        #expect(!FileManager.default.fileExists(atPath: broken.path))
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(restarted.jobs(ImportJob.self, person: "alice").map(\.id) == [running.id])
        #expect(restarted.job(ImportJob.self, person: "bob", id: running.id) == nil)
        #expect(restarted.job(ImportJob.self, person: "alice", id: "../alice/" + running.id) == nil)
        #expect(restarted.job(ImportJob.self, person: "alice", id: running.id.uppercased()) == nil)
    }

    @Test("an export's download before it has finished, or after it failed, is a 409 naming why")
    func downloadOnlyWhenFinished() throws {
        var job = ExportJob(id: UUID().uuidString.lowercased(), format: .csv, createdAt: Date())
        let folder = TemporaryFiles.folder
        #expect(throws: ServerError.self) { try ExportDownload.response(job, folder: folder) }
        job.fail("the store could not be read", at: Date())
        do {
            _ = try ExportDownload.response(job, folder: folder)
            Issue.record("a failed export downloaded")
        } catch let error as ServerError {
            #expect(error.description.contains("the store could not be read"), "\(error)")
        }
    }
}
