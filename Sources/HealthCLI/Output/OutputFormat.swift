import ArgumentParser

/// How a command prints its rows: an aligned table for people, JSON or CSV for scripts.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned columns with a header line.
    case table
    /// A JSON array of objects, one per row, keyed by column name.
    case json
    /// RFC 4180 CSV with a header line.
    case csv
}
