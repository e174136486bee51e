import Foundation
import HealthKitModel
import HealthServer

/// An audiogram, three vision prescriptions (glasses, contacts, image only), a state of mind and GAD-7 and PHQ-9
/// assessments, each twice: as the API's JSON and as the library builds the same sample with HealthKit's initialisers.
enum SampleKindFixtures {
    static func date(_ seconds: Double) -> Date { PayloadAPITests.start.addingTimeInterval(seconds) }
    static let year = 365.0 * 86_400

    static func quantity(_ value: Double, _ unit: String) -> WireQuantity { WireQuantity(value: value, unit: unit) }
    static func sample(_ type: String, _ start: Double, _ end: Double? = nil, uuid: UUID? = UUID()) -> WireSample {
        WireSample(uuid: uuid, type: type, startDate: date(start), endDate: date(end ?? start))
    }

    /// The request body for `samples`.
    static func batch(_ samples: [WireSample]) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(PayloadAPITests.format.format(date))
        }
        return String(decoding: try encoder.encode(["samples": samples]), as: UTF8.self)
    }

    // MARK: The API's JSON

    /// Three frequencies (one in kHz); at 1 kHz the left ear tested unmasked and masked and the right ear with a clamping
    /// range; -10 dBHL, better than the reference, at 500 Hz.
    static func audiogram(uuid: UUID? = UUID()) -> WireSample {
        func test(_ level: Double, _ side: Int, masked: Bool? = nil, clamp: WireClampingRange? = nil) -> WireSensitivityTest {
            WireSensitivityTest(sensitivity: quantity(level, "dBHL"), masked: masked, side: side, clampingRange: clamp)
        }
        var wire = sample("audiogram", 0, 600, uuid: uuid)
        wire.device = WireDevice(name: "Audiometer", manufacturer: "Acme Audio")
        wire.audiogram = WireAudiogram(sensitivityPoints: [
            WireSensitivityPoint(frequency: quantity(500, "Hz"), tests: [test(-10, 0), test(15, 1)]),
            WireSensitivityPoint(frequency: quantity(1, "kHz"), tests: [test(20, 0), test(35, 0, masked: true),
                                                                        test(25, 1, clamp: WireClampingRange(lowerBound: 0, upperBound: 90))]),
            WireSensitivityPoint(frequency: quantity(4000, "Hz"), tests: [test(60, 1)]),
        ])
        return wire
    }

    /// Both eyes with every glasses value; the right prism as amount and angle, the left as components.
    static func glasses(uuid: UUID? = UUID()) -> WireSample {
        var right = WireLensSpecification(sphere: quantity(-2.25, "D"))
        right.cylinder = quantity(-0.75, "D")
        right.axis = quantity(90, "deg")
        right.addPower = quantity(1.5, "D")
        right.vertexDistance = quantity(12, "mm")
        right.prism = WirePrism(amount: quantity(1.5, "pD"), angle: quantity(90, "deg"))
        right.farPupillaryDistance = quantity(31.5, "mm")
        right.nearPupillaryDistance = quantity(29, "mm")
        var left = WireLensSpecification(sphere: quantity(-2, "D"))
        left.addPower = quantity(1.5, "D")
        var prism = WirePrism(eye: 1)
        prism.verticalAmount = quantity(0.5, "pD")
        prism.verticalBase = 2
        prism.horizontalAmount = quantity(1, "pD")
        prism.horizontalBase = 3
        left.prism = prism
        var wire = sample("visionPrescription", 0, 2 * year, uuid: uuid)
        wire.visionPrescription = WireVisionPrescription(prescriptionType: 1, rightEye: right, leftEye: left)
        return wire
    }

    static func contacts(uuid: UUID? = UUID()) -> WireSample {
        var right = WireLensSpecification(sphere: quantity(-2.5, "D"))
        right.cylinder = quantity(-0.75, "D")
        right.axis = quantity(180, "deg")
        right.baseCurve = quantity(8.6, "mm")
        right.diameter = quantity(14.2, "mm")
        var left = WireLensSpecification(sphere: quantity(-2.75, "D"))
        left.baseCurve = quantity(8.4, "mm")
        var wire = sample("HKVisionPrescriptionTypeIdentifier", 60, 60 + year, uuid: uuid)
        wire.visionPrescription = WireVisionPrescription(prescriptionType: 2, rightEye: right, leftEye: left, brand: "Acuvue Oasys")
        return wire
    }

    /// An image-only prescription: its type and dates, no expiration.
    static func imageOnly(uuid: UUID? = UUID()) -> WireSample {
        var wire = sample("visionPrescription", 120, uuid: uuid)
        wire.visionPrescription = WireVisionPrescription(prescriptionType: 1)
        return wire
    }

    static func stateOfMind(uuid: UUID? = UUID()) -> WireSample {
        var wire = sample("stateOfMind", 900, uuid: uuid)
        wire.stateOfMind = WireStateOfMind(kind: 1, valence: 0.45, labels: [17, 15], associations: [5, 6])
        wire.metadata = ["note": .string("after the run")]
        return wire
    }

    /// Score 10, moderate risk (3).
    static func gad7(uuid: UUID? = UUID()) -> WireSample {
        var wire = sample("gad7", 1200, uuid: uuid)
        wire.scoredAssessment = WireScoredAssessment(answers: [1, 2, 0, 3, 1, 1, 2])
        return wire
    }

    /// Question 9 not answered: score 10, moderate risk (3).
    static func phq9(uuid: UUID? = UUID()) -> WireSample {
        var wire = sample("HKScoredAssessmentTypeIdentifierPHQ9", 1300, uuid: uuid)
        wire.scoredAssessment = WireScoredAssessment(answers: [0, 1, 2, 3, 0, 1, 2, 1, 4], score: 10, risk: 3)
        return wire
    }

    static func all() -> [WireSample] { [audiogram(), glasses(), contacts(), imageOnly(), stateOfMind(), gad7(), phq9()] }

    /// The type names the API reads them by.
    static let types = ["audiogram", "visionPrescription", "stateOfMind", "gad7", "phq9"]

    // MARK: The same samples, by the library

    static func library() throws -> [HKSample] {
        func hearing(_ level: Double, _ side: HKAudiogramSensitivityTestSide, masked: Bool = false,
                     clamp: HKAudiogramSensitivityPointClampingRange? = nil) throws -> HKAudiogramSensitivityTest {
            try HKAudiogramSensitivityTest(sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: level), type: .air, masked: masked,
                                           side: side, clampingRange: clamp)
        }
        let points = [
            try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 500), tests: [try hearing(-10, .left), try hearing(15, .right)]),
            try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertzUnit(with: .kilo), doubleValue: 1), tests: [
                try hearing(20, .left), try hearing(35, .left, masked: true),
                try hearing(25, .right, clamp: try HKAudiogramSensitivityPointClampingRange(lowerBound: 0, upperBound: 90))]),
            try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 4000), tests: [try hearing(60, .right)]),
        ]
        let audiogram = HKAudiogramSample(sensitivityPoints: points, start: date(0), end: date(600),
                                          device: HKDevice(name: "Audiometer", manufacturer: "Acme Audio", model: nil, hardwareVersion: nil,
                                                           firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil),
                                          metadata: nil)
        let D = { HKQuantity(unit: .diopter(), doubleValue: $0) }, deg = { HKQuantity(unit: .degreeAngle(), doubleValue: $0) }
        let mm = { HKQuantity(unit: .meterUnit(with: .milli), doubleValue: $0) }, pD = { HKQuantity(unit: .prismDiopter(), doubleValue: $0) }
        let glasses = HKGlassesPrescription(
            rightEyeSpecification: HKGlassesLensSpecification(sphere: D(-2.25), cylinder: D(-0.75), axis: deg(90), addPower: D(1.5),
                                                              vertexDistance: mm(12), prism: HKVisionPrism(amount: pD(1.5), angle: deg(90), eye: .right),
                                                              farPupillaryDistance: mm(31.5), nearPupillaryDistance: mm(29)),
            leftEyeSpecification: HKGlassesLensSpecification(sphere: D(-2), cylinder: nil, axis: nil, addPower: D(1.5), vertexDistance: nil,
                                                             prism: HKVisionPrism(verticalAmount: pD(0.5), verticalBase: .down, horizontalAmount: pD(1),
                                                                                  horizontalBase: .in, eye: .left),
                                                             farPupillaryDistance: nil, nearPupillaryDistance: nil),
            dateIssued: date(0), expirationDate: date(2 * year), device: nil, metadata: nil)
        let contacts = HKContactsPrescription(
            rightEyeSpecification: HKContactsLensSpecification(sphere: D(-2.5), cylinder: D(-0.75), axis: deg(180), addPower: nil,
                                                               baseCurve: mm(8.6), diameter: mm(14.2)),
            leftEyeSpecification: HKContactsLensSpecification(sphere: D(-2.75), cylinder: nil, axis: nil, addPower: nil, baseCurve: mm(8.4), diameter: nil),
            brand: "Acuvue Oasys", dateIssued: date(60), expirationDate: date(60 + year), device: nil, metadata: nil)
        let imageOnly = HKVisionPrescription(type: .glasses, dateIssued: date(120), expirationDate: nil, device: nil, metadata: nil)
        let mind = HKStateOfMind(date: date(900), kind: .momentaryEmotion, valence: 0.45, labels: [.happy, .grateful], associations: [.family, .fitness],
                                 metadata: ["note": "after the run"])
        let gad7 = HKGAD7Assessment(date: date(1200), answers: [.severalDays, .moreThanHalfTheDays, .notAtAll, .nearlyEveryDay, .severalDays,
                                                                .severalDays, .moreThanHalfTheDays])
        let phq9 = HKPHQ9Assessment(date: date(1300), answers: [.notAtAll, .severalDays, .moreThanHalfTheDays, .nearlyEveryDay, .notAtAll,
                                                                .severalDays, .moreThanHalfTheDays, .severalDays, .preferNotToAnswer])
        return [audiogram, glasses, contacts, imageOnly, mind, gad7, phq9]
    }
}
