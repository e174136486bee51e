import Foundation
import HealthExport

/// One export of a person's store run as a background job (``JobRegistry``): what `GET /v1/exports/{id}` and the
/// dashboard's export page show. The file is written into the job's folder (`DIR/exports/PERSON/JOB/`) and downloaded
/// from `GET /v1/exports/{id}/download` once finished, as often as wanted until the job expires.
struct ExportJob: BackgroundJob {
    /// Exports live in `DIR/exports`.
    static let kind = JobKind.exports
    /// What an export a stopped server left unfinished says.
    static let interruptedMessage = "the server stopped before this export finished; start it again"

    /// The job's id (a UUID, lower case).
    var id: String
    /// `queued`, `running`, `finished` (the file can be downloaded) or `failed` (``error`` says why).
    var state: JobState = .queued
    /// When it was started.
    var createdAt: Date
    /// When it finished or failed.
    var finishedAt: Date?
    /// `apple`, `csv` or `fhir`.
    var format: String
    /// The file's name, as the download offers it (`export.zip`, `export_csv.zip`, `export_fhir.json`).
    var fileName: String
    /// The download's `Content-Type`.
    var contentType: String
    /// Records written so far.
    var records = 0
    /// Records the export holds (counted when it started running).
    var totalRecords = 0
    /// How far the export is, 0 to 100 (by records written; 100 once finished; an archive is zipped at 99).
    var percent = 0
    /// The file's size in bytes, once finished.
    var bytes: Int64?
    /// What was written, by element or type (the exporter's counts), once finished.
    var written: [String: Int]?
    /// Where to download the file from, once finished.
    var download: String?
    /// Why the job failed: the problem and where.
    var error: String?

    /// A new job writing `format`, queued.
    init(id: String, format: HealthExporter.Format, createdAt: Date) {
        self.id = id
        self.createdAt = createdAt
        self.format = format.rawValue
        (fileName, contentType) = ExportDownload.file(for: format)
    }

    /// Takes in a progress report of the running export.
    mutating func advance(_ progress: ExportProgress) {
        records = progress.records
        totalRecords = progress.totalRecords
        percent = progress.totalRecords > 0 ? min(99, progress.records * 100 / progress.totalRecords) : 0
    }

    /// Ends the job: its file is `bytes` long and holds `written`.
    mutating func finish(written: [String: Int], bytes: Int64, at date: Date) {
        state = .finished
        finishedAt = date
        records = max(records, totalRecords)
        percent = 100
        self.bytes = bytes
        self.written = written
        download = "/v1/exports/\(id)/download"
    }
}
