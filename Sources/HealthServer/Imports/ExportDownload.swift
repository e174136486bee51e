import Foundation
import HealthDatabase
import HealthExport
import Hummingbird
import NIOCore

/// An export of a person's store as a download: the library's exporter (`HealthExporter`, what `health export`
/// runs) writes it into a folder of its own under `DIR/exports` on a thread of its own (it blocks), then the file is
/// streamed to the client in chunks and the folder removed.
struct ExportDownload: Sendable {
    /// The file written.
    let file: URL
    /// Its folder, removed once sent.
    let folder: URL
    /// Its `Content-Type`.
    let contentType: String

    /// The name the client is offered, and the type, of each format: Apple's `export.zip`, the CSV files zipped, and a
    /// FHIR Bundle.
    static func file(for format: HealthExporter.Format) -> (name: String, type: String) {
        switch format {
        case .apple: ("export.zip", "application/zip")
        case .csv: ("export_csv.zip", "application/zip")
        case .fhir: ("export_fhir.json", "application/fhir+json")
        }
    }

    /// Writes `format` of `storage`'s records in `selection` under `exports` (`DIR/exports`).
    static func make(_ format: HealthExporter.Format, selection: ExportSelection, storage: any HealthStorage,
                     under exports: URL) async throws -> ExportDownload {
        let folder = exports.appendingPathComponent(UUID().uuidString.lowercased())
        let (name, type) = file(for: format)
        let download = ExportDownload(file: folder.appendingPathComponent(name), folder: folder, contentType: type)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            _ = try await BlockingWork.run { try HealthExporter(storage: storage).export(format, selection: selection, to: download.file) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return download
    }

    /// The response: the file as an attachment, read and sent 256 KiB at a time, then removed.
    func response() throws -> Response {
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let body = ResponseBody(contentLength: size) { [file, folder] writer in
            defer { try? FileManager.default.removeItem(at: folder) }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: 256 << 10), !data.isEmpty {
                try await writer.write(ByteBuffer(bytes: data))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: contentType, .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"\(file.lastPathComponent)\"",
        ], body: body)
    }
}
