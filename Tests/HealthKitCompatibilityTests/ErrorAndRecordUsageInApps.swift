// HKError handling, FHIR versions, clinical records and CDA documents written the way HealthKit
// apps write them: catching codes, switching over `error.code`, bridging to NSError, reading the
// FHIR JSON of a record, validating a CDA document before saving it.
import Foundation
import HealthKit
import Testing

/// The shape of an app's own error mapping, as many HealthKit wrappers declare it.
private enum AppHealthError: Error, Equatable {
    case unavailable, denied, notDetermined, locked, noData, invalid, other(Int)

    init(_ error: any Error) {
        guard let healthError = error as? HKError else {
            self = .other((error as NSError).code)
            return
        }
        switch healthError.code {
        case .errorHealthDataUnavailable, .errorHealthDataRestricted: self = .unavailable
        case .errorAuthorizationDenied, .errorRequiredAuthorizationDenied: self = .denied
        case .errorAuthorizationNotDetermined: self = .notDetermined
        case .errorDatabaseInaccessible: self = .locked
        case .errorNoData: self = .noData
        case .errorInvalidArgument: self = .invalid
        default: self = .other(healthError.code.rawValue)
        }
    }
}

/// Stands in for a store call that fails; apps see HealthKit's errors through `throws`.
private func failingHealthCall(_ code: HKError.Code) throws {
    throw HKError(code)
}

// An app-side extension reading a clinical record's FHIR JSON.
extension HKClinicalRecord {
    fileprivate var fhirJSONForTests: [String: Any]? {
        guard let data = fhirResource?.data else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

private let continuityOfCareDocument = """
<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <title>Continuity of Care Document</title>
  <recordTarget><patientRole><patient><name><given>Jane</given><family>Appleseed</family></name></patient></patientRole></recordTarget>
  <author><assignedAuthor><assignedPerson><name><given>John</given><family>Carter</family></name></assignedPerson></assignedAuthor></author>
  <custodian><assignedCustodian><representedCustodianOrganization><name>Good Health Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
</ClinicalDocument>
"""

@Suite("HKError, FHIR, clinical records and CDA documents as HealthKit apps use them")
struct ErrorAndRecordUsageInApps {
    let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func catchingSpecificCodes() {
        do {
            try failingHealthCall(.errorAuthorizationNotDetermined)
        } catch HKError.errorAuthorizationDenied {
            Issue.record("wrong code matched")
        } catch HKError.errorAuthorizationNotDetermined {
            // expected
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            try failingHealthCall(.errorDatabaseInaccessible)
        } catch let error as HKError where error.code == .errorDatabaseInaccessible {
            #expect(error.errorCode == 6)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func mappingErrorsToAppErrors() {
        let cases: [(HKError.Code, AppHealthError)] = [
            (.errorHealthDataUnavailable, .unavailable), (.errorAuthorizationDenied, .denied),
            (.errorAuthorizationNotDetermined, .notDetermined), (.errorDatabaseInaccessible, .locked),
            (.errorNoData, .noData), (.errorInvalidArgument, .invalid), (.errorUserCanceled, .other(7)),
        ]
        for (code, expected) in cases {
            do {
                try failingHealthCall(code)
            } catch {
                #expect(AppHealthError(error) == expected)
            }
        }
        #expect(AppHealthError(CocoaError(.fileNoSuchFile)) == .other(CocoaError.fileNoSuchFile.rawValue))
    }

    @Test func bridgingToNSError() {
        let error: any Error = HKError(.errorNoData)
        let bridged = error as NSError
        #expect(bridged.domain == HKErrorDomain)
        #expect(bridged.domain == "com.apple.healthkit")
        #expect(bridged.code == HKError.Code.errorNoData.rawValue)
        #expect(HKError.Code(rawValue: 11) == .errorNoData)
        let described = HKError(.errorInvalidArgument, userInfo: [NSLocalizedDescriptionKey: "Bad unit for body mass"])
        #expect((described as NSError).localizedDescription == "Bad unit for body mass")
        #expect(described.localizedDescription == "Bad unit for body mass")
        #expect(HKError(.errorNoData) == HKError(.errorNoData))
    }

    @Test func anNSErrorInTheHealthKitDomainIsAnHKError() {
        // Errors from Objective-C APIs (and app test doubles) arrive as NSErrors in HKErrorDomain; on iOS they
        // match both the code pattern and `as? HKError`.
        let fromObjectiveC: any Error = NSError(domain: HKErrorDomain, code: HKError.Code.errorAuthorizationDenied.rawValue)
        do {
            throw fromObjectiveC
        } catch HKError.errorAuthorizationDenied {
            // expected
        } catch {
            Issue.record("the code pattern should match an NSError in HKErrorDomain")
        }
        let cast = fromObjectiveC as? HKError
        #expect(cast?.code == .errorAuthorizationDenied)
        do {
            throw fromObjectiveC
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationDenied)
        } catch {
            Issue.record("`catch let error as HKError` should match an NSError in HKErrorDomain")
        }
        #expect(NSError(domain: "com.example", code: 4) as Error as? HKError == nil)
    }

    @Test func fhirVersionsFromStrings() throws {
        let r4 = try HKFHIRVersion(fromVersionString: "4.0.1")
        #expect(r4.fhirRelease == .r4)
        #expect(r4 == HKFHIRVersion.primaryR4())
        #expect(r4.majorVersion == 4 && r4.minorVersion == 0 && r4.patchVersion == 1)
        #expect(HKFHIRVersion.primaryDSTU2().stringRepresentation == "1.0.2")
        #expect(HKFHIRVersion.primaryDSTU2().fhirRelease == .dstu2)
        #expect(try HKFHIRVersion(fromVersionString: "3.0.2").fhirRelease == .unknown)
        #expect(HKFHIRRelease.r4.rawValue == "R4")
        do {
            _ = try HKFHIRVersion(fromVersionString: "4.0")
            Issue.record("a two-part version must be rejected")
        } catch HKError.errorInvalidArgument {
            // expected
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func readingAClinicalRecordsFHIRResource() throws {
        let json = #"{"resourceType":"Immunization","id":"imm-7","status":"completed","vaccineCode":{"text":"Influenza"}}"#
        // HealthKit creates clinical records itself; here the record comes from OpenHealthKit's extension initialisers.
        let resource = try HKFHIRResource.resource(jsonData: Data(json.utf8), fhirVersion: .primaryR4())
        let record = HKClinicalRecord(type: HKClinicalType(.immunizationRecord), displayName: "Influenza",
                                      fhirResource: resource, start: date, end: date)
        #expect(record.clinicalType == HKObjectType.clinicalType(forIdentifier: .immunizationRecord))
        #expect(record.fhirResource?.resourceType == .immunization)
        #expect(record.fhirResource?.identifier == "imm-7")
        #expect(record.fhirResource?.fhirVersion.fhirRelease == .r4)
        #expect(record.fhirJSONForTests?["status"] as? String == "completed")
        #expect(record.displayName == "Influenza")
    }

    @Test func savingACDADocumentSample() throws {
        let sample = try HKCDADocumentSample(data: Data(continuityOfCareDocument.utf8), start: date, end: date, metadata: nil)
        let document = try #require(sample.document)
        #expect(document.title == "Continuity of Care Document")
        #expect(document.patientName == "Jane Appleseed")
        #expect(document.authorName == "John Carter")
        #expect(document.custodianName == "Good Health Clinic")
        #expect(document.documentData == Data(continuityOfCareDocument.utf8))
        #expect(sample.documentType == HKObjectType.documentType(forIdentifier: .CDA))
    }

    @Test func aDocumentThatIsNotCDAReportsTheDetailedReason() {
        do {
            _ = try HKCDADocumentSample(data: Data("<html><body>not a CDA</body></html>".utf8), start: date, end: date, metadata: nil)
            Issue.record("an HTML document must be rejected")
        } catch {
            let nsError = error as NSError
            #expect(nsError.domain == HKErrorDomain)
            #expect(nsError.code == HKError.Code.errorInvalidArgument.rawValue)
            #expect(nsError.userInfo[HKDetailedCDAValidationErrorKey] is String)
        }
    }
}
