import Foundation
import HealthDatabase
@testable import HealthExport
import Testing
import ZIPFoundation
import HealthDatabaseSQLite

@Suite("Generated exports with known counts")
struct GeneratedExportTests {
    @Test("a demo export imports with exactly the counts it was written with, from the folder and from a zip")
    func demoCounts() throws {
        let store = try TempStore()
        let written = try DemoExport(records: 3_000, seed: 7).write(to: store.folder.appendingPathComponent("demo"))
        #expect(written.records == 3_000)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: written.exportXML)), as: UTF8.self)
        #expect(ElementScan.topLevelRecords(in: text) == 3_000)

        let summary = try store.importExport(store.folder.appendingPathComponent("demo").path, batch: 500)
        let problems = summary.problems.groups.map(\.kind)
        #expect(problems.isEmpty, "the demo export imports clean: \(summary.problems.lines)")
        #expect(summary.elementsRead["Record"] == 3_000)
        #expect(summary.correlationMembersMerged == written.correlationMembers)
        let topLevelStored = try store.storage.count(matching: .and([.kinds([.quantity, .category]), .noParent(of: .correlation)]))
        #expect(topLevelStored + written.correlationMembers == 3_000)
        #expect(try store.count("HKWorkoutTypeIdentifier") == written.elements["Workout"])
        #expect(try store.count("HKWorkoutRouteTypeIdentifier") == written.routes)
        #expect(try store.count("HKCorrelationTypeIdentifierBloodPressure") == written.elements["Correlation"])
        #expect(try store.count("HKActivitySummaryTypeIdentifier") == written.elements["ActivitySummary"])
        #expect(try store.storage.count(matching: .kinds([.clinical])) == written.elements["ClinicalRecord"])
        #expect(try store.count("HKDocumentTypeIdentifierCDA") == 1)
        #expect(try store.count("HKDataTypeIdentifierElectrocardiogram") == written.elements["Electrocardiogram"])
        #expect(written.elements["Electrocardiogram"] == 2)

        // The same export zipped, into a second store: the same UUIDs.
        let zip = store.folder.appendingPathComponent("export.zip")
        try FileManager.default.zipItem(at: store.folder.appendingPathComponent("demo/apple_health_export"), to: zip)
        let second = try TempStore()
        _ = try second.importExport(zip.path, batch: 20_000)
        #expect(Set(try second.all().filter { $0.kind != .clinical }.map(\.uuid)) == Set(try store.all().filter { $0.kind != .clinical }.map(\.uuid)))
        func byType(_ records: [SampleRecord]) -> Set<String> {
            Set(records.reduce(into: [String: Int]()) { $0[$1.type, default: 0] += 1 }.map { "\($0.key) \($0.value)" })
        }
        let difference = byType(try second.all()).symmetricDifference(byType(try store.all())).sorted()
        #expect(difference == [])
    }

    @Test("the same seed writes the same bytes")
    func deterministic() throws {
        let store = try TempStore()
        let a = try DemoExport(records: 500, seed: 3).write(to: store.folder.appendingPathComponent("a"))
        let b = try DemoExport(records: 500, seed: 3).write(to: store.folder.appendingPathComponent("b"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.exportXML)) == Data(contentsOf: URL(fileURLWithPath: b.exportXML)))
    }
}
