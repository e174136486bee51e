import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import Testing
import TestSupport

/// The two decisions of issue 16 (docs/ClinicalRecords.md): resources marked `entered-in-error` are withdrawn, not
/// stored; Observations of other categories (social history, survey, imaging...) are lab results, as in HealthKit.
@Suite struct ClinicalPolicyTests {
    static func lab(_ id: String, status: String) -> String {
        #"{"resourceType":"Observation","id":"\#(id)","status":"\#(status)","category":[{"coding":[{"code":"laboratory"}]}],"code":{"text":"Glucose"}}"#
    }

    @Test func enteredInErrorIsNotStoredAndWithdrawsTheEarlierVersion() async throws {
        let store = try IngestionTests.store()
        let ingestor = ClinicalRecordIngestor(store: store, institution: IngestionTests.hospital)
        let first = try ingestor.ingest(json: FHIRFixtures.bundle([Self.lab("g1", status: "final"), Self.lab("g2", status: "final")]),
                                        location: "a.json")
        #expect(first.outcome.added == 2)
        let condition = #"{"resourceType":"Condition","id":"c1","code":{"text":"Asthma"},"verificationStatus":{"coding":[{"code":"entered-in-error"}]}}"#
        let dstu2Condition = #"{"resourceType":"Condition","id":"c2","code":{"text":"Flu"},"verificationStatus":"entered-in-error"}"#
        let second = try ingestor.ingest(json: FHIRFixtures.bundle([Self.lab("g1", status: "entered-in-error"), condition, dstu2Condition]),
                                         location: "b.json")
        #expect(second.enteredInError == 3)
        #expect(second.withdrawn == 1)
        #expect(second.outcome.added == 0 && second.clinicalResources == 0)
        #expect(try await IngestionTests.records(store, .labResultRecord).compactMap(\.fhirResource?.identifier) == ["g2"])
        #expect(try await IngestionTests.records(store, .conditionRecord).isEmpty)
        // A note that merely mentions the code is not a status.
        let mention = #"{"resourceType":"Observation","id":"g3","status":"final","code":{"text":"entered-in-error"}}"#
        #expect(try ingestor.ingest(json: Data(mention.utf8), location: "c.json").outcome.added == 1)
    }

    @Test(arguments: ["social-history", "survey", "imaging", "exam", "therapy", "activity", "procedure"])
    func otherObservationCategoriesAreLabResults(_ category: String) throws {
        let observation = #"{"resourceType":"Observation","id":"o","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"\#(category)"}]}],"code":{"text":"Tobacco smoking status"}}"#
        let read = FHIRReader().read(Data(observation.utf8))
        let resource = try #require(read.resources.first)
        let classification = try #require(FHIRClassifier.classify(resource.resource))
        #expect(classification.clinicalType == .labResultRecord)
        #expect(classification.displayName == "Tobacco smoking status")
    }
}
