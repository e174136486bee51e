import Foundation

/// Rows of text with named columns, printable as a table, JSON or CSV.
///
/// Commands build a `Table` and hand it to ``render(_:)``; they never format output themselves,
/// so every command prints the three formats the same way.
public struct Table: Sendable, Equatable {
    /// Column names, in order; they are the header line and the JSON keys.
    public var columns: [String]
    /// The rows; each has one cell per column. A `nil` cell is empty in a table or CSV and `null` in JSON.
    public var rows: [[String?]]

    /// Columns whose cells are numbers: JSON writes them as numbers rather than strings.
    public var numericColumns: Set<String>

    /// Creates a table with the given columns and rows.
    public init(columns: [String], rows: [[String?]] = [], numericColumns: Set<String> = []) {
        self.columns = columns
        self.rows = rows
        self.numericColumns = numericColumns
    }

    /// The table in `format`, ending with a newline.
    public func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: return renderText()
        case .csv: return renderCSV()
        case .json: return renderJSON()
        }
    }

    private func renderText() -> String {
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], (cell ?? "").count)
            }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            let line = padded.joined(separator: "  ")
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
        var lines = [line(columns)]
        lines += rows.map { line($0.map { $0 ?? "" }) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func renderCSV() -> String {
        func field(_ value: String?) -> String {
            guard let value else { return "" }
            let needsQuotes = value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
            return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
        }
        var lines = [columns.map(field).joined(separator: ",")]
        lines += rows.map { $0.map(field).joined(separator: ",") }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private func renderJSON() -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [:]
            for (index, name) in columns.enumerated() {
                let cell = index < row.count ? row[index] : nil
                if let cell, numericColumns.contains(name), let number = Double(cell) {
                    object[name] = number
                } else {
                    object[name] = cell.map { $0 as Any } ?? NSNull()
                }
            }
            return object
        }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only strings and NSNull go in, so serialisation cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: options)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
