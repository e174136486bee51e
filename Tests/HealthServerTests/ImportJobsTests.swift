import Foundation
import TestSupport
import HealthDatabase
@testable import HealthServer
import Testing

/// The job registry on its own, with real folders: one job at a time per person, and a job a stopped server left
/// unfinished reads as failed with a reason.
@Suite struct ImportJobsTests {
    /// A registry over a new temporary folder whose imports can open no store (none runs here).
    static func jobs() -> (ImportJobs, URL) {
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-jobs-\(UUID().uuidString)")
        return (ImportJobs(folder: folder, storage: { _ in throw ServerError.notFound("no store in this test") }), folder)
    }

    @Test("a person's second job while the first is going is a conflict; another person's is not; abandoning frees it")
    func onePerPerson() throws {
        let (jobs, folder) = Self.jobs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try jobs.begin(person: "alice")
        #expect(throws: ServerError.self) { try jobs.begin(person: "alice") }
        _ = try jobs.begin(person: "bob")
        jobs.abandon(person: "alice", job: first.id)
        #expect(!FileManager.default.fileExists(atPath: jobs.folder(person: "alice", job: first.id).path))
        #expect(jobs.job(person: "alice", id: first.id) == nil)
        _ = try jobs.begin(person: "alice")
    }

    @Test("a job.json a stopped server left running reads as failed, saying what was kept; ids that are not a job's are nil")
    func leftUnfinished() throws {
        let (jobs, folder) = Self.jobs()
        defer { try? FileManager.default.removeItem(at: folder) }
        var job = ImportJob(id: UUID().uuidString.lowercased())
        job.state = .running
        let jobFolder = jobs.folder(person: "alice", job: job.id)
        try FileManager.default.createDirectory(at: jobFolder, withIntermediateDirectories: true)
        try WireCoding.encoder().encode(job).write(to: jobFolder.appendingPathComponent("job.json"))
        let read = try #require(jobs.job(person: "alice", id: job.id))
        #expect(read.state == .failed)
        #expect(read.error?.contains("the server stopped before this import finished") == true)
        #expect(jobs.jobs(person: "alice").map(\.id) == [job.id])
        #expect(jobs.job(person: "bob", id: job.id) == nil)
        #expect(jobs.job(person: "alice", id: "../alice/" + job.id) == nil)
        #expect(jobs.job(person: "alice", id: job.id.uppercased()) == nil)
    }
}
