import Foundation
import ZIPFoundation

/// The files beside export.xml (routes, clinical records, export_cda.xml), wherever the export is: an
/// export.zip, the unzipped `apple_health_export` folder, or nothing (a lone export.xml).
final class ExportFiles: @unchecked Sendable {
    private enum Location {
        case folder(URL)
        case archive(Archive, prefix: String)
        case none
    }
    private let location: Location
    private let lock = NSLock()

    private init(_ location: Location) { self.location = location }

    /// Files in `folder` (the folder holding export.xml).
    static func folder(_ folder: URL) -> ExportFiles { ExportFiles(.folder(folder)) }

    /// Files in a zip archive, under `prefix` (e.g. `apple_health_export/`).
    static func archive(_ archive: Archive, prefix: String) -> ExportFiles { ExportFiles(.archive(archive, prefix: prefix)) }

    /// No files (only export.xml was given).
    static let none = ExportFiles(.none)

    /// The paths of the files directly inside `folder` (e.g. `electrocardiograms`), relative to export.xml's folder
    /// and sorted; empty when there is no such folder (or only export.xml was given). Hidden files (`.DS_Store`, the
    /// `._` files macOS adds to archives) are left out.
    func paths(in folder: String) -> [String] {
        let folder = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var names: [String]
        switch location {
        case .none: names = []
        case .folder(let root):
            let url = root.appendingPathComponent(folder)
            names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        case .archive(let archive, let prefix):
            lock.lock()
            defer { lock.unlock() }
            let inside = prefix + folder + "/"
            names = archive.filter { $0.type == .file && $0.path.hasPrefix(inside) }.map { String($0.path.dropFirst(inside.count)) }
                .filter { !$0.contains("/") }
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    /// The bytes of the file at `path` as export.xml writes it (`/workout-routes/route_1.gpx`), or nil.
    func data(at path: String) -> Data? {
        let relative = path.drop { $0 == "/" }
        guard !relative.split(separator: "/").contains("..") else { return nil }
        switch location {
        case .none: return nil
        case .folder(let folder): return try? Data(contentsOf: folder.appendingPathComponent(String(relative)))
        case .archive(let archive, let prefix):
            lock.lock()
            defer { lock.unlock() }
            guard let entry = archive[prefix + relative] else { return nil }
            var data = Data()
            do { _ = try archive.extract(entry, skipCRC32: true) { data.append($0) } } catch { return nil }
            return data
        }
    }
}
