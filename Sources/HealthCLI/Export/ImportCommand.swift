import ArgumentParser
import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import HealthExport
import OpenHealthKit

/// `health import PATH`: an Apple Health export into the store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export (export.zip, its unzipped folder, or export.xml).",
        usage: "health import <path> [--database <path>] [--quiet] [--dry-run] [...]",
        discussion: """
            Streams the export (constant memory whatever its size) and stores every record, correlation, workout \
            (events, statistics, activities, routes), activity summary, clinical record and the Me characteristics. \
            Importing the same export again, or a newer export of the same phone, stores each sample once; an import \
            that was interrupted can simply be run again. Problems (unknown types, bad units, malformed XML, ...) are \
            reported at the end, grouped by kind with counts and line numbers.

            Example:
              health import ~/Downloads/export.zip
              health import apple_health_export --format json --quiet

            Exit status: 0 when anything was imported (or was already there), 1 when nothing usable could be read.
            """
    )

    @Argument(help: ArgumentHelp("export.zip, the unzipped export folder, or export.xml.", valueName: "path"))
    var path: String

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: "Summary format: table, json or csv.")
    var format: OutputFormat = .table

    @Flag(name: .long, help: "No progress bar and no summary unless --format json/csv asks for one.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("Records per transaction.", valueName: "count"))
    var batch = 10_000

    @Flag(name: .long, help: ArgumentHelp("Read and convert everything, report what would be stored and the problems, "
        + "write nothing (not even a new database file)."))
    var dryRun = false

    func run() throws {
        var importer = ExportImporter()
        importer.batchSize = max(1, batch)
        importer.dryRun = dryRun
        let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
        importer.progress = { bar.show($0) }
        let summary: ImportReport
        let storage: any HealthStorage
        do {
            if dryRun {
                // Compared against the store when there is one, read only; against an empty store in memory otherwise.
                storage = store.exists ? try store.openForReading().storage() : try SQLiteHealthStorage.inMemory()
                summary = try importer.run(path: path, into: storage)
            } else {
                // Into a store that does not exist yet: built beside it and put in place when complete.
                var built: ImportReport?
                if !store.isPostgres {
                    WriterTurn.take(for: store.path)
                    built = try NewStoreImport.run(importer, from: path, to: store.path)
                }
                storage = try store.openForWriting().storage()
                // The import writes time-ordered records: a small page cache costs no speed and keeps memory low.
                try (storage as? SQLiteHealthStorage)?.setWriterCacheSize(megabytes: 16)
                summary = try built ?? importer.run(path: path, into: storage)
            }
        } catch let exit as ExitCode {
            bar.clear()
            throw exit
        } catch {
            bar.clear()
            Console.error(ErrorText.sentence(error))
            throw HealthExitStatus.failure
        }
        bar.clear()
        if !dryRun, summary.readAnything {
            // Statistics summaries and merged runs are computed now, so the first `health stats` reads them.
            do { try StatisticsPreparation.prepare(storage) } catch {
                Console.error("the import is stored, but preparing statistics failed: \(HKError.from(error).localizedDescription)")
            }
            try? (storage as? SQLiteHealthStorage)?.checkpoint()   // the database file alone holds the import
        }
        if !quiet || format != .table { Console.write(ImportReportText.render(summary, format, dryRun: dryRun)) }
        // CSV is a table of types: the problems go to standard error, grouped as in the table summary.
        if format == .csv, summary.problems.total > 0 {
            Console.error("\(summary.problems.total) problems, not imported:\n" + summary.problems.lines.joined(separator: "\n"))
        }
        if !summary.readAnything {
            Console.error("nothing usable was read from \(path)")
            throw HealthExitStatus.failure
        }
    }
}

/// A one-line progress bar on standard error: percent, records per second, time left.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: ImportProgress) {
        guard enabled, progress.totalBytes > 0 else { return }
        let fraction = min(1, Double(progress.bytesRead) / Double(progress.totalBytes))
        let width = 30
        let filled = Int(fraction * Double(width))
        let rate = progress.seconds > 0 ? Double(progress.elements) / progress.seconds : 0
        let left = fraction > 0 ? progress.seconds * (1 - fraction) / fraction : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = String(format: "\r%@ %3.0f%%  %@ records  %@/s  %@ left ",
                          bar, fraction * 100, NumberText.grouped(progress.elements), NumberText.grouped(Int(rate)), Self.duration(left))
        FileHandle.standardError.write(Data(line.utf8))
        shown = true
    }

    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 79) + "\r").utf8))
        shown = false
    }

    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : "\(whole)s"
    }
}
