import Foundation
import ZIPFoundation

/// Where an import reads from: export.zip, the unzipped folder, or export.xml itself.
struct ExportInput {
    /// The export.xml bytes, chunk by chunk.
    enum XMLSource {
        case file(URL)
        case zipEntry(Archive, Entry)
    }

    /// export.xml.
    let xml: XMLSource
    /// export.xml's size in bytes (uncompressed), for progress.
    let size: Int64
    /// The files beside it.
    let files: ExportFiles
    /// A name for messages.
    let displayName: String

    /// Resolves `path`; throws a message naming the path when it is none of the three.
    static func open(_ path: String) throws -> ExportInput {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ExportReadError.unreadable("\(path): no such file or folder")
        }
        if isDirectory.boolValue {
            for candidate in ["export.xml", "apple_health_export/export.xml", "Export.xml"] {
                let xml = url.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: xml.path) { return try file(xml, files: .folder(xml.deletingLastPathComponent())) }
            }
            // The Health app names the file in the phone's language (exportar.xml, eksport.xml, vienti.xml, ...).
            for folder in [url, url.appendingPathComponent("apple_health_export")] {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(isLocalizedExportName).sorted()
                for name in names {
                    let xml = folder.appendingPathComponent(name)
                    let head = (try? FileHandle(forReadingFrom: xml).read(upToCount: 4096)) ?? Data()
                    if isHealthData(head) { return try file(xml, files: .folder(folder)) }
                }
            }
            throw ExportReadError.unreadable("\(path): the folder holds no export.xml (nor apple_health_export/export.xml)")
        }
        let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 4)) ?? Data()
        if head.starts(with: [0x50, 0x4B]) {
            let archive: Archive
            do { archive = try Archive(url: url, accessMode: .read) }
            catch { throw ExportReadError.unreadable("\(path): not a readable zip archive (\(error))") }
            let entries = archive.filter { $0.type == .file && ($0.path as NSString).lastPathComponent.lowercased() == "export.xml" }
            let localized = { archive.filter { $0.type == .file && isLocalizedExportName(($0.path as NSString).lastPathComponent) }
                .sorted { ($0.path.count, $0.path) < ($1.path.count, $1.path) }
                .first { isHealthData(firstBytes(of: $0, in: archive)) } }
            guard let entry = entries.min(by: { $0.path.count < $1.path.count }) ?? localized() else {
                throw ExportReadError.unreadable("\(path): the archive holds no export.xml")
            }
            let prefix = String(entry.path.dropLast((entry.path as NSString).lastPathComponent.count))
            // The files beside export.xml are read through their own archive (its own file position) while
            // export.xml streams.
            let files = (try? Archive(url: url, accessMode: .read)).map { ExportFiles.archive($0, prefix: prefix) } ?? .none
            return ExportInput(xml: .zipEntry(archive, entry), size: Int64(entry.uncompressedSize), files: files, displayName: path)
        }
        // A damaged download or another file renamed: said as such, not as XML without a <HealthData> root (an export.xml
        // renamed .zip is still read).
        if url.pathExtension.lowercased() == "zip",
           !isHealthData((try? FileHandle(forReadingFrom: url).read(upToCount: 4096)) ?? Data()) {
            throw ExportReadError.unreadable("\(path): not a zip archive (it does not begin with a zip file's signature)")
        }
        return try file(url, files: .folder(url.deletingLastPathComponent()))
    }

    /// Whether `name` may be export.xml under another language's name: an `.xml` file other than `export_cda.xml`
    /// (whose name the Health app does not translate).
    static func isLocalizedExportName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".xml") && lower != "export_cda.xml" && !lower.hasPrefix(".")
    }

    /// Whether a file's first bytes are an Apple Health export's (`<!DOCTYPE HealthData` or `<HealthData`).
    static func isHealthData(_ head: Data) -> Bool {
        String(decoding: head.prefix(4096), as: UTF8.self).contains("HealthData")
    }

    /// The first few KB of a zip entry.
    private static func firstBytes(of entry: Entry, in archive: Archive) -> Data {
        struct Enough: Error {}
        var head = Data()
        _ = try? archive.extract(entry, bufferSize: 4096, skipCRC32: true) { data in
            head += data
            if head.count >= 4096 { throw Enough() }
        }
        return head
    }

    private static func file(_ url: URL, files: ExportFiles) throws -> ExportInput {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
        return ExportInput(xml: .file(url), size: size, files: files, displayName: url.path)
    }

    /// Hands export.xml to `body` in chunks of about `chunkSize` bytes.
    func readChunks(chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch xml {
        case .file(let url):
            let descriptor = Foundation.open(url.path, O_RDONLY)
            guard descriptor >= 0 else { throw ExportReadError.unreadable("\(url.path): cannot open (\(String(cString: strerror(errno))))") }
            defer { close(descriptor) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer.baseAddress, chunkSize)
                if count < 0 { throw ExportReadError.unreadable("\(url.path): read failed (\(String(cString: strerror(errno))))") }
                if count == 0 { return }
                try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        case .zipEntry(let archive, let entry):
            var failure: (any Error)?
            do {
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true) { data in
                    guard failure == nil else { return }
                    do { try data.withUnsafeBytes(body) } catch { failure = error }
                }
            } catch {
                throw ExportReadError.unreadable("\(displayName): the archive's export.xml cannot be read (\(error))")
            }
            if let failure { throw failure }
        }
    }
}
