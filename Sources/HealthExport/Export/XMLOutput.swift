import Foundation

/// Buffered UTF-8 output to a file: export.xml is written in large writes, never held whole in memory.
final class XMLOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let bufferSize: Int

    /// Creates (or truncates) the file at `url`; writes happen once `bufferSize` bytes are waiting.
    init(_ url: URL, bufferSize: Int = 1 << 20) throws {
        self.bufferSize = bufferSize
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ExportReadError.unreadable("\(url.path): cannot create the file")
        }
        handle = try FileHandle(forWritingTo: url)
        buffer.reserveCapacity(bufferSize)
    }

    /// Appends text.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= bufferSize { flush() }
    }

    /// Appends ` name="value"` with the value escaped.
    func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        write(" \(name)=\"\(ExportText.escape(value))\"")
    }

    /// Writes what is buffered.
    func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes.
    func close() throws {
        flush()
        try handle.close()
    }
}
