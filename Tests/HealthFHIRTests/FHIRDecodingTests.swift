import Foundation
import HealthKitModel
import HealthFHIR
import Testing
import TestSupport

/// Decoding errors name the JSON path and the reason; classification, titles and versions follow HealthKit.
@Suite struct FHIRDecodingTests {
    static func observation(_ members: String) -> String {
        #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Glucose"}\#(members)}"#
    }

    @Test func typeMismatchNamesThePathInsideTheBundle() {
        let bad = #"{"resourceType":"Observation","id":"o4","code":{"coding":[{"system":5,"code":"x"}]}}"#
        let good = Self.observation("")
        let result = FHIRReader().read(FHIRFixtures.bundle([good, good, good, bad]))
        #expect(result.failures.map(\.description) == ["entry[3].resource.code.coding[0].system: expected a string, found a number"])
        #expect(result.resources.count == 3)
        // The input still has the unreadable resource: its type and id are known (a sync's full check keeps its record).
        #expect(result.unreadIdentities.map { "\($0.resourceType)/\($0.id)" } == ["Observation/o4"])
    }

    @Test func missingRequiredMemberIsNamed() {
        let result = FHIRReader().read(Data(#"{"resourceType":"Immunization","id":"i1","status":"completed"}"#.utf8))
        #expect(result.failures.map(\.description) == ["vaccineCode: required member is missing"])
        let noType = FHIRReader().read(FHIRFixtures.bundle([#"{"id":"a"}"#]))
        #expect(noType.failures.map(\.description) == ["entry[0].resource.resourceType: required member is missing"])
    }

    @Test func wrongContainerKindsAreNamed() {
        let result = FHIRReader().read(Data(Self.observation(#","category":[{"coding":{"code":"vital-signs"}}]"#).utf8))
        #expect(result.failures.map(\.description) == ["category[0].coding: expected an array, found an object"])
        let entries = FHIRReader().read(Data(#"{"resourceType":"Bundle","entry":{}}"#.utf8))
        #expect(entries.failures.map(\.description) == ["entry: expected an array"])
    }

    @Test func syntaxErrorsGiveTheByteOffset() {
        let result = FHIRReader().read(Data(#"{"resourceType":"Observation","id":"o1",}"#.utf8))
        #expect(result.failures.count == 1)
        #expect(result.failures.first?.reason.hasPrefix("not valid JSON") == true)
        let truncated = FHIRReader().read(Data(#"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Obs"#.utf8))
        #expect(truncated.failures.first?.description.contains("not valid JSON") == true)
        #expect(truncated.resources.isEmpty)
    }

    @Test func observationsAreVitalSignsOrLabResultsByCategory() throws {
        let vital = Self.observation(#","category":[{"coding":[{"code":"vital-signs"}]}]"#)
        let dstu2Vital = Self.observation(#","category":{"coding":[{"code":"vital-signs"}]}"#)
        let lab = Self.observation(#","category":[{"coding":[{"code":"laboratory"}]}]"#)
        let report = #"{"resourceType":"DiagnosticReport","id":"d","code":{"coding":[{"display":"CBC"}]}}"#
        let read = FHIRReader().read(FHIRFixtures.bundle([vital, dstu2Vital, lab, Self.observation(""), report]))
        let types = read.resources.map { FHIRClassifier.classify($0.resource)?.clinicalType }
        #expect(types == [.vitalSignRecord, .vitalSignRecord, .labResultRecord, .labResultRecord, .labResultRecord])
    }

    @Test func everyHealthKitResourceTypeHasItsClinicalType() {
        let expected: [(String, String, HKClinicalTypeIdentifier)] = [
            ("AllergyIntolerance", #""code":{"text":"Peanut"}"#, .allergyRecord),
            ("Condition", #""code":{"text":"Asthma"}"#, .conditionRecord),
            ("Immunization", #""vaccineCode":{"text":"Flu"}"#, .immunizationRecord),
            ("MedicationStatement", #""medicationCodeableConcept":{"text":"Aspirin"}"#, .medicationRecord),
            ("MedicationOrder", #""medicationCodeableConcept":{"text":"Aspirin"}"#, .medicationRecord),
            ("MedicationRequest", #""medicationCodeableConcept":{"text":"Aspirin"}"#, .medicationRecord),
            ("MedicationDispense", #""medicationCodeableConcept":{"text":"Aspirin"}"#, .medicationRecord),
            ("Procedure", #""code":{"text":"Appendectomy"}"#, .procedureRecord),
            ("DocumentReference", #""type":{"text":"Discharge summary"}"#, .clinicalNoteRecord),
            ("Coverage", #""type":{"text":"Medicare"}"#, .coverageRecord),
        ]
        for (type, members, clinicalType) in expected {
            let read = FHIRReader().read(Data(#"{"resourceType":"\#(type)","id":"x",\#(members)}"#.utf8))
            let classification = read.resources.first.flatMap { FHIRClassifier.classify($0.resource) }
            #expect(classification?.clinicalType == clinicalType, "\(type)")
            #expect(classification?.displayName.isEmpty == false, "\(type)")
        }
        let patient = FHIRReader().read(Data(#"{"resourceType":"Patient","id":"p"}"#.utf8)).resources[0].resource
        #expect(FHIRClassifier.classify(patient) == nil)
        #expect(FHIRClassifier.reasonNotClinical(patient).hasPrefix("Patient is not a clinical record type"))
    }

    @Test func displayNamesFollowTheHealthAppOrder() {
        func name(_ json: String, _ names: [String: String] = [:]) -> String? {
            FHIRReader().read(Data(json.utf8)).resources.first.flatMap { FHIRClassifier.classify($0.resource, medicationNames: names)?.displayName }
        }
        #expect(name(Self.observation("")) == "Glucose")
        #expect(name(#"{"resourceType":"Condition","id":"c","code":{"coding":[{"code":"J45"},{"display":"Asthma"}]}}"#) == "Asthma")
        #expect(name(#"{"resourceType":"Condition","id":"c","code":{"coding":[{"code":"J45"}]}}"#) == "J45")
        #expect(name(#"{"resourceType":"Condition","id":"c"}"#) == "Condition")
        let contained = ##"{"resourceType":"MedicationRequest","id":"m","contained":[{"resourceType":"Medication","id":"med","code":{"text":"Axid"}}],"medicationReference":{"reference":"#med"}}"##
        #expect(name(contained) == "Axid")
        let referenced = #"{"resourceType":"MedicationRequest","id":"m","medicationReference":{"reference":"Medication/9"}}"#
        #expect(name(referenced, ["Medication/9": "Nizatidine"]) == "Nizatidine")
        #expect(name(referenced) == "Medication Request")
        let displayed = #"{"resourceType":"MedicationRequest","id":"m","medicationReference":{"reference":"Medication/9","display":"prescribed medication"}}"#
        #expect(name(displayed) == "prescribed medication")
        #expect(name(displayed, ["Medication/9": "Nizatidine"]) == "Nizatidine")
    }

    @Test func versionIsDetectedOrGiven() {
        func release(_ json: String, given: HKFHIRRelease? = nil) -> HKFHIRRelease? {
            FHIRReader(release: given).read(Data(json.utf8)).resources.first?.fhirVersion.fhirRelease
        }
        #expect(release(#"{"resourceType":"MedicationOrder","id":"m"}"#) == .dstu2)
        #expect(release(#"{"resourceType":"MedicationRequest","id":"m"}"#) == .r4)
        let usCore = Self.observation(#","meta":{"profile":["http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-lab"]}"#)
        #expect(release(usCore) == .r4)
        #expect(release(#"{"resourceType":"Condition","id":"c","clinicalStatus":"active","code":{"text":"x"}}"#) == .dstu2)
        #expect(release(#"{"resourceType":"Condition","id":"c","clinicalStatus":"active"}"#, given: .r4) == .r4)
        // A bundle's resources that look alike in both releases take the release the others show.
        let mixed = FHIRFixtures.bundle([Self.observation(""), #"{"resourceType":"MedicationOrder","id":"m"}"#])
        #expect(FHIRReader().read(mixed).resources.map(\.fhirVersion.fhirRelease) == [.dstu2, .dstu2])
        #expect(FHIRReader().read(mixed).resources.first?.fhirVersion.stringRepresentation == "1.0.2")
    }

    /// A resource without an id is known by its bytes, never by its entry's `fullUrl`, which names it only inside its
    /// bundle (issue 16: `resource:0` in every SMART Health Card bundle collided).
    @Test func identityComesFromIdThenContent() {
        let data = Data(#"{"resourceType":"Bundle","entry":[{"fullUrl":"urn:uuid:abc","resource":{"resourceType":"Condition","id":"c1"}},{"fullUrl":"https://h.example/fhir/Condition/42","resource":{"resourceType":"Condition"}},{"fullUrl":"resource:0","resource":{"resourceType":"Condition","note":[]}},{"resource":{"resourceType":"Condition"}}]}"#.utf8)
        let ids = FHIRReader().read(data).resources.map(\.identifier)
        #expect(ids[0] == "c1")
        #expect(ids[1].hasPrefix("content-") && ids[1].count == 40)
        #expect(ids[2].hasPrefix("content-") && ids[2] != ids[1])
        #expect(ids[3] == ids[1])
        #expect(FHIRReader().read(data).resources[1].identifier == ids[1])
    }

    @Test func resourceBytesAreKeptExactly() {
        let resource = #"{ "resourceType" : "Condition", "id":"c", "unknownMember": {"kept": [1, 2.50]} }"#
        let read = FHIRReader().read(FHIRFixtures.bundle([resource]))
        #expect(read.resources.first?.data == Data(resource.utf8))
    }
}
