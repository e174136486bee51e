import Foundation
import HealthKitModel
import HealthRecords
import Testing

/// Splitting a file of concatenated ClinicalDocuments (Apple's `export_cda.xml`) with a real XML reader: markup in
/// comments and CDATA sections does not split, a broken document is named with its line (issue 16, items 3 and 4).
@Suite struct CDAFileSplittingTests {
    static func cda(_ title: String, body: String = "") -> String {
        CardAndDocumentStoreTests.cda(title, patient: "John", time: "20240102").replacingOccurrences(of: "</title>", with: "</title>" + body)
    }

    @Test func closingTagsInCommentsAndCDATADoNotSplit() throws {
        let comment = Self.cda("A", body: "<!-- </ClinicalDocument><ClinicalDocument> -->")
        let cdata = Self.cda("B", body: "<text><![CDATA[ </ClinicalDocument> ]]></text>")
        let file = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + comment + "\n<!-- between -->\n" + cdata + "\n"
        let documents = try CDADocumentFile.documents(in: Data(file.utf8))
        #expect(documents == [Data(comment.utf8), Data(cdata.utf8)])
        #expect(try CDADocumentFile.samples(in: Data(file.utf8)).map { $0.document?.title } == ["A", "B"])
    }

    @Test func aBrokenDocumentIsNamedAndNothingIsReturned() {
        let file = Self.cda("A") + "\n" + Self.cda("B").replacingOccurrences(of: "</title>", with: "</titel>")
        #expect { try CDADocumentFile.samples(in: Data(file.utf8)) } throws: {
            "\($0)".contains("ClinicalDocument 2: line 2, column") && "\($0)".contains("is closed by </titel>")
        }
        let unclosedComment = Self.cda("A") + "\n<!-- " + Self.cda("B")
        #expect { try CDADocumentFile.samples(in: Data(unclosedComment.utf8)) } throws: { "\($0)".contains("comment is never closed") }
        let invalidByte = Data((Self.cda("A") + "\n").utf8) + Data([0x3C, 0xC3, 0x3E])
        #expect { try CDADocumentFile.samples(in: Data(invalidByte)) } throws: { "\($0)".contains("invalid UTF-8") }
    }

    @Test func otherEncodingsArePassedOnAsUTF8() throws {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + Self.cda("Résumé") + Self.cda("Zoë")
        let documents = try CDADocumentFile.documents(in: try #require(text.data(using: .isoLatin1)))
        #expect(documents == [Data(Self.cda("Résumé").utf8), Data(Self.cda("Zoë").utf8)])
        let samples = try CDADocumentFile.samples(in: try #require(text.data(using: .isoLatin1)))
        #expect(samples.map { $0.document?.title } == ["Résumé", "Zoë"])
    }

    @Test func theHeaderEffectiveTimeDatesTheDocument() throws {
        let early = "<!-- <effectiveTime value=\"19990101\"/> -->"
        let text = CardAndDocumentStoreTests.cda("A", patient: "J", time: "20240102103000-0500")
            .replacingOccurrences(of: "<ClinicalDocument xmlns=\"urn:hl7-org:v3\">", with: "<ClinicalDocument xmlns=\"urn:hl7-org:v3\">" + early)
        let sample = try #require(try CDADocumentFile.samples(in: Data(text.utf8)).first)
        #expect(sample.startDate == ISO8601DateFormatter().date(from: "2024-01-02T15:30:00Z"))
    }
}
