public import ArgumentParser

/// How a command prints its rows: an aligned table for people; JSON, NDJSON or CSV for scripts.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned columns with a header line; numbers rounded (see `NumberText.rounded`).
    case table
    /// A JSON array of objects, one per row, keyed by column name; numbers exact.
    case json
    /// One JSON object per line (newline-delimited JSON), for streaming; numbers exact.
    case ndjson
    /// RFC 4180 CSV with a header line; numbers exact.
    case csv

    /// The `--format` help line.
    static let help = ArgumentHelp("Output format: table, json, ndjson or csv.")
}
