import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit
@testable import HealthExport
import Testing
import TestSupport

/// The importer makes a plain `Record`'s storage record straight from its draft (``ExportElementConverter/record(from:)``);
/// these tests hold it to the record the HealthKit object maps to (``ExportElementConverter/sample(from:)`` then
/// `ObjectMapping.records(from:)`, the path the importer took before), field by field, payload bytes included.
@Suite("Records made without the HealthKit object in between")
struct RecordPathTests {
    @Test("a generated export: every record, top-level and correlation member, is the record its object maps to")
    func generated() throws {
        let store = try TempStore()
        let written = try DemoExport(records: 20_000, seed: 11).write(to: store.folder.appendingPathComponent("demo"))
        let paths = try BothPaths.compare(xml: written.exportXML)
        #expect(paths.mismatches == [])
        #expect(paths.compared >= 20_000)
        #expect(paths.withMetadata > 1_000 && paths.withDevice > 1_000 && paths.categories > 10 && paths.members > 10)
        #expect(paths.failedAlike == 0)
    }

    @Test("every export fixture: records and problems agree")
    func fixtures() throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        for name in ["apple-health-parser/export.xml", "opendroid-hk/audio_exposure.xml", "opendroid-hk/sampleexport.xml",
                     "opendroid-hk/sampleexport-2.xml", "ahcd-go/export.xml", "healthkit-to-sqlite/export.xml",
                     "applehealthdata/export6s3sample.xml"] {
            let paths = try BothPaths.compare(xml: folder.appendingPathComponent(name).path)
            #expect(paths.mismatches == [], "\(name)")
            #expect(paths.compared > 0, "\(name)")
        }
    }

    @Test("metadata of every kind, sync identifiers, devices, category names and bad records agree")
    func edgeCases() throws {
        let store = try TempStore()
        let watch = "&lt;&lt;HKDevice: 0x283a95a90&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1&gt;"
        func record(_ type: String, unit: String? = "count", value: String? = "12", device: String? = nil, body: String = "") -> String {
            var text = " <Record type=\"\(type)\" sourceName=\"Phone\" sourceVersion=\"16.1\""
            if let unit { text += " unit=\"\(unit)\"" }
            if let value { text += " value=\"\(value)\"" }
            if let device { text += " device=\"\(device)\"" }
            text += " startDate=\"2020-11-05 08:00:00 -0800\" endDate=\"2020-11-05 08:10:00 -0800\""
            return body.isEmpty ? text + "/>\n" : text + ">\n" + body + " </Record>\n"
        }
        func meta(_ key: String, _ value: String) -> String { "  <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>\n" }
        var text = MalformedImportTests.head + "\n"
        text += record("HKQuantityTypeIdentifierStepCount", device: watch, body: meta("HKMetadataKeySyncIdentifier", "abc-1")
            + meta("HKMetadataKeySyncVersion", "3") + meta("HKWasUserEntered", "1") + meta("HKAverageMETs", "5.2 kcal/hr·kg")
            + meta("HKTimeZone", "Europe/Paris") + meta("when", "2020-11-05 08:00:00 -0800") + meta("code", "0123")
            + meta("ratio", "0.5") + meta("HKHeartRateEventThreshold", "120 count/min"))
        text += record("HKQuantityTypeIdentifierBodyMass", unit: "lb", value: "150.5")
        text += record("HKQuantityTypeIdentifierBodyTemperature", unit: "degF", value: "98.6")
        text += record("HKQuantityTypeIdentifierEnvironmentalAudioExposure", unit: "dBASPL", value: "71")
        text += record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", unit: "ms", value: "41",
                       body: "  <HeartRateVariabilityMetadataList>\n   <InstantaneousBeatsPerMinute bpm=\"62\" time=\"8:00:01.50 AM\"/>\n"
                           + "   <InstantaneousBeatsPerMinute bpm=\"64\" time=\"8:00:02.44 AM\"/>\n  </HeartRateVariabilityMetadataList>\n")
        text += record("HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: "HKCategoryValueSleepAnalysisAsleepCore")
        text += record("HKCategoryTypeIdentifierMindfulSession", unit: nil, value: nil)
        text += record("HKCategoryTypeIdentifierAppleStandHour", unit: nil, value: "HKCategoryValueAppleStandHourIdle")
        // Problems: unknown type, bad unit, unit of the wrong dimension, no value, a category value that is not one.
        text += record("HKQuantityTypeIdentifierFromTheFuture")
        text += record("HKQuantityTypeIdentifierStepCount", unit: "furlongs")
        text += record("HKQuantityTypeIdentifierStepCount", unit: "kg")
        text += record("HKQuantityTypeIdentifierStepCount", value: "many")
        text += record("HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: "HKCategoryValueNope")
        text += "</HealthData>\n"
        let paths = try BothPaths.compare(xml: try store.write(text))
        #expect(paths.mismatches == [])
        #expect(paths.compared == 13)
        #expect(paths.failedAlike == 5)
        #expect(paths.withMetadata == 1 && paths.withDevice == 1 && paths.categories == 3)
    }
}

/// Converts every `Record` of an export both ways and notes where the records (or the problems) differ.
private struct BothPaths: ExportElementSink {
    private var viaObjects = ExportElementConverter()
    private var direct = ExportElementConverter()
    /// Records (and problems) compared.
    private(set) var compared = 0
    /// Records both ways refused, with the same problem.
    private(set) var failedAlike = 0
    /// Records with metadata, with a device, of category types, and correlation members, among those compared.
    private(set) var withMetadata = 0, withDevice = 0, categories = 0, members = 0
    /// What differed, one line per record.
    private(set) var mismatches: [String] = []

    /// Reads `xml` and compares every record in it.
    static func compare(xml path: String) throws -> BothPaths {
        let input = try ExportInput.open(path)
        var reader = ExportDocumentReader(sink: BothPaths())
        var tokenizer = XMLTokenizer()
        try input.readChunks { chunk in try tokenizer.feed(chunk, into: &reader) }
        try tokenizer.finish(into: &reader)
        return reader.sink
    }

    mutating func record(_ draft: ElementDraft) throws { compare(draft) }

    mutating func element(_ node: ExportNode) throws {
        guard node.name == "Correlation" else { return }
        for draft in node.records {
            members += 1
            compare(draft)
        }
    }

    mutating func problem(_ problem: ImportProblem) {}

    private mutating func compare(_ draft: ElementDraft) {
        compared += 1
        let old: Result<[SampleRecord], ImportProblem> = viaObjects.sample(from: draft).flatMap { sample in
            do { return .success(try ObjectMapping.records(from: sample)) }
            catch { return .failure(ImportProblem(.invalidObject, line: draft.line, "\(error)")) }
        }
        // (A heartbeat series is made from the record by the same code either way, so equal records give equal series.)
        let new = direct.record(from: draft).map { [$0] }
        switch (old, new) {
        case (.success(let a), .success(let b)):
            if a != b { mismatches.append("line \(draft.line): \(a) != \(b)") }
            if !b[0].fields.isEmpty { withMetadata += 1 }
            if b[0].device != nil { withDevice += 1 }
            if b[0].kind == .category { categories += 1 }
        case (.failure(let a), .failure(let b)):
            if a != b { mismatches.append("line \(draft.line): problems \(a) != \(b)") }
            failedAlike += 1
        default: mismatches.append("line \(draft.line): \(old) vs \(new)")
        }
    }
}
