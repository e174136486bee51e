public import Foundation

/// Progress of a running export (``HealthExporter/progress``): records written of the records the selection holds.
public struct ExportProgress: Sendable {
    /// Records written so far.
    public var records: Int
    /// Records the selection holds (counted when the export started).
    public var totalRecords: Int

    /// Progress of `records` of `totalRecords`.
    public init(records: Int, totalRecords: Int) {
        self.records = records
        self.totalRecords = totalRecords
    }

    /// Counts the records an export's scan reads, page by page, and reports each step.
    final class Counter {
        private let total: Int
        private let report: @Sendable (ExportProgress) -> Void
        private var records = 0

        /// A counter for an export of `total` records, reporting to `report` (once now, at zero).
        init(total: Int, report: @escaping @Sendable (ExportProgress) -> Void) {
            self.total = total
            self.report = report
            report(ExportProgress(records: 0, totalRecords: total))
        }

        /// `count` more records were written.
        func add(_ count: Int) {
            records += count
            report(ExportProgress(records: records, totalRecords: max(total, records)))
        }
    }
}
