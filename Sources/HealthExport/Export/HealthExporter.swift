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

    /// An exporter for `storage`.
    public init(storage: any HealthStorage) { self.storage = storage }

    /// Writes `format` to `destination` (apple: a .zip file, or a folder when it has no .zip extension;
    /// csv: a folder; fhir: a .json file); returns what was written, by element or type.
    public func export(_ format: Format, selection: ExportSelection = ExportSelection(), to destination: URL) throws -> [String: Int] {
        switch format {
        case .csv: return try CSVExportWriter(storage: storage, selection: selection, folder: destination).write()
        case .fhir: return try FHIRExportWriter(storage: storage, selection: selection, file: destination).write()
        case .apple:
            let zipped = destination.pathExtension.lowercased() == "zip"
            let folder = zipped ? FileManager.default.temporaryDirectory.appendingPathComponent("ohk-export-\(UUID().uuidString)") : destination
            let root = folder.appendingPathComponent("apple_health_export")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var writer = AppleExportWriter(storage: storage, selection: selection, root: root)
            let counts = try writer.write()
            if zipped {
                defer { try? FileManager.default.removeItem(at: folder) }
                try? FileManager.default.removeItem(at: destination)
                try FileManager.default.zipItem(at: root, to: destination, compressionMethod: .deflate)
            }
            return counts
        }
    }
}
