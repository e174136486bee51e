import Foundation

/// Why a file beside export.xml (an ECG's CSV, a route's GPX) gave no bytes.
enum ExportFileProblem: Error, Equatable {
    /// Missing, unreadable, or a path that leaves the export.
    case unreadable
    /// Larger than its reader's limit: `size` bytes on disk or as the archive records it, found before reading.
    case tooLarge(size: Int64, limit: Int)
    /// A zip entry the archive records as `recorded` bytes that inflated to more than the limit; reading stopped there.
    case inflatesBeyondLimit(recorded: UInt64, limit: Int)

    /// The problem for the import's report, naming the file (`file`, as the export names it), what it is (`what`:
    /// "an ECG file"), its size and the limit.
    func importProblem(file: String, line: Int, what: String) -> ImportProblem {
        switch self {
        case .unreadable:
            return ImportProblem(.missingFile, line: line, "cannot be read", file: file)
        case .tooLarge(let size, let limit):
            return ImportProblem(.fileTooLarge, line: line, "\(size) bytes, over the limit of \(Self.mebibytes(limit)) for \(what)", file: file)
        case .inflatesBeyondLimit(let recorded, let limit):
            return ImportProblem(.fileTooLarge, line: line, "inflates to more than \(Self.mebibytes(limit)) (the archive says \(recorded) bytes), "
                                 + "over the limit for \(what)", file: file)
        }
    }

    /// `16 MiB (16777216 bytes)`.
    private static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
    }
}
