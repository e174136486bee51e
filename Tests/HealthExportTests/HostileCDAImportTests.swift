import Foundation
import HealthDatabase
@testable import HealthExport
import Testing
import HealthDatabaseSQLite

/// `export_cda.xml` beside export.xml: a hostile byte used to kill the import (SIGILL in Foundation's XMLParser) after
/// the samples were stored; now the file is reported and the rest of the export stays (issue 16, items 1 and 4).
@Suite("Hostile export_cda.xml")
struct HostileCDAImportTests {
    static let exportXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" value="12" startDate="2020-02-05 10:00:00 -0400" endDate="2020-02-05 10:01:00 -0400"/>
    </HealthData>

    """

    static func document(_ title: String, body: String = "") -> String {
        "<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>\(title)</title>\(body)</ClinicalDocument>\n"
    }

    @Test func invalidUTF8InANameIsReportedAndTheSamplesStay() throws {
        let store = try TempStore()
        let path = try store.write(Self.exportXML)
        let cda = Data(Self.document("A").utf8) + Data("<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><tit".utf8) + Data([0xFF])
            + Data("le>B</title></ClinicalDocument>\n".utf8)
        try cda.write(to: store.folder.appendingPathComponent("export_cda.xml"))
        let summary = try store.importExport(path)
        #expect(try store.count("HKQuantityTypeIdentifierStepCount") == 1)
        #expect(try store.count("HKDocumentTypeIdentifierCDA") == 0)
        let lines = summary.problems.lines.joined(separator: "\n")
        #expect(lines.contains("export_cda.xml: line 2, column 46: invalid UTF-8"), "\(lines)")
    }

    @Test func closingTagsInCommentsAndCDATAKeepDocumentsWhole() throws {
        let store = try TempStore()
        let path = try store.write(Self.exportXML)
        let cda = Self.document("A", body: "<!-- </ClinicalDocument> -->") + Self.document("B", body: "<text><![CDATA[</ClinicalDocument>]]></text>")
        try Data(cda.utf8).write(to: store.folder.appendingPathComponent("export_cda.xml"))
        let summary = try store.importExport(path)
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        let documents = try store.storage.records(matching: .types(["HKDocumentTypeIdentifierCDA"]), sort: [], limit: nil, includePayload: true)
        #expect(documents.count == 2)
        #expect(Set(documents.compactMap { $0.payload }) == [Data(Self.document("A", body: "<!-- </ClinicalDocument> -->").dropLast().utf8),
                                                            Data(Self.document("B", body: "<text><![CDATA[</ClinicalDocument>]]></text>").dropLast().utf8)])
    }
}

/// Item 12 on the export.xml path: the tokenizer skips the DOCTYPE's internal subset unread and decodes only the
/// predefined entities and character references, so a declared entity is never expanded and a SYSTEM one never fetched.
@Suite("export.xml entities")
struct ExportEntityTests {
    @Test func declaredEntitiesAreNeverExpanded() throws {
        let store = try TempStore()
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ENTITY name "Mallory">
        <!ENTITY remote SYSTEM "http://127.0.0.1:9/secret">
        <!ENTITY lol2 "&name;&name;&name;&name;&name;&name;&name;&name;&name;&name;">
        ]>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="&name;&remote;&lol2;" unit="count" value="12" startDate="2020-02-05 10:00:00 -0400" endDate="2020-02-05 10:01:00 -0400"/>
        </HealthData>

        """
        _ = try store.importExport(try store.write(text))
        let steps = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierStepCount"]), sort: [], limit: nil)
        #expect(steps.map(\.source.name) == ["&name;&remote;&lol2;"])
    }
}
