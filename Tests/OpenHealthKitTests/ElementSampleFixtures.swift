import Foundation
import OpenHealthKit

/// Audiograms and vision prescriptions for the store tests.
enum ElementSampleFixture {
    static let audiogramType = HKObjectType.audiogramSampleType()
    static let visionType = HKObjectType.visionPrescriptionType()
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func dB(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }
    static func diopters(_ value: Double) -> HKQuantity { HKQuantity(unit: .diopter(), doubleValue: value) }
    static func mm(_ value: Double) -> HKQuantity { HKQuantity(unit: .meterUnit(with: .milli), doubleValue: value) }

    /// An audiogram at `day` + `hours`: two frequencies, one with a masked and clamped left test.
    static func audiogram(hours: Double = 0) throws -> HKAudiogramSample {
        let start = day.addingTimeInterval(hours * 3600)
        let clamp = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 80)
        let low = try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 250), tests: [
            try HKAudiogramSensitivityTest(sensitivity: dB(35.0459), type: .air, masked: false, side: .left, clampingRange: nil),
            try HKAudiogramSensitivityTest(sensitivity: dB(40), type: .air, masked: true, side: .left, clampingRange: clamp),
            try HKAudiogramSensitivityTest(sensitivity: dB(20.0452), type: .air, masked: false, side: .right, clampingRange: nil),
        ])
        let high = try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertzUnit(with: .kilo), doubleValue: 1), tests: [
            try HKAudiogramSensitivityTest(sensitivity: dB(10), type: .air, masked: false, side: .right, clampingRange: nil),
        ])
        let device = HKDevice(name: "AirPods Pro", manufacturer: "Apple Inc.", model: "AirPods", hardwareVersion: nil,
                              firmwareVersion: "6A300", softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        return HKAudiogramSample(sensitivityPoints: [low, high], start: start, end: start.addingTimeInterval(420), device: device,
                                 metadata: ["test": "booth", HKMetadataKeyExternalUUID: "A-1"])
    }

    /// A glasses prescription with both eyes, a prism on the right, issued `day` + `days`.
    static func glasses(days: Double = 0) -> HKGlassesPrescription {
        let issued = day.addingTimeInterval(days * 86_400)
        let prism = HKVisionPrism(amount: HKQuantity(unit: .prismDiopter(), doubleValue: 1.5),
                                  angle: HKQuantity(unit: .degreeAngle(), doubleValue: 270), eye: .right)
        let right = HKGlassesLensSpecification(sphere: diopters(-1.25), cylinder: diopters(-0.5), axis: HKQuantity(unit: .degreeAngle(), doubleValue: 180),
                                               addPower: diopters(2), vertexDistance: mm(12), prism: prism,
                                               farPupillaryDistance: mm(31.5), nearPupillaryDistance: mm(30))
        let left = HKGlassesLensSpecification(sphere: diopters(-0.75), cylinder: nil, axis: nil, addPower: diopters(2), vertexDistance: nil,
                                              prism: nil, farPupillaryDistance: mm(32), nearPupillaryDistance: nil)
        return HKGlassesPrescription(rightEyeSpecification: right, leftEyeSpecification: left, dateIssued: issued,
                                     expirationDate: issued.addingTimeInterval(730 * 86_400), device: nil,
                                     metadata: [HKMetadataKeyGlassesPrescriptionDescription: "distance"])
    }

    /// A contacts prescription without expiry, issued `day` + `days`.
    static func contacts(days: Double = 0) -> HKContactsPrescription {
        let lens = HKContactsLensSpecification(sphere: diopters(-2.25), cylinder: diopters(-0.75), axis: HKQuantity(unit: .degreeAngle(), doubleValue: 10),
                                               addPower: nil, baseCurve: mm(8.6), diameter: mm(14.2))
        return HKContactsPrescription(rightEyeSpecification: lens, leftEyeSpecification: nil, brand: "Acuvue Oasys",
                                      dateIssued: day.addingTimeInterval(days * 86_400), expirationDate: nil, device: nil, metadata: nil)
    }

    /// A contacts prescription with a brand and no lenses.
    static func brandOnly(days: Double = 0) -> HKContactsPrescription {
        HKContactsPrescription(rightEyeSpecification: nil, leftEyeSpecification: nil, brand: "Biofinity",
                               dateIssued: day.addingTimeInterval(days * 86_400), expirationDate: nil, device: nil, metadata: nil)
    }

    /// An image-only prescription.
    static func imageOnly(days: Double = 0) -> HKVisionPrescription {
        HKVisionPrescription(type: .contacts, dateIssued: day.addingTimeInterval(days * 86_400), expirationDate: nil, device: nil, metadata: nil)
    }

    /// Metadata as text, for comparing.
    static func text(_ metadata: [String: Any]?) -> [String: String]? { metadata?.mapValues { "\($0)" } }

    /// Whether two audiograms carry the same values (UUID, dates, points, device, metadata).
    static func same(_ a: HKAudiogramSample, _ b: HKAudiogramSample) -> Bool {
        a.uuid == b.uuid && a.startDate == b.startDate && a.endDate == b.endDate && a.sensitivityPoints == b.sensitivityPoints
            && a.device == b.device && text(a.metadata) == text(b.metadata)
    }

    /// Whether two prescriptions carry the same values (class, UUID, dates, type, lenses, brand, metadata).
    static func same(_ a: HKVisionPrescription, _ b: HKVisionPrescription) -> Bool {
        guard type(of: a) == type(of: b), a.uuid == b.uuid, a.dateIssued == b.dateIssued, a.expirationDate == b.expirationDate,
              a.prescriptionType == b.prescriptionType, text(a.metadata) == text(b.metadata) else { return false }
        switch (a, b) {
        case let (a as HKGlassesPrescription, b as HKGlassesPrescription): return a.rightEye == b.rightEye && a.leftEye == b.leftEye
        case let (a as HKContactsPrescription, b as HKContactsPrescription): return a.rightEye == b.rightEye && a.leftEye == b.leftEye && a.brand == b.brand
        default: return true
        }
    }
}
