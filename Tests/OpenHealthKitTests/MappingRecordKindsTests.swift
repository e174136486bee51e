import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// Round trips of workouts, CDA documents, clinical and verifiable records.
@Suite struct MappingRecordKindsTests {
    let start = MappingTests.start
    var end: Date { start.addingTimeInterval(3600) }

    @Test func workoutKeepsEventsActivitiesStatisticsAndFields() throws {
        let energyType = HKQuantityType(.activeEnergyBurned)
        let heartType = HKQuantityType(.heartRate)
        let energy = HKStatistics(quantityType: energyType, startDate: start, endDate: end,
                                  merged: .init(sum: HKQuantity(unit: .kilocalorie(), doubleValue: 410)))
        let heart = HKStatistics(quantityType: heartType, startDate: start, endDate: end, merged: .init(
            average: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 140), minimum: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 90),
            maximum: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 170)))
        let events = [try HKWorkoutEvent.checked(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0)),
                      try HKWorkoutEvent.checked(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0))]
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let activity = HKWorkoutActivity(uuid: UUID(), configuration: configuration, start: start, end: end, metadata: ["Leg": 1],
                                         events: [], statistics: [energyType: energy])
        let workout = try HKWorkout.checked(activityType: .running, start: start, end: end, workoutEvents: events, workoutActivities: [activity],
                                            statistics: [energyType: energy, heartType: heart], device: MappingTests.device,
                                            metadata: [HKMetadataKeyIndoorWorkout: false])
        let record = try ObjectMapping.record(from: workout)
        #expect(record.kind == .workout)
        #expect(record.fields[FieldKey.workoutActivityType] == .number(Double(HKWorkoutActivityType.running.rawValue)))
        #expect(record.fields[FieldKey.workoutDuration] == .number(3300))
        #expect(record.fields[FieldKey.workout(.sum, energyType)] == .number(410))
        #expect(record.fields[FieldKey.workout(.max, heartType)] == .number(HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 170)
            .doubleValue(for: heartType.canonicalUnit)))
        let copy = try MappingTests.roundTrip(workout)
        MappingTests.expectCommon(copy, workout)
        #expect(copy.workoutActivityType == .running && copy.duration == 3300)
        #expect(copy.workoutEvents == workout.workoutEvents)
        #expect(copy.workoutActivities.map(\.uuid) == [activity.uuid])
        #expect(copy.workoutActivities.first?.workoutConfiguration == configuration)
        #expect(copy.workoutActivities.first?.metadata?["Leg"] as? Int == 1)
        #expect(copy.statistics(for: energyType)?.sumQuantity() == HKQuantity(unit: .kilocalorie(), doubleValue: 410))
        #expect(copy.statistics(for: heartType)?.maximumQuantity()?.originalUnit.unitString == "count/min")
        #expect(copy.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
    }

    @Test func cdaDocumentKeepsXMLAndFields() throws {
        let document = HKCDADocument(documentData: Data("<ClinicalDocument/>".utf8), title: "Visit", patientName: "Ada Lovelace",
                                     authorName: "Dr. Who", custodianName: "Clinic")
        let sample = HKCDADocumentSample(document: document, start: start, end: end, uuid: UUID(),
                                         sourceRevision: MappingTests.revision, device: nil, metadata: nil)
        let record = try ObjectMapping.record(from: sample)
        #expect(record.kind == .document && record.payload == document.documentData)
        #expect(record.fields[FieldKey.cdaPatientName] == .text("Ada Lovelace"))
        let copy = try MappingTests.roundTrip(sample)
        MappingTests.expectCommon(copy, sample)
        #expect(copy.document?.documentData == document.documentData)
        #expect(copy.document?.title == "Visit" && copy.document?.authorName == "Dr. Who" && copy.document?.custodianName == "Clinic")
    }

    @Test func clinicalRecordKeepsFHIRBytesExactly() throws {
        let json = Data(#"{ "resourceType":"Observation",  "id":"obs-1", "status":"final" }"#.utf8)
        let resource = try HKFHIRResource.resource(jsonData: json, fhirVersion: .primaryR4(), sourceURL: URL(string: "https://fhir.example/Observation/obs-1"))
        let record = HKClinicalRecord(type: HKClinicalType(.labResultRecord), displayName: "Glucose", fhirResource: resource, start: start, end: start,
                                      sourceRevision: MappingTests.revision)
        let stored = try ObjectMapping.record(from: record)
        #expect(stored.kind == .clinical && stored.payload == json)
        #expect(stored.fields[FieldKey.fhirResourceType] == .text("Observation") && stored.fields[FieldKey.fhirIdentifier] == .text("obs-1"))
        let copy = try MappingTests.roundTrip(record)
        MappingTests.expectCommon(copy, record)
        #expect(copy.displayName == "Glucose" && copy.fhirResource == resource)
        #expect(copy.fhirResource?.data == json)
    }

    @Test func verifiableRecordRoundTrips() throws {
        let subject = HKVerifiableClinicalRecordSubject(fullName: "Ada", dateOfBirthComponents: DateComponents(year: 1815, month: 12, day: 10))
        let record = HKVerifiableClinicalRecord(
            recordTypes: ["https://smarthealth.cards#immunization"], issuerIdentifier: "https://issuer.example", subject: subject,
            issuedDate: start, relevantDate: start.addingTimeInterval(-86400), expirationDate: nil, itemNames: ["COVID-19"],
            sourceType: .smartHealthCard, dataRepresentation: Data("jws".utf8), sourceRevision: MappingTests.revision)
        let stored = try ObjectMapping.record(from: record)
        #expect(stored.kind == .verifiableRecord && stored.fields[FieldKey.verifiableRelevantDate] == .date(record.relevantDate))
        let copy = try MappingTests.roundTrip(record)
        MappingTests.expectCommon(copy, record)
        #expect(copy.subject == subject && copy.issuedDate == record.issuedDate && copy.relevantDate == record.relevantDate)
        #expect(copy.recordTypes == record.recordTypes && copy.itemNames == record.itemNames && copy.sourceType == .smartHealthCard)
        #expect(copy.dataRepresentation == record.dataRepresentation && copy.issuerIdentifier == record.issuerIdentifier)
    }

    @Test func recordsOfKindOtherAreRejected() throws {
        let record = SampleRecord(uuid: UUID(), kind: .other, type: "X", startDate: start, endDate: start,
                                  source: SourceRecord(bundleIdentifier: "a", name: "a"))
        #expect(throws: HKError.self) { try ObjectMapping.object(from: record) }
    }
}
