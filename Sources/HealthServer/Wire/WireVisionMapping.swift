import Foundation
import HealthKitModel

/// Vision prescriptions to their JSON form and back.
///
/// Saving builds the lenses and prisms with HealthKit's initialisers' checks (their `checked` twins: diopters,
/// degrees, lengths) and the prescription as `HKGlassesPrescription` / `HKContactsPrescription` /
/// `HKVisionPrescription(type:…)` do (it does not expire before it is issued), plus what makes the values meaningful:
/// an axis from 0 to 180 degrees, lengths more than 0, a prism's amount not negative and its angle below 360 degrees,
/// its eye the lens's own, and no glasses value on a contact lens (or the reverse). Each refusal names the field
/// (`samples[0].visionPrescription.leftEye.axis`).
extension WireMapping {
    /// The JSON form of `prescription`: its type, and its lenses and brand when it has them.
    static func visionPrescription(_ prescription: HKVisionPrescription) -> WireVisionPrescription {
        var wire = WireVisionPrescription(prescriptionType: prescription.prescriptionType.rawValue)
        switch prescription {
        case let glasses as HKGlassesPrescription:
            wire.rightEye = glasses.rightEye.map(lens)
            wire.leftEye = glasses.leftEye.map(lens)
        case let contacts as HKContactsPrescription:
            wire.rightEye = contacts.rightEye.map(lens)
            wire.leftEye = contacts.leftEye.map(lens)
            wire.brand = contacts.brand
        default: break
        }
        return wire
    }

    private static func lens(_ lens: HKLensSpecification) -> WireLensSpecification {
        var wire = WireLensSpecification(sphere: quantity(lens.sphere))
        wire.cylinder = lens.cylinder.map(quantity)
        wire.axis = lens.axis.map(quantity)
        wire.addPower = lens.addPower.map(quantity)
        if let glasses = lens as? HKGlassesLensSpecification {
            wire.vertexDistance = glasses.vertexDistance.map(quantity)
            wire.farPupillaryDistance = glasses.farPupillaryDistance.map(quantity)
            wire.nearPupillaryDistance = glasses.nearPupillaryDistance.map(quantity)
            wire.prism = glasses.prism.map { prism in
                var wire = WirePrism(amount: quantity(prism.amount), angle: quantity(prism.angle), eye: prism.eye.rawValue)
                wire.verticalAmount = quantity(prism.verticalAmount)
                wire.verticalBase = prism.verticalBase.rawValue
                wire.horizontalAmount = quantity(prism.horizontalAmount)
                wire.horizontalBase = prism.horizontalBase.rawValue
                return wire
            }
        }
        if let contacts = lens as? HKContactsLensSpecification {
            wire.baseCurve = contacts.baseCurve.map(quantity)
            wire.diameter = contacts.diameter.map(quantity)
        }
        return wire
    }

    /// The prescription `part` describes: issued at the header's start, expiring at its end when that is later.
    static func visionPrescription(_ part: WireVisionPrescription, _ header: Header) throws(HKError) -> HKVisionPrescription {
        let at = "\(header.place).visionPrescription"
        guard let type = HKVisionPrescriptionType(rawValue: part.prescriptionType) else {
            throw HKError.invalidArgument("\(at).prescriptionType: \(part.prescriptionType) is not an HKVisionPrescriptionType (1 glasses, 2 contacts)")
        }
        guard header.end >= header.start else {
            throw HKError.invalidArgument("\(header.place).endDate: the expiration date is before startDate, the date issued")
        }
        try SampleValidation.metadata(header.metadata)
        let expiration = header.end > header.start ? header.end : nil
        let eyes: [(String, HKVisionEye, WireLensSpecification?)] = [("rightEye", .right, part.rightEye), ("leftEye", .left, part.leftEye)]
        if type == .glasses {
            if part.brand != nil { throw HKError.invalidArgument("\(at).brand: only contacts prescriptions have a brand") }
            var lenses: [HKGlassesLensSpecification?] = []
            for (name, eye, wire) in eyes { lenses.append(try wire.map { lens throws(HKError) in try glassesLens(lens, eye: eye, place: "\(at).\(name)") }) }
            if lenses.allSatisfy({ $0 == nil }) { return imageOnly(type, expiration, header) }
            return HKGlassesPrescription(right: lenses[0], left: lenses[1], dateIssued: header.start, expirationDate: expiration, uuid: header.uuid,
                                         sourceRevision: header.revision, device: header.device, metadata: header.metadata)
        }
        var lenses: [HKContactsLensSpecification?] = []
        for (name, _, wire) in eyes { lenses.append(try wire.map { lens throws(HKError) in try contactsLens(lens, place: "\(at).\(name)") }) }
        guard let brand = part.brand else {
            if lenses.allSatisfy({ $0 == nil }) { return imageOnly(type, expiration, header) }
            throw HKError.invalidArgument("\(at).brand is required for a contacts prescription with lenses")
        }
        return HKContactsPrescription(right: lenses[0], left: lenses[1], brand: brand, dateIssued: header.start, expirationDate: expiration,
                                      uuid: header.uuid, sourceRevision: header.revision, device: header.device, metadata: header.metadata)
    }

    private static func imageOnly(_ type: HKVisionPrescriptionType, _ expiration: Date?, _ header: Header) -> HKVisionPrescription {
        HKVisionPrescription(type: type, dateIssued: header.start, expirationDate: expiration, uuid: header.uuid, sourceRevision: header.revision,
                             device: header.device, metadata: header.metadata)
    }

    /// The four values every lens has: sphere, cylinder, axis (0 to 180 degrees), add power.
    private static func common(_ wire: WireLensSpecification, place: String) throws(HKError) -> [HKQuantity?] {
        let sphere = try measured(wire.sphere, unit: .diopter(), place: "\(place).sphere").0
        let cylinder = try wire.cylinder.map { value throws(HKError) in try measured(value, unit: .diopter(), place: "\(place).cylinder").0 }
        let addPower = try wire.addPower.map { value throws(HKError) in try measured(value, unit: .diopter(), place: "\(place).addPower").0 }
        let axis = try wire.axis.map { value throws(HKError) in
            let (axis, degrees) = try measured(value, unit: .degreeAngle(), place: "\(place).axis")
            guard (0...180).contains(degrees) else { throw HKError.invalidArgument("\(place).axis: \(degrees)° is not from 0 to 180 degrees") }
            return axis
        }
        return [sphere, cylinder, axis, addPower]
    }

    /// A length more than 0, when given.
    private static func length(_ wire: WireQuantity?, place: String) throws(HKError) -> HKQuantity? {
        try wire.map { value throws(HKError) in try positive(value, unit: .meter(), place: place).0 }
    }

    /// Throws naming the first of `fields` that is present: values of the other kind of lens.
    private static func refuse(_ fields: [(String, Bool)], place: String, kind: String) throws(HKError) {
        if let (name, _) = fields.first(where: { $0.1 }) {
            throw HKError.invalidArgument("\(place).\(name): \(kind) lenses have no \(name)")
        }
    }

    private static func glassesLens(_ wire: WireLensSpecification, eye: HKVisionEye, place: String) throws(HKError) -> HKGlassesLensSpecification {
        try refuse([("baseCurve", wire.baseCurve != nil), ("diameter", wire.diameter != nil)], place: place, kind: "glasses")
        let values = try common(wire, place: place)
        let prism = try wire.prism.map { value throws(HKError) in try self.prism(value, eye: eye, place: "\(place).prism") }
        return try HKGlassesLensSpecification.checked(
            sphere: values[0]!, cylinder: values[1], axis: values[2], addPower: values[3],
            vertexDistance: try length(wire.vertexDistance, place: "\(place).vertexDistance"), prism: prism,
            farPupillaryDistance: try length(wire.farPupillaryDistance, place: "\(place).farPupillaryDistance"),
            nearPupillaryDistance: try length(wire.nearPupillaryDistance, place: "\(place).nearPupillaryDistance"))
    }

    private static func contactsLens(_ wire: WireLensSpecification, place: String) throws(HKError) -> HKContactsLensSpecification {
        try refuse([("vertexDistance", wire.vertexDistance != nil), ("prism", wire.prism != nil),
                    ("farPupillaryDistance", wire.farPupillaryDistance != nil), ("nearPupillaryDistance", wire.nearPupillaryDistance != nil)],
                   place: place, kind: "contact")
        let values = try common(wire, place: place)
        return try HKContactsLensSpecification.checked(
            sphere: values[0]!, cylinder: values[1], axis: values[2], addPower: values[3],
            baseCurve: try length(wire.baseCurve, place: "\(place).baseCurve"), diameter: try length(wire.diameter, place: "\(place).diameter"))
    }
}
