import Foundation
import HealthKitModel

/// The non-empty lines of a file, read in fixed-size chunks so memory stays flat however large the file; a line longer
/// than ``maximumLineBytes`` stops the read with an error naming it.
final class NDJSONLines {
    private let handle: FileHandle
    private var buffer = Data()
    private var lineNumber = 0
    private var atEnd = false
    /// How many buffered bytes are known to hold no newline, so a long line is searched once, not once per chunk.
    private var scanned = 0
    private static let chunkSize = 1 << 20
    /// The longest line read (64 MiB): memory holds at most one line and one chunk.
    static let maximumLineBytes = 64 << 20

    /// Opens `url`; throws `HKError(.errorInvalidArgument)` when it cannot be read.
    init(url: URL) throws {
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw HKError(.errorInvalidArgument, "\(url.path): cannot read (\(error.localizedDescription))")
        }
    }

    deinit { try? handle.close() }

    /// The next non-blank line and its 1-based number, or nil at the end.
    func next() throws -> (Int, Data)? {
        while true {
            if let newline = buffer[(buffer.startIndex + scanned)...].firstIndex(of: 0x0A) {
                scanned = 0
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                lineNumber += 1
                if line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) { return (lineNumber, Data(line)) }
                continue
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                let line = buffer
                buffer = Data()
                scanned = 0
                lineNumber += 1
                return line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) ? (lineNumber, line) : nil
            }
            scanned = buffer.count  // no newline in what is buffered: the next search starts after it
            guard buffer.count <= Self.maximumLineBytes else {
                throw HKError(.errorInvalidArgument, "line \(lineNumber + 1) is longer than \(Self.maximumLineBytes) bytes")
            }
            let chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
            if chunk.isEmpty { atEnd = true } else { buffer.append(chunk) }
        }
    }
}
