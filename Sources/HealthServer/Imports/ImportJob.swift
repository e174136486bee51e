import Foundation
import HealthExport

/// One Apple Health export import run as a background job for one person (``JobRegistry``): what
/// `GET /v1/imports/{id}` and the dashboard's import page show. Kept in memory while the server runs and written to
/// `job.json` in the job's folder at every change of state, so a finished job's report outlives a restart.
struct ImportJob: BackgroundJob {
    /// Where a job is: `uploading`, `queued` (waiting for a slot), `running`, `finished` (the report says what was
    /// stored and what could not be read) or `failed` (``ImportJob/error`` says why; what earlier batches stored stays,
    /// and importing the export again stores only what is missing).
    typealias State = JobState

    /// Imports live in `DIR/imports`.
    static let kind = JobKind.imports
    /// What an import a stopped server left unfinished says.
    static let interruptedMessage = "the server stopped before this import finished; what it stored stays, and importing the export again stores the rest"

    /// The job's id (a UUID, lower case).
    var id: String
    /// Where it is.
    var state: State
    /// When the upload started.
    var createdAt: Date
    /// When it finished or failed.
    var finishedAt: Date?
    /// The uploaded file's size in bytes.
    var uploadBytes: Int64 = 0
    /// `zip` or `xml`: what the upload was.
    var upload: String?
    /// export.xml bytes read so far (uncompressed).
    var bytesRead: Int64 = 0
    /// export.xml's size (uncompressed); 0 until the import opened it.
    var totalBytes: Int64 = 0
    /// Elements (records, workouts, ...) read so far.
    var elements = 0
    /// How far the import is, 0 to 100 (by export.xml bytes read; 100 once finished).
    var percent = 0
    /// What the import did, once it finished.
    var report: ImportReport?
    /// Why the job failed: the problem and where.
    var error: String?

    /// A new job, uploading.
    init(id: String, createdAt: Date = Date()) {
        self.id = id
        self.createdAt = createdAt
        state = .uploading
    }

    /// Takes in a progress report of the running import.
    mutating func advance(_ progress: ImportProgress) {
        bytesRead = progress.bytesRead
        totalBytes = progress.totalBytes
        elements = progress.elements
        percent = progress.totalBytes > 0 ? min(99, Int(progress.bytesRead * 100 / progress.totalBytes)) : 0
    }

    /// Ends the job with `report`: finished when anything usable was read, failed otherwise (naming the problems).
    mutating func finish(_ report: ImportReport, at date: Date = Date()) {
        self.report = report
        finishedAt = date
        bytesRead = totalBytes
        elements = report.elementsRead.values.reduce(0, +)
        if report.readAnything {
            state = .finished
            percent = 100
        } else {
            state = .failed
            let problems = report.problems.lines.prefix(6).joined(separator: "; ")
            error = "nothing usable was read from the upload" + (problems.isEmpty ? "" : ": " + problems)
        }
    }

    /// The sentence an import's error becomes (the problem and where; the upload's path is the server's business).
    static func message(_ error: any Error) -> String {
        let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return text.replacingOccurrences(of: #"/\S*/export\.(zip|xml)"#, with: "the upload", options: .regularExpression)
    }
}
