import Foundation

/// Where a background job is.
enum JobState: String, Codable, Sendable {
    /// Its input is being uploaded (imports).
    case uploading
    /// Waiting for a slot (a few jobs run at once on the whole server).
    case queued
    /// Running.
    case running
    /// Done: the job says what it did (an import's report; an export's file, ready to download).
    case finished
    /// Stopped: the job's `error` says why.
    case failed
}

/// The kinds of background job, each in a folder of its own under the data folder (`DIR/imports`, `DIR/exports`).
enum JobKind: String, CaseIterable, Sendable {
    /// Apple Health export imports (``ImportJob``).
    case imports
    /// Exports of a person's store (``ExportJob``).
    case exports
}

/// What ``JobRegistry`` keeps of a job of one kind: the record `GET /v1/imports/{id}` or `GET /v1/exports/{id}`
/// answers with, written to the job's `job.json` at every change of state.
protocol BackgroundJob: Codable, Sendable {
    /// The kind, and so the folder, of jobs of this type.
    static var kind: JobKind { get }
    /// What a job a stopped server left unfinished says when the server starts again.
    static var interruptedMessage: String { get }
    /// The job's id (a UUID, lower case).
    var id: String { get }
    /// Where it is.
    var state: JobState { get set }
    /// When it started.
    var createdAt: Date { get }
    /// When it finished or failed.
    var finishedAt: Date? { get set }
    /// Why it failed: the problem and where.
    var error: String? { get set }
    /// The sentence `error` becomes when it ends the job (the server's own paths taken out).
    static func message(_ error: any Error) -> String
}

extension BackgroundJob {
    /// Whether the job is still going (a person runs one of each kind at a time; going jobs never expire).
    var isActive: Bool { [.uploading, .queued, .running].contains(state) }

    /// Ends the job with `message`.
    mutating func fail(_ message: String, at date: Date) {
        state = .failed
        error = message
        finishedAt = date
    }

    /// The error's own words, with every path under a job's folder reduced to its file name.
    static func message(_ error: any Error) -> String {
        let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return text.replacingOccurrences(of: #"/\S*/(\S+)"#, with: "$1", options: .regularExpression)
    }
}
