import Foundation

/// Writes rows as they come, in any ``OutputFormat``, holding at most ``widthSample`` rows (a table's column widths
/// are measured on the first ones; later, longer cells simply push their line).
///
/// Numeric columns hold exact numbers (``NumberText/exact(_:)``): tables round them (``NumberText/rounded(_:)``)
/// and right-align them, JSON writes them as numbers, CSV as they are. JSON columns hold JSON text, written as is
/// in JSON and NDJSON and as text in tables and CSV.
final class RowWriter {
    /// Rows a table buffers to measure its columns.
    static let widthSample = 1_000

    private let columns: [String]
    private let numeric: [Bool]
    private let json: [Bool]
    private let format: OutputFormat
    private let output: (String) -> Void
    private var pending: [[String?]] = []
    private var widths: [Int]?
    private var rowsWritten = 0
    private var buffer = ""

    /// Text is handed to the output in pieces of about this many bytes (one write per row was most of a long query's time).
    static let bufferSize = 64 << 10

    /// A writer of rows with `columns`, sending text to `output` (standard output by default).
    init(columns: [String], numericColumns: Set<String> = [], jsonColumns: Set<String> = [], format: OutputFormat,
         output: @escaping (String) -> Void = Console.write) {
        self.columns = columns
        numeric = columns.map(numericColumns.contains)
        json = columns.map(jsonColumns.contains)
        self.format = format
        self.output = output
        if format == .csv { buffer = columns.map(Self.csvField).joined(separator: ",") + "\r\n" }
    }

    private func emit(_ text: String) {
        buffer += text
        if buffer.utf8.count >= Self.bufferSize { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        output(buffer)
        buffer = ""
    }

    /// Writes (or for a table's first rows, buffers) one row, one cell per column; `nil` is empty or `null`.
    func add(_ row: [String?]) {
        switch format {
        case .table:
            if widths == nil {
                pending.append(row)
                if pending.count >= Self.widthSample { flushTable() }
            } else {
                emit(tableLine(row.enumerated().map { display($0.offset, $0.element) }) + "\n")
            }
        case .csv:
            emit(columns.indices.map { Self.csvField(cell(row, $0)) }.joined(separator: ",") + "\r\n")
        case .json:
            emit((rowsWritten == 0 ? "[\n  " : ",\n  ") + jsonObject(row))
        case .ndjson:
            emit(jsonObject(row) + "\n")
        }
        rowsWritten += 1
    }

    /// Ends the output (the table's buffered rows, the JSON array's bracket).
    func finish() {
        switch format {
        case .table: flushTable()
        case .json: emit(rowsWritten == 0 ? "[]\n" : "\n]\n")
        case .csv, .ndjson: break
        }
        flush()
    }

    private func cell(_ row: [String?], _ index: Int) -> String? { index < row.count ? row[index] : nil }

    private func display(_ index: Int, _ cell: String?) -> String {
        guard let cell else { return "" }
        guard index < numeric.count, numeric[index], let value = Double(cell) else { return cell }
        return NumberText.rounded(value)
    }

    private func flushTable() {
        guard widths == nil else { return }
        let shown = pending.map { row in columns.indices.map { display($0, cell(row, $0)) } }
        var measured = columns.map(\.count)
        for row in shown { for (index, text) in row.enumerated() { measured[index] = max(measured[index], text.count) } }
        widths = measured
        emit(tableLine(columns) + "\n")
        for row in shown { emit(tableLine(row) + "\n") }
        pending = []
    }

    private func tableLine(_ cells: [String]) -> String {
        let widths = widths ?? []
        var line = ""
        for (index, text) in cells.enumerated() where index < columns.count {
            let width = index < widths.count ? widths[index] : 0
            let pad = String(repeating: " ", count: max(0, width - text.count))
            let last = index == columns.count - 1
            if index > 0 { line += "  " }
            line += numeric[index] ? pad + text : (last ? text : text + pad)
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    private func jsonObject(_ row: [String?]) -> String {
        let fields = columns.indices.map { index -> String in
            let key = Self.jsonString(columns[index])
            guard let text = cell(row, index) else { return key + ": null" }
            if numeric[index] { return key + ": " + (Double(text).map { $0.isFinite ? text : "null" } ?? Self.jsonString(text)) }
            return key + ": " + (json[index] ? text : Self.jsonString(text))
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One RFC 4180 field.
    static func csvField(_ value: String?) -> String {
        guard let value else { return "" }
        let needsQuotes = value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
        return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }
}
