import Foundation
import HealthDatabase

/// Import units held back until the end of export.xml (top-level records of the types correlations hold, see
/// ``ImportUnit/mayBeCorrelationMember``), in bounded memory: the first `memoryLimit` stay in memory, the rest go
/// to a temporary file (each unit's length, then its bytes: ``DeferredUnitCoder``) that ``drain(_:)`` reads back in
/// order and deletes. Files left by a
/// killed import are deleted by the next import that spills.
struct DeferredUnits {
    /// Units kept in memory before spilling to disk.
    let memoryLimit: Int
    private var inMemory: [ImportUnit] = []
    private var file: FileHandle?
    private var fileURL: URL?
    private var buffer: [UInt8] = []
    private var coder = DeferredUnitCoder()

    /// Holds units, `memoryLimit` of them in memory.
    init(memoryLimit: Int) { self.memoryLimit = memoryLimit }

    /// Holds `unit` back.
    mutating func append(_ unit: ImportUnit) throws {
        guard inMemory.count >= memoryLimit else { return inMemory.append(unit) }
        if file == nil {
            Self.removeStaleFiles()
            let name = "\(Self.prefix)\(getpid())-\(UUID().uuidString).units"
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            file = try FileHandle(forWritingTo: url)
            fileURL = url
        }
        let bytes = coder.encode(unit)
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try writeBuffer() }
    }

    /// Hands every unit back in the order it came, then forgets them (and deletes the file).
    mutating func drain(_ body: (ImportUnit) throws -> Void) throws {
        defer { discard() }
        for unit in inMemory { try body(unit) }
        inMemory = []
        guard let url = fileURL else { return }
        try writeBuffer()
        try file?.close()
        file = nil
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        var pending = Data()
        while true {
            let chunk = try reader.read(upToCount: 1 << 20) ?? Data()
            pending += chunk
            var start = pending.startIndex
            while pending.endIndex - start >= 4 {
                let length = pending.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start - pending.startIndex, as: UInt32.self))) }
                guard pending.endIndex - start - 4 >= length else { break }
                try body(try coder.decode(pending[(start + 4)..<(start + 4 + length)]))
                start += 4 + length
            }
            pending = Data(pending[start...])
            if chunk.isEmpty { break }
        }
        guard pending.isEmpty else { throw DeferredUnitCoder.Unreadable() }
    }

    /// Drops whatever is held and deletes the file.
    mutating func discard() {
        inMemory = []
        try? file?.close()
        file = nil
        if let url = fileURL { try? FileManager.default.removeItem(at: url) }
        fileURL = nil
        buffer = []
    }

    /// The temporary files' name prefix; the writing process's id follows.
    static let prefix = "ohk-import-deferred-"

    /// Deletes files left by imports that were killed (their process is gone).
    private static func removeStaleFiles() {
        let folder = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let id = pid_t(pid), id != getpid(), kill(id, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private mutating func writeBuffer() throws {
        guard !buffer.isEmpty, let file else { return }
        try file.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
