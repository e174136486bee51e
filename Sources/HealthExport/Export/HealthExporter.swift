public import Foundation
public import HealthDatabase
import ZIPFoundation

/// Writes a store out (OpenHealthKit extension): Apple's export.zip layout, one CSV per type, or a FHIR R4 Bundle.
public struct HealthExporter {
    /// The three formats.
    public enum Format: String, Sendable, CaseIterable {
        /// export.zip in Apple's layout (re-importable, with the same UUIDs).
        case apple
        /// A folder with one CSV per type.
        case csv
        /// One FHIR R4 Bundle (JSON).
        case fhir
    }

    let storage: any HealthStorage
    /// Called with the records written so far and the selection's total: once at the start, then after every page
    /// of records (10,000) read from the store. An Apple or CSV export is zipped after its last page.
    public var progress: (@Sendable (ExportProgress) -> Void)?

    /// An exporter for `storage`.
    public init(storage: any HealthStorage) { self.storage = storage }

    /// Writes `format` to `destination` (apple: a .zip file, or a folder when it has no .zip extension;
    /// csv: a folder, or a .zip file of it; fhir: a .json file); returns what was written, by element or type.
    /// A .zip is written through a temporary folder beside it, removed afterwards.
    public func export(_ format: Format, selection: ExportSelection = ExportSelection(), to destination: URL) throws -> [String: Int] {
        let counter = try progress.map { ExportProgress.Counter(total: try storage.count(matching: selection.filter), report: $0) }
        switch format {
        case .fhir: return try FHIRExportWriter(storage: storage, selection: selection, file: destination, progress: counter).write()
        case .csv:
            return try Self.folder(for: destination, under: nil) { folder in
                try CSVExportWriter(storage: storage, selection: selection, folder: folder, progress: counter).write()
            }
        case .apple:
            return try Self.folder(for: destination, under: "apple_health_export") { root in
                var writer = AppleExportWriter(storage: storage, selection: selection, root: root, progress: counter)
                return try writer.write()
            }
        }
    }

    /// Runs `write` on a folder (created): `destination`, or its subfolder `under`; when `destination` ends in .zip, a
    /// temporary folder beside it instead, zipped to it afterwards (the archive holds `under/` and its contents, or
    /// without `under` the files at its top) and removed.
    private static func folder(for destination: URL, under: String?, write: (URL) throws -> [String: Int]) throws -> [String: Int] {
        let zipped = destination.pathExtension.lowercased() == "zip"
        let folder = zipped ? destination.deletingLastPathComponent().appendingPathComponent(".ohk-export-\(UUID().uuidString)") : destination
        let target = under.map { folder.appendingPathComponent($0) } ?? folder
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        guard zipped else { return try write(target) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let counts = try write(target)
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.zipItem(at: target, to: destination, shouldKeepParent: under != nil, compressionMethod: .deflate)
        return counts
    }
}
