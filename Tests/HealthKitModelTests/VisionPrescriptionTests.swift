import Foundation
import HealthKitModel
import Testing

@Suite("Vision prescriptions")
struct VisionPrescriptionTests {
    static let issued = Date(timeIntervalSince1970: 1_700_000_000)
    static let expires = issued.addingTimeInterval(2 * 365 * 86_400)
    static func diopters(_ value: Double) -> HKQuantity { HKQuantity(unit: .diopter(), doubleValue: value) }
    static func degrees(_ value: Double) -> HKQuantity { HKQuantity(unit: .degreeAngle(), doubleValue: value) }
    static func prism(_ value: Double) -> HKQuantity { HKQuantity(unit: .prismDiopter(), doubleValue: value) }
    static func mm(_ value: Double) -> HKQuantity { HKQuantity(unit: .meterUnit(with: .milli), doubleValue: value) }

    @Test("raw values are HealthKit's")
    func enumerations() {
        #expect(HKVisionPrescriptionType.glasses.rawValue == 1 && HKVisionPrescriptionType.contacts.rawValue == 2)
        #expect(HKVisionEye.left.rawValue == 1 && HKVisionEye.right.rawValue == 2)
        #expect(HKPrismBase.none.rawValue == 0 && HKPrismBase.out.rawValue == 4)
        #expect(HKAudiogramSensitivityTestSide.right.rawValue == 1 && HKAudiogramConductionType.air.rawValue == 0)
    }

    @Test("a prism given by amount and angle has the matching components, and back", arguments: [HKVisionEye.right, .left])
    func prismForms(_ eye: HKVisionEye) {
        let up = HKVisionPrism(amount: Self.prism(2), angle: Self.degrees(90), eye: eye)
        #expect(up.verticalAmount == Self.prism(2) && up.verticalBase == .up)
        #expect(up.horizontalAmount.doubleValue(for: .prismDiopter()) == 0 && up.horizontalBase == .none)
        let patientsRight = HKVisionPrism(amount: Self.prism(1.5), angle: Self.degrees(0), eye: eye)
        #expect(patientsRight.horizontalBase == (eye == .right ? .out : .in))
        let split = HKVisionPrism(verticalAmount: Self.prism(3), verticalBase: .down, horizontalAmount: Self.prism(4), horizontalBase: .in, eye: eye)
        #expect(split.amount == Self.prism(5))
        let back = HKVisionPrism(amount: split.amount, angle: split.angle, eye: eye)
        #expect(back.verticalAmount == Self.prism(3) && back.verticalBase == .down)
        #expect(back.horizontalAmount == Self.prism(4) && back.horizontalBase == .in)
        #expect(back == split)
    }

    @Test("glasses and contacts prescriptions keep each eye's lens; dates are the sample's interval")
    func prescriptions() {
        let prism = HKVisionPrism(amount: Self.prism(0.5), angle: Self.degrees(180), eye: .right)
        let right = HKGlassesLensSpecification(sphere: Self.diopters(-1.25), cylinder: Self.diopters(-0.5), axis: Self.degrees(90),
                                               addPower: Self.diopters(1.5), vertexDistance: Self.mm(12), prism: prism,
                                               farPupillaryDistance: Self.mm(32), nearPupillaryDistance: Self.mm(30))
        let glasses = HKGlassesPrescription(rightEyeSpecification: right, leftEyeSpecification: nil, dateIssued: Self.issued,
                                            expirationDate: Self.expires, device: nil, metadata: [HKMetadataKeyGlassesPrescriptionDescription: "reading"])
        #expect(glasses.prescriptionType == .glasses)
        #expect(glasses.rightEye == right && glasses.leftEye == nil)
        #expect(glasses.rightEye?.prism?.horizontalBase == .in)
        #expect(glasses.startDate == Self.issued && glasses.endDate == Self.expires && glasses.dateIssued == Self.issued)
        #expect(glasses.sampleType == HKObjectType.visionPrescriptionType())
        let lens = HKContactsLensSpecification(sphere: Self.diopters(-2), cylinder: nil, axis: nil, addPower: nil,
                                               baseCurve: Self.mm(8.6), diameter: Self.mm(14.2))
        let contacts = HKContactsPrescription(rightEyeSpecification: lens, leftEyeSpecification: lens, brand: "Acuvue",
                                              dateIssued: Self.issued, expirationDate: nil, device: nil, metadata: nil)
        #expect(contacts.prescriptionType == .contacts && contacts.brand == "Acuvue")
        #expect(contacts.expirationDate == nil && contacts.endDate == Self.issued)
        #expect(contacts.leftEye?.baseCurve == Self.mm(8.6))
        let image = HKVisionPrescription(type: .glasses, dateIssued: Self.issued, expirationDate: nil, device: nil, metadata: nil)
        #expect(image.prescriptionType == .glasses)
        #expect(lens != HKGlassesLensSpecification(sphere: Self.diopters(-2), cylinder: nil, axis: nil, addPower: nil, vertexDistance: nil,
                                                   prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil))
    }

    @Test("checked twins refuse wrong units, bases on the wrong axis and expiry before issue")
    func validation() {
        #expect(throws: HKError.self) { try HKGlassesLensSpecification.checked(sphere: Self.mm(1)) }
        #expect(throws: HKError.self) { try HKGlassesLensSpecification.checked(sphere: Self.diopters(1), axis: Self.diopters(90)) }
        #expect(throws: HKError.self) { try HKGlassesLensSpecification.checked(sphere: Self.diopters(1), farPupillaryDistance: Self.degrees(3)) }
        #expect(throws: HKError.self) { try HKContactsLensSpecification.checked(sphere: Self.diopters(1), diameter: Self.diopters(14)) }
        #expect(throws: HKError.self) { try HKVisionPrism.checked(amount: Self.diopters(1), angle: Self.degrees(0), eye: .left) }
        #expect(throws: HKError.self) {
            try HKVisionPrism.checked(verticalAmount: Self.prism(1), verticalBase: .in, horizontalAmount: Self.prism(1), horizontalBase: .out, eye: .left)
        }
        #expect(throws: HKError.self) {
            try HKGlassesPrescription.checked(rightEyeSpecification: nil, leftEyeSpecification: nil, dateIssued: Self.expires, expirationDate: Self.issued)
        }
        #expect(throws: HKError.self) {
            try HKVisionPrescription.checked(type: .contacts, dateIssued: Self.issued, expirationDate: nil, metadata: ["bad": [1, 2]])
        }
    }
}
