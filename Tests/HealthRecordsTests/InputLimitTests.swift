import Foundation
import TestSupport
import HealthKitModel
import HealthRecords
import OpenHealthKit
import SmartHealthCards
import Testing

/// Documented size limits (issue 16, item 11): each input over its limit is refused with an error naming the limit,
/// before it is read into memory. Oversized files are sparse, so the tests cost no disk.
@Suite struct InputLimitTests {
    let folder: URL

    init() throws {
        folder = TemporaryFiles.folder.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A file of `size` bytes (a hole after `head`).
    func sparse(_ name: String, size: Int, head: String = "{") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(head.utf8).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return url
    }

    @Test func oversizedFilesAreRefusedBeforeReading() throws {
        let json = try sparse("big.json", size: ClinicalRecordIngestor.maximumJSONFileBytes + 1)
        let report = try ClinicalRecordIngestor(store: try IngestionTests.store(), institution: HostileFHIRTests.clinic).ingest(contentsOf: json)
        #expect(report.failures.map(\.description) == ["big.json: the file is \(ClinicalRecordIngestor.maximumJSONFileBytes + 1) bytes; JSON files are read up to \(ClinicalRecordIngestor.maximumJSONFileBytes) bytes (send larger exports as NDJSON, which is streamed)"])
        let cda = try sparse("export_cda.xml", size: CDADocumentFile.maximumFileBytes + 1, head: "<")
        #expect { try CDADocumentFile.contents(of: cda) } throws: { "\($0)".contains("at most \(CDADocumentFile.maximumFileBytes) are accepted") }
        let card = try sparse("card.smart-health-card", size: SmartHealthCardInput.maximumInputBytes + 1)
        #expect { try SmartHealthCardInput.contents(ofFile: card.path) } throws: { ($0 as? SmartHealthCardError)?.check == .input }
        let keys = try sparse("jwks.json", size: TrustStore.maximumFileBytes + 1)
        var trust = TrustStore()
        #expect { try trust.load(keysAt: keys) } throws: { "\($0)".contains("key files are read up to") }
    }

    @Test func oversizedTextIsRefused() {
        let text = String(repeating: "a", count: SmartHealthCardInput.maximumInputBytes + 1)
        #expect { try SmartHealthCardInput.jwsList(from: [text]) } throws: { ($0 as? SmartHealthCardError)?.check == .input }
        let document = Data(count: 64 << 20 + 1)
        #expect { try HKCDADocumentSample(data: document, start: Date(), end: Date(), metadata: nil) } throws: {
            "\($0.localizedDescription)".contains("at most 67108864 are accepted")
        }
    }

    @Test func anNDJSONLineOverTheLimitStopsTheReadNamingIt() throws {
        let url = folder.appendingPathComponent("bulk.ndjson")
        var data = Data(#"{"resourceType":"Condition","id":"c","code":{"text":"Asthma"}}"#.utf8) + Data([0x0A])
        data.append(Data(repeating: 0x20, count: (64 << 20) + 2))
        try data.write(to: url)
        let store = try IngestionTests.store()
        #expect { try ClinicalRecordIngestor(store: store, institution: HostileFHIRTests.clinic).ingestNDJSON(at: url) } throws: {
            "\($0.localizedDescription)".contains("line 2 is longer than 67108864 bytes")
        }
    }
}
