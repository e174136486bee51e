import Foundation
import HealthDatabase
@testable import HealthExport
import Testing
import ZIPFoundation
import TestSupport
import HealthDatabaseSQLite

@Suite("Export and import again")
struct RoundTripTests {
    /// A store's contents in comparable form: every record's identity and values (payload sizes included).
    static func contents(_ store: TempStore) throws -> [String] {
        try store.all().map { record in
            let fields = record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            // Clinical records follow HealthRecords' identity (institution + resource type + id), not a content UUID,
            // and are dated when ingested.
            if record.kind == .clinical { return "clinical \(record.type) \(record.source.name) \(fields) \(record.payload?.count ?? 0)" }
            return "\(record.uuid) \(record.kind) \(record.type) \(record.startDate.timeIntervalSince1970) \(record.endDate.timeIntervalSince1970) "
                + "\(record.quantity ?? -1) \(record.unit ?? "") \(record.categoryValue ?? -1) \(record.source.name) \(record.source.version ?? "") "
                + "\(record.device?.properties.sorted { $0.key < $1.key }.description ?? "") \(record.parent?.uuidString ?? "") \(fields) \(record.payload?.count ?? 0)"
        }.sorted()
    }

    static let sources = ["healthkit-to-sqlite/zip_contents", "opendroid-hk/sampleexport-2.xml", "ahcd-go/export.xml",
                          "applehealthdata/export6s3sample.xml", "opendroid-hk/sampleexport.xml", "apple-health-parser/export.zip"]

    @Test("fixture -> store -> export.zip -> fresh store: the same records", arguments: sources)
    func fixtureRoundTrip(_ name: String) throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let first = try TempStore()
        _ = try first.importExport(folder.appendingPathComponent(name).path)
        let zip = first.folder.appendingPathComponent("export.zip")
        _ = try HealthExporter(storage: first.storage).export(.apple, to: zip)
        let second = try TempStore()
        let summary = try second.importExport(zip.path)
        #expect(summary.problems.groups.allSatisfy { $0.kind != ImportProblem.Kind.malformedXML.rawValue }, "\(summary.problems.lines)")
        let before = try Self.contents(first), after = try Self.contents(second)
        #expect(before.count == after.count)
        #expect(Set(before).subtracting(after).sorted() == [], "lost or changed")
        #expect(Set(after).subtracting(before).sorted() == [], "new or changed")
    }

    @Test("a demo export round-trips, and importing the export into the original store adds nothing")
    func demoRoundTrip() throws {
        let first = try TempStore()
        _ = try DemoExport(records: 2_000, seed: 5).write(to: first.folder.appendingPathComponent("demo"))
        _ = try first.importExport(first.folder.appendingPathComponent("demo").path, batch: 400)
        let folder = first.folder.appendingPathComponent("out")
        _ = try HealthExporter(storage: first.storage).export(.apple, to: folder)
        let again = try first.importExport(folder.path, batch: 400)
        #expect(again.stored == 0, "\(again.storedByType)")
        let second = try TempStore()
        _ = try second.importExport(folder.path, batch: 400)
        let before = try Self.contents(first), after = try Self.contents(second)
        #expect(Set(before).subtracting(after).sorted().prefix(5) == [])
        #expect(Set(after).subtracting(before).sorted().prefix(5) == [])
    }

    @Test("csv writes one file per type with a row per record; fhir writes a Bundle with an Observation per quantity sample")
    func csvAndFHIR() throws {
        let store = try TempStore()
        _ = try DemoExport(records: 600, seed: 2).write(to: store.folder.appendingPathComponent("demo"))
        _ = try store.importExport(store.folder.appendingPathComponent("demo").path)
        let csv = store.folder.appendingPathComponent("csv")
        let counts = try HealthExporter(storage: store.storage).export(.csv, to: csv)
        let steps = try String(contentsOf: csv.appendingPathComponent("HKQuantityTypeIdentifierStepCount.csv"), encoding: .utf8)
        #expect(steps.split(separator: "\n").count == (try store.count("HKQuantityTypeIdentifierStepCount")) + 1)
        #expect(counts["HKQuantityTypeIdentifierStepCount"] == (try store.count("HKQuantityTypeIdentifierStepCount")))
        // To a .zip: the same files at the archive's top, and no temporary folder left beside it.
        let zipped = store.folder.appendingPathComponent("csv.zip")
        #expect(try HealthExporter(storage: store.storage).export(.csv, to: zipped) == counts)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: zipped.path, isDirectory: &isFolder)
        try #require(exists && !isFolder.boolValue, "csv.zip is a file")
        let archive = try Archive(url: zipped, accessMode: .read)
        let entry = try #require(archive["HKQuantityTypeIdentifierStepCount.csv"])
        var unzipped = Data()
        _ = try archive.extract(entry) { unzipped.append($0) }
        // The same rows; a device prints as HealthKit's description, whose `0x…` is the object's address, so two
        // exports differ there.
        func withoutAddresses(_ text: String) -> String { text.replacing(/<HKDevice: 0x[0-9a-f]+>/, with: "<HKDevice>") }
        #expect(withoutAddresses(String(decoding: unzipped, as: UTF8.self)) == withoutAddresses(steps))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).allSatisfy { !$0.hasPrefix(".ohk-export-") })
        let fhir = store.folder.appendingPathComponent("bundle.json")
        let written = try HealthExporter(storage: store.storage).export(.fhir, selection: ExportSelection(), to: fhir)
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: fhir)) as? [String: Any]
        let entries = bundle?["entry"] as? [[String: Any]] ?? []
        let observations = entries.compactMap { $0["resource"] as? [String: Any] }.filter { $0["resourceType"] as? String == "Observation" }
        let fromSamples = observations.filter { ($0["code"] as? [String: Any]).map { "\($0)".contains("developer.apple.com") } ?? false }
        #expect(fromSamples.count == (try store.storage.count(matching: .kinds([.quantity]))))
        #expect(written["Observation"] == observations.count)
        #expect(entries.count == observations.count + (written.filter { $0.key != "Observation" }.values.reduce(0, +)))
        #expect(bundle?["resourceType"] as? String == "Bundle")
    }
}
