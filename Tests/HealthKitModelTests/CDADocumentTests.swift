import Foundation
import HealthKitModel
import Testing

@Suite("CDA document samples")
struct CDADocumentTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A minimal Continuity of Care Document written for this test.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
          <title>Continuity of Care Document</title>
          <recordTarget><patientRole><patient>
            <name use="L"><prefix>Ms.</prefix><given>Ada</given><given>M.</given><family>Lovelace</family></name>
          </patient></patientRole></recordTarget>
          <author><time value="20240102"/><assignedAuthor>
            <assignedPerson><name><given>Grace</given><family>Hopper</family></name></assignedPerson>
            <representedOrganization><name>Analytical Clinic</name></representedOrganization>
          </assignedAuthor></author>
          <custodian><assignedCustodian><representedCustodianOrganization>
            <name>Babbage General Hospital</name>
          </representedCustodianOrganization></assignedCustodian></custodian>
        </ClinicalDocument>
        """

    @Test func readsTitlePatientAuthorAndCustodian() throws {
        let data = Data(Self.document.utf8)
        let sample = try HKCDADocumentSample(data: data, start: start, end: start, metadata: nil)
        let document = try #require(sample.document)
        #expect(document.title == "Continuity of Care Document")
        #expect(document.patientName == "Ms. Ada M. Lovelace")
        #expect(document.authorName == "Grace Hopper")
        #expect(document.custodianName == "Babbage General Hospital")
        #expect(document.documentData == data)
        #expect(sample.documentType == HKDocumentType(.CDA))
    }

    @Test func authorFallsBackToTheOrganisation() throws {
        let text = Self.document.replacingOccurrences(
            of: "<assignedPerson><name><given>Grace</given><family>Hopper</family></name></assignedPerson>", with: "")
        let sample = try HKCDADocumentSample(data: Data(text.utf8), start: start, end: start, metadata: nil)
        #expect(sample.document?.authorName == "Analytical Clinic")
    }

    @Test func rejectsXMLThatIsNotCDA() {
        let html = Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><title>x</title></html>".utf8)
        #expect {
            _ = try HKCDADocumentSample(data: html, start: start, end: start, metadata: nil)
        } throws: { error in
            let healthError = error as? HKError
            return healthError?.code == .errorInvalidArgument
                && (healthError?.errorUserInfo[HKDetailedCDAValidationErrorKey] as? String)?.contains("ClinicalDocument") == true
        }
    }

    @Test func rejectsMalformedXMLNamingTheLine() {
        let broken = Data("<ClinicalDocument xmlns=\"urn:hl7-org:v3\">\n<title>x</titl>\n</ClinicalDocument>".utf8)
        #expect {
            _ = try HKCDADocumentSample(data: broken, start: start, end: start, metadata: nil)
        } throws: { error in
            (error as? HKError)?.localizedDescription.contains("line 2") == true
        }
    }
}
