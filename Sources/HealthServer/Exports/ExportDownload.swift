import Foundation
import HealthExport
import Hummingbird
import NIOCore

/// A finished export's file as a download: `GET /v1/exports/{id}/download`, read from the job's folder and sent
/// 256 KiB at a time (never whole in memory), with the format's `Content-Type` and the file offered by name.
enum ExportDownload {
    /// The name the client is offered, and the type, of each format: Apple's `export.zip`, the CSV files zipped, and a
    /// FHIR Bundle.
    static func file(for format: HealthExporter.Format) -> (name: String, type: String) {
        switch format {
        case .apple: ("export.zip", "application/zip")
        case .csv: ("export_csv.zip", "application/zip")
        case .fhir: ("export_fhir.json", "application/fhir+json")
        }
    }

    /// The response for `job`'s file in `folder`: 409 while the job is going or when it failed (naming why).
    static func response(_ job: ExportJob, folder: URL) throws -> Response {
        guard job.state == .finished else {
            throw ServerError.conflict(job.state == .failed ? "export \(job.id) failed: \(job.error ?? "no reason given")"
                                                            : "export \(job.id) is still \(job.state.rawValue); download it when it has finished")
        }
        let file = folder.appendingPathComponent(job.fileName)
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: file) } catch {
            throw ServerError.notFound("export \(job.id)'s file is gone; start the export again")
        }
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        let body = ResponseBody(contentLength: size) { writer in
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: 256 << 10), !data.isEmpty {
                try await writer.write(ByteBuffer(bytes: data))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: job.contentType, .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"\(job.fileName)\"",
        ], body: body)
    }
}
