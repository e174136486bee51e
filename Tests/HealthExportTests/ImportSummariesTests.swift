import Foundation
import HealthDatabase
@testable import HealthDatabaseSQLite
@testable import HealthExport
import HealthLocking
import Testing

/// An import into an empty store leaves its statistics summaries installed, and keeps no totals after it returns.
@Suite("An import leaves the statistics summaries ready")
struct ImportSummariesTests {
    @Test("after ExportImporter.run the summaries are in the store and the totals it collected are gone")
    func summariesInstalled() throws {
        let store = try TempStore()
        let written = try DemoExport(records: 2_000, seed: 5).write(to: store.folder.appendingPathComponent("demo"))
        let report = try ExportImporter().run(path: URL(fileURLWithPath: written.exportXML).deletingLastPathComponent().path,
                                              into: store.storage)
        #expect(report.readAnything)
        #expect(store.storage.slotSumTotals.current == nil, "no totals outlive the import")
        let steps = try store.storage.slotSums(type: "HKQuantityTypeIdentifierStepCount", slots: nil)
        #expect(!steps.isEmpty, "the step summaries were installed by the import itself")
    }

    @Test("a dry run collects nothing and installs nothing")
    func dryRun() throws {
        let store = try TempStore()
        let written = try DemoExport(records: 500, seed: 6).write(to: store.folder.appendingPathComponent("demo"))
        var importer = ExportImporter()
        importer.dryRun = true
        _ = try importer.run(path: URL(fileURLWithPath: written.exportXML).deletingLastPathComponent().path, into: store.storage)
        #expect(store.storage.slotSumTotals.current == nil)
        #expect(try store.storage.count(matching: .all) == 0)
    }
}
