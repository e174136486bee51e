import Foundation
import HealthExport

/// The import summary as text, JSON or CSV.
enum ImportReportText {
    static func render(_ summary: ImportReport, _ format: OutputFormat, dryRun: Bool = false) -> String {
        switch format {
        case .json, .ndjson:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            if format == .ndjson { encoder.outputFormatting = [.sortedKeys] }
            return (String(data: (try? encoder.encode(summary)) ?? Data(), encoding: .utf8) ?? "{}") + "\n"
        case .csv:
            let rows = summary.storedByType.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] }
            return Table(columns: ["type", "stored"], rows: rows, numericColumns: ["stored"]).render(.csv)
        case .table:
            return text(summary, dryRun: dryRun)
        }
    }

    private static func text(_ summary: ImportReport, dryRun: Bool) -> String {
        var lines: [String] = []
        let seconds = String(format: "%.1f", summary.seconds)
        let stored = dryRun ? "would store" : "stored"
        lines.append(dryRun ? "Dry run of \(summary.source) in \(seconds) s: nothing was written" : "Imported \(summary.source) in \(seconds) s")
        lines.append("  \(stored) \(NumberText.counted(summary.stored, "new record")); \(NumberText.grouped(summary.alreadyStored)) already in the store")
        if summary.duplicatesInExport > 0 {
            lines.append("  \(NumberText.counted(summary.duplicatesInExport, "record")) twice in the export (stored once)")
        }
        if summary.correlationMembersMerged > 0 {
            lines.append("  \(NumberText.counted(summary.correlationMembersMerged, "top-level record")) also in correlations (stored once)")
        }
        if summary.characteristicsSet > 0 { lines.append("  \(NumberText.counted(summary.characteristicsSet, "characteristic")) set from <Me>") }
        if dryRun, summary.problems.total == 0 { lines.append("  no problems") }
        if let first = summary.firstDate, let last = summary.lastDate {
            lines.append("  dates \(DateText.day(first, timeZone: .gmt)) to \(DateText.day(last, timeZone: .gmt)) (UTC)")
        }
        if !summary.storedByType.isEmpty {
            let rows = summary.storedByType.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { [$0.key, NumberText.grouped($0.value)] }
            lines.append("")
            lines.append(Table(columns: ["type", dryRun ? "would store" : "stored"], rows: rows).render(.table)
                .trimmingCharacters(in: .newlines))
        }
        if summary.problems.total > 0 {
            lines.append("")
            lines.append("Problems (\(NumberText.grouped(summary.problems.total))), not imported:")
            lines += summary.problems.lines.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
