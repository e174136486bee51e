import Foundation
import HealthDatabase
import HealthExport
import OpenHealthKit

/// An import job's work, run by ``JobRegistry`` on a thread of its own: the library's importer (`ExportImporter`,
/// which writes through the store's one write path) reads the upload in the job's folder (`export.zip` or
/// `export.xml`) into the person's store, its progress kept on the job, then the upload is removed.
enum ImportRun {
    /// The work of importing `file` (in the job's folder) into the store `storage` opens.
    static func work(file: URL, storage: @escaping @Sendable () throws -> any HealthStorage) -> @Sendable (JobRegistry.Handle<ImportJob>) throws -> Void {
        { handle in
            defer { try? FileManager.default.removeItem(at: file) }
            var importer = ExportImporter()
            importer.progress = { progress in handle.progress { $0.advance(progress) } }
            let storage = try storage()
            var report = try importer.run(path: file.path, into: storage)
            report.source = file.lastPathComponent   // the server's paths stay its own
            // As `health import`: the summaries and merged runs now, so the person's first chart reads them. A failure
            // here loses nothing (statistics compute them on demand), so the import still succeeds.
            if report.readAnything { try? StatisticsPreparation.prepare(storage) }
            handle.update { $0.finish(report, at: handle.now) }
        }
    }
}
