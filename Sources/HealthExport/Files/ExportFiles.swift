import Foundation
import ZIPFoundation
import HealthLocking

/// The files beside export.xml (routes, clinical records, export_cda.xml), wherever the export is: an
/// export.zip, the unzipped `apple_health_export` folder, or nothing (a lone export.xml).
final class ExportFiles: Sendable {
    private enum Location {
        case folder(URL)
        // An `Archive` is not thread-safe: every use of it, reads from the file included, is inside its lock.
        case archive(Locked<Archive>, prefix: String)
        case none
    }
    private let location: Location

    private init(_ location: Location) { self.location = location }

    /// Files in `folder` (the folder holding export.xml).
    static func folder(_ folder: URL) -> ExportFiles { ExportFiles(.folder(folder)) }

    /// Files in a zip archive, under `prefix` (e.g. `apple_health_export/`).
    static func archive(_ archive: Archive, prefix: String) -> ExportFiles { ExportFiles(.archive(Locked(archive), prefix: prefix)) }

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
            let inside = prefix + folder + "/"
            names = archive.withLock { archive in
                archive.filter { $0.type == .file && $0.path.hasPrefix(inside) }.map { String($0.path.dropFirst(inside.count)) }
                    .filter { !$0.contains("/") }
            }
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    /// The bytes of the file at `path`, or why not: missing or unreadable, or more than `limit` bytes. The size is
    /// checked before anything is read (a folder's file by its size on disk, a zip entry by the uncompressed size the
    /// archive records), and no more than `limit` bytes are ever held, since a file can grow and an archive can
    /// understate an entry's size.
    func data(at path: String, limit: Int) -> Result<Data, ExportFileProblem> {
        let relative = path.drop { $0 == "/" }
        guard !relative.split(separator: "/").contains("..") else { return .failure(.unreadable) }
        switch location {
        case .none: return .failure(.unreadable)
        case .folder(let folder): return Self.read(folder.appendingPathComponent(String(relative)), limit: limit)
        case .archive(let archive, let prefix):
            return archive.withLock { archive in
                guard let entry = archive[prefix + relative] else { return .failure(.unreadable) }
                return Self.extract(entry, from: archive, limit: limit)
            }
        }
    }

    /// A file of the unzipped folder, its size checked first and its read stopped past `limit`.
    private static func read(_ url: URL, limit: Int) -> Result<Data, ExportFileProblem> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType != .typeDirectory else { return .failure(.unreadable) }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        do {
            let data = try (limit == .max ? handle.readToEnd() : handle.read(upToCount: limit + 1)) ?? Data()
            // Grown since its size was taken: at least limit + 1 bytes now.
            guard data.count <= limit else { return .failure(.tooLarge(size: Int64(data.count), limit: limit)) }
            return .success(data)
        } catch {
            return .failure(.unreadable)
        }
    }

    /// A zip entry, refused by its recorded size first and its inflation stopped past `limit`.
    private static func extract(_ entry: Entry, from archive: Archive, limit: Int) -> Result<Data, ExportFileProblem> {
        guard entry.uncompressedSize <= UInt64(limit) else {
            return .failure(.tooLarge(size: Int64(clamping: entry.uncompressedSize), limit: limit))
        }
        struct BeyondLimit: Error {}
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: true) { chunk in
                guard chunk.count <= limit - data.count else { throw BeyondLimit() }
                data.append(chunk)
            }
        } catch is BeyondLimit {
            return .failure(.inflatesBeyondLimit(recorded: entry.uncompressedSize, limit: limit))
        } catch {
            return .failure(.unreadable)
        }
        return .success(data)
    }
}
