import Foundation
import HealthExport

/// The import summary as text, JSON or CSV.
enum ImportReport {
    static func render(_ summary: ImportSummary, _ format: OutputFormat) -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            return (String(data: (try? encoder.encode(summary)) ?? Data(), encoding: .utf8) ?? "{}") + "\n"
        case .csv:
            let rows = summary.storedByType.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] }
            return Table(columns: ["type", "stored"], rows: rows, numericColumns: ["stored"]).render(.csv)
        case .table:
            return text(summary)
        }
    }

    private static func text(_ summary: ImportSummary) -> String {
        var lines: [String] = []
        let seconds = String(format: "%.1f", summary.seconds)
        lines.append("Imported \(summary.source) in \(seconds) s")
        lines.append("  stored \(NumberFormat.grouped(summary.stored)) new records; \(NumberFormat.grouped(summary.alreadyStored)) already in the store")
        if summary.duplicatesInExport > 0 { lines.append("  \(NumberFormat.grouped(summary.duplicatesInExport)) records appear twice in the export (stored once)") }
        if summary.correlationMembersMerged > 0 {
            lines.append("  \(NumberFormat.grouped(summary.correlationMembersMerged)) top-level records are also correlation members (stored once)")
        }
        if summary.characteristicsSet > 0 { lines.append("  \(summary.characteristicsSet) characteristics set from <Me>") }
        if let first = summary.firstDate, let last = summary.lastDate {
            lines.append("  dates \(ISO8601DateFormatter.day.string(from: first)) to \(ISO8601DateFormatter.day.string(from: last))")
        }
        if !summary.storedByType.isEmpty {
            let rows = summary.storedByType.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { [$0.key, NumberFormat.grouped($0.value)] }
            lines.append("")
            lines.append(Table(columns: ["type", "stored"], rows: rows).render(.table).trimmingCharacters(in: .newlines))
        }
        if summary.problems.total > 0 {
            lines.append("")
            lines.append("Problems (\(NumberFormat.grouped(summary.problems.total))), not imported:")
            lines += summary.problems.lines.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ISO8601DateFormatter {
    /// `yyyy-MM-dd` in UTC.
    static var day: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter
    }
}
