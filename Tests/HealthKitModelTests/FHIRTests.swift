import Foundation
import HealthKitModel
import TestSupport
import Testing

@Suite("FHIR and verifiable clinical record value types")
struct FHIRTests {
    @Test(arguments: [("1.0.2", "DSTU2"), ("1.0.0", "DSTU2"), ("4.0.1", "R4"), ("4.0.0", "R4"), ("3.0.1", "unknown"), ("5.0.0", "unknown"), ("4.1.0", "unknown")])
    func parsesVersionsAndDerivesRelease(string: String, release: String) throws {
        let version = try HKFHIRVersion(fromVersionString: string)
        #expect(version.stringRepresentation == string)
        #expect(version.fhirRelease.rawValue == release)
        let parts = string.split(separator: ".").compactMap { Int($0) }
        #expect([version.majorVersion, version.minorVersion, version.patchVersion] == parts)
    }

    @Test(arguments: ["", "4", "4.0", "4.0.1.2", "a.b.c", "4.0.x", "-1.0.0", " 4.0.1", "4..1", "4.0.1 ", "+4.0.1", "٤.0.1"])
    func rejectsMalformedVersionStrings(string: String) {
        do {
            _ = try HKFHIRVersion(fromVersionString: string)
            Issue.record("accepted \"\(string)\"")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription.contains("Invalid FHIR version string \"\(string)\""))
            #expect(error.localizedDescription.contains("<major>.<minor>.<patch>"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func primaryVersions() {
        #expect(HKFHIRVersion.primaryDSTU2().stringRepresentation == "1.0.2")
        #expect(HKFHIRVersion.primaryDSTU2().fhirRelease == .dstu2)
        #expect(HKFHIRVersion.primaryR4().stringRepresentation == "4.0.1")
        #expect(HKFHIRVersion.primaryR4().fhirRelease == .r4)
        #expect(HKFHIRVersion.primaryR4() == (try? HKFHIRVersion(fromVersionString: "4.0.1")))
        #expect(HKFHIRVersion.primaryR4() != HKFHIRVersion.primaryDSTU2())
    }

    @Test func stringTypesHaveHealthKitsRawValues() {
        #expect(HKFHIRRelease.dstu2.rawValue == "DSTU2")
        #expect(HKFHIRRelease.r4.rawValue == "R4")
        #expect(HKFHIRRelease.unknown.rawValue == "unknown")
        #expect(HKVerifiableClinicalRecordSourceType.smartHealthCard.rawValue == "SMARTHealthCard")
        #expect(HKVerifiableClinicalRecordSourceType.euDigitalCOVIDCertificate.rawValue == "EUDigitalCOVIDCertificate")
        #expect(HKVerifiableClinicalRecordCredentialType.covid19.rawValue == "https://smarthealth.cards#covid19")
        #expect(HKVerifiableClinicalRecordCredentialType.immunization.rawValue == "https://smarthealth.cards#immunization")
        #expect(HKVerifiableClinicalRecordCredentialType.laboratory.rawValue == "https://smarthealth.cards#laboratory")
        #expect(HKVerifiableClinicalRecordCredentialType.recovery.rawValue == "https://smarthealth.cards#recovery")
    }

    @Test func subjectEquality() {
        let birth = DateComponents(year: 1960, month: 1, day: 20)
        let subject = HKVerifiableClinicalRecordSubject(fullName: "John B. Anyperson", dateOfBirthComponents: birth)
        #expect(subject == HKVerifiableClinicalRecordSubject(fullName: "John B. Anyperson", dateOfBirthComponents: birth))
        #expect(subject != HKVerifiableClinicalRecordSubject(fullName: "John B. Anyperson", dateOfBirthComponents: nil))
        #expect(subject.description.contains("1960-1-20"))
    }

    @Test func resourceFromFixtureJSON() throws {
        guard let dir = TestData.directory("fhir-r4/hl7-spec-examples") else {
            print(TestData.missingMessage)
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        let observationFile = try #require(files.first { $0.lowercased().hasPrefix("observation") })
        let data = try Data(contentsOf: dir.appendingPathComponent(observationFile))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let resource = try HKFHIRResource.resource(jsonData: data, fhirVersion: .primaryR4())
        #expect(resource.resourceType == .observation)
        #expect(resource.identifier == json["id"] as? String)
        #expect(resource.data == data)
        #expect(resource.fhirVersion.fhirRelease == .r4)
        #expect(resource == HKFHIRResource(
            fhirVersion: .primaryR4(), resourceType: .observation, identifier: resource.identifier, data: data, sourceURL: nil))
    }

    @Test func resourceRejectsBadJSON() {
        let cases: [(String, String)] = [
            ("not json", "not JSON"), ("[1]", "not an object"), ("{\"id\":\"a\"}", "resourceType"),
            ("{\"resourceType\":\"Observation\"}", "Observation has no string \"id\""),
        ]
        for (text, fragment) in cases {
            #expect {
                _ = try HKFHIRResource.resource(jsonData: Data(text.utf8), fhirVersion: .primaryR4())
            } throws: { error in
                guard let error = error as? HKError else { return false }
                return error.code == .errorInvalidArgument && error.localizedDescription.contains(fragment)
            }
        }
    }
}
