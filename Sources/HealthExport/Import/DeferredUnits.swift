import Foundation
import HealthDatabase

/// Import units held back until the end of export.xml (top-level records of the types correlations hold, see
/// ``ImportUnit/mayBeCorrelationMember``), in bounded memory: the first `memoryLimit` stay in memory, the rest go
/// to a temporary file (one JSON line each) that ``drain(_:)`` reads back in order and deletes.
struct DeferredUnits {
    /// Units kept in memory before spilling to disk.
    let memoryLimit: Int
    private var inMemory: [ImportUnit] = []
    private var file: FileHandle?
    private var fileURL: URL?
    private var buffer = Data()
    private let encoder = JSONEncoder()

    /// Holds units, `memoryLimit` of them in memory.
    init(memoryLimit: Int) { self.memoryLimit = memoryLimit }

    /// The line written for one unit.
    private struct Spilled: Codable {
        var records: [SampleRecord]
        var line: Int
    }

    /// Holds `unit` back.
    mutating func append(_ unit: ImportUnit) throws {
        guard inMemory.count >= memoryLimit else { return inMemory.append(unit) }
        if file == nil {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-import-deferred-\(UUID().uuidString).jsonl")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            file = try FileHandle(forWritingTo: url)
            fileURL = url
        }
        buffer += try encoder.encode(Spilled(records: unit.records, line: unit.line))
        buffer.append(0x0A)
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
        let decoder = JSONDecoder()
        var pending = Data()
        while true {
            let chunk = try reader.read(upToCount: 1 << 20) ?? Data()
            pending += chunk
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                let spilled = try decoder.decode(Spilled.self, from: Data(pending[start..<newline]))
                try body(ImportUnit(records: spilled.records, line: spilled.line, mayBeCorrelationMember: true))
                start = pending.index(after: newline)
            }
            pending = Data(pending[start...])
            if chunk.isEmpty { break }
        }
    }

    /// Drops whatever is held and deletes the file.
    mutating func discard() {
        inMemory = []
        try? file?.close()
        file = nil
        if let url = fileURL { try? FileManager.default.removeItem(at: url) }
        fileURL = nil
        buffer = Data()
    }

    private mutating func writeBuffer() throws {
        guard !buffer.isEmpty, let file else { return }
        try file.write(contentsOf: buffer)
        buffer = Data()
    }
}
