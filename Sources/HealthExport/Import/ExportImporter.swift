import Foundation
public import HealthDatabase
import OpenHealthKit

/// Imports an Apple Health export (export.zip, the unzipped folder, or export.xml) into a store.
///
/// Streaming and constant in memory; idempotent (content-hash UUIDs, see docs/AppleHealthExport.md);
/// crash-safe (each batch is one transaction and a re-run skips what is stored); problems are collected
/// in the summary, grouped by kind. OpenHealthKit extension.
public struct ExportImporter {
    /// Records per transaction.
    public var batchSize = 10_000
    /// Parse and convert only: nothing is written to the store (for validating an export, and for timing).
    public var dryRun = false
    /// Top-level blood pressure and dietary records held in memory until the end of the file (when correlations have
    /// been read); the rest wait in a temporary file, so memory stays bounded.
    public var deferredInMemory = 20_000
    /// Called now and then (about four times a second) while reading.
    public var progress: (@Sendable (ImportProgress) -> Void)?

    /// An importer with default settings.
    public init() {}

    /// Imports `path` into `storage`; throws only when the export cannot be opened or the store fails
    /// (what cannot be read inside the export is in the summary's problems).
    ///
    /// An empty store totals its statistics summaries while the rows are written (``SlotSumStorage/collectSlotSums()``)
    /// and installs them when the import ends, so the store leaves the import with its summaries ready; the totals
    /// never outlive the call (dropped when the import fails or reads nothing).
    public func run(path: String, into storage: any HealthStorage) throws -> ImportReport {
        let summaries = dryRun ? nil : storage as? any SlotSumStorage
        try summaries?.collectSlotSums()
        defer { summaries?.stopCollectingSlotSums() }
        let summary = try read(path: path, into: storage)
        // The rows are stored whatever happens here: a failed install leaves the summaries to the next statistics
        // query (or `StatisticsPreparation`, which reports its own failure), which installs them from the samples.
        if summary.readAnything { try? summaries?.prepareSlotSums() }
        return summary
    }

    private func read(path: String, into storage: any HealthStorage) throws -> ImportReport {
        let started = Date()
        let input = try ExportInput.open(path)
        let writer = try ImportWriter(storage: storage, files: input.files, source: input.displayName, batchSize: batchSize, dryRun: dryRun,
                                      deferredInMemory: deferredInMemory)
        let routeFiles = RouteLookahead(files: input.files)
        defer { routeFiles.stop() }
        var reader = ExportDocumentReader(sink: ExportConverter(output: writer, routeFiles: routeFiles))
        var tokenizer = XMLTokenizer()
        var lastReport = started
        var elements = 0
        try input.readChunks { chunk in
            try tokenizer.feed(chunk, into: &reader)
            let now = Date()
            if let progress, now.timeIntervalSince(lastReport) >= 0.25 {
                lastReport = now
                elements = reader.sink.elementCounts.values.reduce(0, +)
                progress(ImportProgress(bytesRead: tokenizer.consumed, totalBytes: input.size, elements: elements,
                                        seconds: now.timeIntervalSince(started)))
            }
        }
        try tokenizer.finish(into: &reader)
        routeFiles.stop()
        let electrocardiograms = try ElectrocardiogramImport.run(files: input.files, into: writer)
        try writer.finish()
        var summary = writer.summary
        summary.elementsRead = reader.sink.elementCounts
        if electrocardiograms > 0 { summary.elementsRead["\(ElectrocardiogramImport.folder)/*.csv"] = electrocardiograms }
        if !reader.sawRoot, summary.problems.count(.malformedXML) == 0 {
            summary.problems.add(ImportProblem(.malformedXML, line: 1, "no <HealthData> root element"))
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }
}
