import Foundation
import HealthDatabase
import HealthDatabaseSQLite
@testable import HealthExport
import HealthLocking
import Testing
import TestSupport

/// `HealthExporter.progress` on a store imported from a public export: it starts at zero of the selection's count,
/// climbs page by page, and ends with every record written, in each format.
@Suite struct ExportProgressTests {
    @Test("progress climbs from 0 to the selection's count, for every format", arguments: HealthExporter.Format.allCases)
    func progressReachesTheTotal(_ format: HealthExporter.Format) throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let store = try TempStore()
        _ = try store.importExport(folder.appendingPathComponent("opendroid-hk/sampleexport.xml").path)
        let total = try store.storage.count(matching: .all)
        #expect(total > 0)
        let reports = Locked<[ExportProgress]>([])
        var exporter = HealthExporter(storage: store.storage)
        exporter.progress = { progress in reports.withLock { $0.append(progress) } }
        let file = store.folder.appendingPathComponent(format == .fhir ? "export.json" : "export.zip")
        _ = try exporter.export(format, to: file)
        let seen = reports.withLock { $0 }
        #expect(seen.first?.records == 0)
        #expect(seen.allSatisfy { $0.totalRecords == total })
        #expect(seen.last?.records == total, "\(seen.map(\.records)) of \(total)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.records <= $1.records })
    }

    @Test("the scan reports after every page: pages of two records count up two at a time")
    func reportsEveryPage() throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let store = try TempStore()
        _ = try store.importExport(folder.appendingPathComponent("opendroid-hk/sampleexport.xml").path)
        let total = try store.storage.count(matching: .all)
        let reports = Locked<[Int]>([])
        let counter = ExportProgress.Counter(total: total) { progress in reports.withLock { $0.append(progress.records) } }
        var pages = 0
        try StoreScan(storage: store.storage, filter: .all, pageSize: 2, progress: counter).forEachPage { _ in pages += 1 }
        let seen = reports.withLock { $0 }
        #expect(pages == (total + 1) / 2)
        #expect(seen == Array(stride(from: 0, to: total, by: 2)) + [total], "\(seen) of \(total)")
    }
}
