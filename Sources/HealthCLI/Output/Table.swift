import Foundation

/// Rows of text with named columns, printable as a table, JSON, NDJSON or CSV.
///
/// Commands build a `Table` (or, for long outputs, feed a ``RowWriter`` row by row); they never format output
/// themselves, so every command prints the formats the same way.
public struct Table: Sendable, Equatable {
    /// Column names, in order; they are the header line and the JSON keys.
    public var columns: [String]
    /// The rows; each has one cell per column. A `nil` cell is empty in a table or CSV and `null` in JSON.
    public var rows: [[String?]]

    /// Columns whose cells are exact numbers: JSON writes them as numbers, tables round them.
    public var numericColumns: Set<String>
    /// Columns whose cells are JSON text (objects, arrays), written as is in JSON.
    public var jsonColumns: Set<String>

    /// Creates a table with the given columns and rows.
    public init(columns: [String], rows: [[String?]] = [], numericColumns: Set<String> = [], jsonColumns: Set<String> = []) {
        self.columns = columns
        self.rows = rows
        self.numericColumns = numericColumns
        self.jsonColumns = jsonColumns
    }

    /// The table in `format`, ending with a newline.
    public func render(_ format: OutputFormat) -> String {
        var text = ""
        let writer = RowWriter(columns: columns, numericColumns: numericColumns, jsonColumns: jsonColumns, format: format) {
            text += $0
        }
        rows.forEach(writer.add)
        writer.finish()
        return text
    }
}
