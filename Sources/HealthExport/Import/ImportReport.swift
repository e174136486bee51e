import Foundation

/// What an import did: for the command's table and `--format json`.
public struct ImportReport: Sendable, Codable, Hashable {
    /// The export read.
    public var source: String
    /// Elements read from export.xml, by name (`Record`, `Workout`, ...).
    public var elementsRead: [String: Int] = [:]
    /// Records newly stored, by type identifier.
    public var storedByType: [String: Int] = [:]
    /// Records newly stored.
    public var stored = 0
    /// Records already in the store (an earlier import of this or an overlapping export), not stored again.
    public var alreadyStored = 0
    /// Records the export holds twice (identical content), stored once.
    public var duplicatesInExport = 0
    /// Top-level records that are also members of a correlation, stored once as the member.
    public var correlationMembersMerged = 0
    /// Characteristics set from the `Me` element.
    public var characteristicsSet = 0
    /// The earliest start and latest end among stored samples.
    public var firstDate: Date?, lastDate: Date?
    /// Wall time in seconds.
    public var seconds = 0.0
    /// Problems, grouped by kind.
    public var problems = ImportProblemReport()

    /// Creates an empty summary for `source`.
    public init(source: String) { self.source = source }

    /// Whether anything usable was read (new, already stored, or characteristics).
    public var readAnything: Bool { stored + alreadyStored + duplicatesInExport + characteristicsSet > 0 }
}

/// Progress of a running import.
public struct ImportProgress: Sendable {
    /// export.xml bytes read.
    public var bytesRead: Int64
    /// export.xml's size.
    public var totalBytes: Int64
    /// Elements read so far.
    public var elements: Int
    /// Seconds since the start.
    public var seconds: Double
}
