import Foundation
import HealthKitModel
import Testing

/// NSSecureCoding round trips of the sample classes beyond quantity and category samples, correlations and workouts:
/// each comes back equal (same UUID), of its own class, with its values.
@Suite("Archiving series, documents, records, audiograms and prescriptions")
struct SampleArchivingTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let revision = HKSourceRevision(source: HKSource(name: "Tracker", bundleIdentifier: "org.example.tracker"), version: "3",
                                    productType: nil, operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 1, patchVersion: 0))

    private func roundTrip<T: HKSample>(_ sample: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: sample, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
        #expect(restored == sample && type(of: restored) == type(of: sample))
        #expect(restored.sampleType == sample.sampleType)
        #expect(restored.startDate == sample.startDate && restored.endDate == sample.endDate)
        #expect(restored.sourceRevision.source == sample.sourceRevision.source)
        #expect(restored.sourceRevision.version == sample.sourceRevision.version)
        return restored
    }

    @Test func aWorkoutRouteKeepsItsPoints() throws {
        let points = (0..<3).map { index in
            WorkoutRouteLocation(latitude: 51.5 + Double(index) / 1000, longitude: -0.12, altitude: 11,
                                   timestamp: start.addingTimeInterval(Double(index) * 5), horizontalAccuracy: 4, speed: 3.2)
        }
        let route = HKWorkoutRoute(locations: points, start: start, end: start.addingTimeInterval(10), sourceRevision: revision,
                                   metadata: [HKMetadataKeySyncIdentifier: "route-1", HKMetadataKeySyncVersion: 2])
        let restored = try roundTrip(route)
        #expect(restored.locations == points)
        #expect(restored.count == 3)
        #expect(restored.metadata?[HKMetadataKeySyncIdentifier] as? String == "route-1")
    }

    @Test func aHeartbeatSeriesKeepsItsBeatsAndGaps() throws {
        let beats = [HKHeartbeat(timeIntervalSinceStart: 0, precededByGap: false),
                     HKHeartbeat(timeIntervalSinceStart: 0.81, precededByGap: false),
                     HKHeartbeat(timeIntervalSinceStart: 2.4, precededByGap: true)]
        let series = HKHeartbeatSeriesSample(heartbeats: beats, start: start, end: start.addingTimeInterval(2.4), uuid: UUID(),
                                             sourceRevision: revision, device: nil, metadata: nil)
        let restored = try roundTrip(series)
        #expect(restored.heartbeats == beats)
        #expect(restored.count == 3)
    }

    @Test func aCDADocumentKeepsItsDataAndFields() throws {
        let data = Data(CDADocumentTests.document.utf8)
        let sample = try HKCDADocumentSample(data: data, start: start, end: start, metadata: ["Note": "visit"])
        let restored = try roundTrip(sample)
        let document = try #require(restored.document)
        #expect(document.documentData == data)
        #expect(document.title == sample.document?.title && document.title == "Continuity of Care Document")
        #expect(document.patientName == sample.document?.patientName)
        #expect(document.authorName == sample.document?.authorName)
        #expect(document.custodianName == sample.document?.custodianName)
        #expect(restored.metadata?["Note"] as? String == "visit")
    }

    @Test func aClinicalRecordKeepsItsFHIRResource() throws {
        let json = Data(#"{"resourceType":"AllergyIntolerance","id":"a-17","code":{"text":"Penicillin"}}"#.utf8)
        let resource = try HKFHIRResource.resource(jsonData: json, fhirVersion: .primaryR4(),
                                                   sourceURL: URL(string: "https://fhir.example.org/r4/AllergyIntolerance/a-17"))
        let record = HKClinicalRecord(type: HKClinicalType(.allergyRecord), displayName: "Penicillin", fhirResource: resource,
                                      start: start, end: start, sourceRevision: revision)
        let restored = try roundTrip(record)
        #expect(restored.clinicalType == HKClinicalType(.allergyRecord))
        #expect(restored.displayName == "Penicillin")
        let kept = try #require(restored.fhirResource)
        #expect(kept.fhirVersion.stringRepresentation == "4.0.1" && kept.fhirVersion.fhirRelease == .r4)
        #expect(kept.resourceType == .allergyIntolerance && kept.identifier == "a-17")
        #expect(kept.data == json && kept.sourceURL == resource.sourceURL)
    }

    private func diopters(_ value: Double) -> HKQuantity { HKQuantity(unit: .diopter(), doubleValue: value) }
    private func millimetres(_ value: Double) -> HKQuantity { HKQuantity(unit: .meterUnit(with: .milli), doubleValue: value) }

    @Test func aGlassesPrescriptionKeepsBothLensesAndThePrism() throws {
        let prism = HKVisionPrism(verticalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 3), verticalBase: .down,
                                  horizontalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 4), horizontalBase: .in, eye: .left)
        let left = HKGlassesLensSpecification(sphere: diopters(-2.25), cylinder: diopters(-0.5),
                                              axis: HKQuantity(unit: .degreeAngle(), doubleValue: 90), addPower: diopters(1),
                                              vertexDistance: millimetres(12), prism: prism,
                                              farPupillaryDistance: millimetres(31), nearPupillaryDistance: millimetres(29))
        let right = HKGlassesLensSpecification(sphere: diopters(-1.75), cylinder: nil, axis: nil, addPower: nil,
                                               vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let glasses = HKGlassesPrescription(rightEyeSpecification: right, leftEyeSpecification: left, dateIssued: start,
                                            expirationDate: start.addingTimeInterval(86_400 * 365), device: nil, metadata: nil)
        let restored = try roundTrip(glasses)
        #expect(restored.prescriptionType == .glasses)
        #expect(restored.expirationDate == glasses.expirationDate)
        #expect(restored.rightEye == right && restored.leftEye == left)
        let kept = try #require(restored.leftEye?.prism)
        #expect(kept.verticalBase == .down && kept.horizontalBase == .in && kept.eye == .left)
        #expect(abs(kept.verticalAmount.doubleValue(for: .prismDiopter()) - 3) < 1e-9)
        #expect(abs(kept.horizontalAmount.doubleValue(for: .prismDiopter()) - 4) < 1e-9)
        #expect(restored.leftEye?.nearPupillaryDistance?.doubleValue(for: .meterUnit(with: .milli)) == 29)
    }

    @Test func aContactsPrescriptionKeepsItsLensesAndBrand() throws {
        let lens = HKContactsLensSpecification(sphere: diopters(-3), cylinder: nil, axis: nil, addPower: nil,
                                               baseCurve: millimetres(8.6), diameter: millimetres(14.2))
        let contacts = HKContactsPrescription(rightEyeSpecification: lens, leftEyeSpecification: nil, brand: "Acuvue",
                                              dateIssued: start, expirationDate: nil, device: nil, metadata: nil)
        let restored = try roundTrip(contacts)
        #expect(restored.prescriptionType == .contacts && restored.brand == "Acuvue")
        #expect(restored.rightEye == lens && restored.leftEye == nil)
        #expect(restored.rightEye?.diameter?.doubleValue(for: .meterUnit(with: .milli)) == 14.2)
        #expect(restored.expirationDate == nil)
    }

    @Test func anImageOnlyPrescriptionKeepsItsKind() throws {
        let prescription = HKVisionPrescription(type: .contacts, dateIssued: start, expirationDate: nil, device: nil,
                                                metadata: ["Optician": "High Street"])
        let restored = try roundTrip(prescription)
        #expect(restored.prescriptionType == .contacts)
        #expect(restored.metadata?["Optician"] as? String == "High Street")
    }

    @Test func anAudiogramKeepsItsPointsTestsAndClampingRanges() throws {
        func dBHL(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }
        let clamped = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 90)
        let points = [
            try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 500), tests: [
                try HKAudiogramSensitivityTest(sensitivity: dBHL(20), type: .air, masked: false, side: .left, clampingRange: nil),
                try HKAudiogramSensitivityTest(sensitivity: dBHL(25), type: .air, masked: true, side: .right, clampingRange: clamped),
            ]),
            try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 4000), tests: [
                try HKAudiogramSensitivityTest(sensitivity: dBHL(90), type: .air, masked: false, side: .right, clampingRange: clamped),
            ]),
        ]
        let audiogram = HKAudiogramSample(sensitivityPoints: points, start: start, end: start.addingTimeInterval(600),
                                          device: nil, metadata: nil)
        let restored = try roundTrip(audiogram)
        #expect(restored.sensitivityPoints.map(\.frequency) == points.map(\.frequency))
        #expect(restored.sensitivityPoints.map(\.tests) == points.map(\.tests))
        let right = try #require(restored.sensitivityPoints.first?.tests.last)
        #expect(right.masked && right.side == .right && right.sensitivity == dBHL(25))
        #expect(right.clampingRange?.upperBound == dBHL(90) && right.clampingRange?.lowerBound == nil)
    }

    @Test func aVerifiableRecordKeepsItsSubjectDatesAndSignedData() throws {
        let jws = Data("eyJ6aXAiOiJERUYiLCJhbGciOiJFUzI1NiJ9.payload.signature".utf8)
        let record = HKVerifiableClinicalRecord(
            recordTypes: ["https://smarthealth.cards#immunization", "https://smarthealth.cards#covid19"],
            issuerIdentifier: "https://spec.smarthealth.cards/examples/issuer",
            subject: HKVerifiableClinicalRecordSubject(fullName: "John B. Anyperson",
                                                       dateOfBirthComponents: DateComponents(year: 1951, month: 1, day: 20)),
            issuedDate: start, relevantDate: start.addingTimeInterval(-86_400), expirationDate: start.addingTimeInterval(3e7),
            itemNames: ["COVID-19 vaccine", "COVID-19 vaccine"], sourceType: .smartHealthCard, dataRepresentation: jws,
            sourceRevision: revision)
        let restored = try roundTrip(record)
        #expect(restored.recordTypes == record.recordTypes)
        #expect(restored.issuerIdentifier == record.issuerIdentifier)
        #expect(restored.subject == record.subject && restored.subject.dateOfBirthComponents?.year == 1951)
        #expect(restored.issuedDate == start && restored.relevantDate == record.relevantDate)
        #expect(restored.expirationDate == record.expirationDate)
        #expect(restored.itemNames == record.itemNames)
        #expect(restored.sourceType == .smartHealthCard)
        #expect(restored.dataRepresentation == jws)

        let undated = HKVerifiableClinicalRecord(
            recordTypes: [], issuerIdentifier: "https://issuer.example", subject: HKVerifiableClinicalRecordSubject(fullName: "A", dateOfBirthComponents: nil),
            issuedDate: start, relevantDate: start, expirationDate: nil, itemNames: [], sourceType: nil, dataRepresentation: Data())
        let plain = try roundTrip(undated)
        #expect(plain.expirationDate == nil && plain.sourceType == nil && plain.subject.dateOfBirthComponents == nil)
    }
}
