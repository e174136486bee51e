import Foundation
import HealthDatabase
import HealthKitModel

/// Vision prescriptions to `VisionPrescription` elements (the stored payload) and back.
///
/// The element's `RightEye`/`LeftEye` children hold each lens (`sphere`, `cylinder`, `axis`, `add`, `vertex`,
/// `prismAmount`, `prismAngle`, `farPD`, `nearPD`, `baseCurve`, `diameter`, each with a `…Unit`); `brand`
/// is the contacts brand. The record's start is the issue date and its end the expiration date (the issue
/// date when there is none). An element without eyes (and without a brand) is an image-only
/// ``HKVisionPrescription``, so a glasses prescription saved without lenses reads back as one.
enum VisionPrescriptionMapping {
    /// The `type` attribute written for each prescription type; reading also accepts `glasses`/`contacts`
    /// in any spelling that contains them, and the raw values.
    static let typeNames: [HKVisionPrescriptionType: String] = [.glasses: "HKVisionPrescriptionTypeGlasses", .contacts: "HKVisionPrescriptionTypeContacts"]

    private static let millimetre = HKUnit.meterUnit(with: .milli)
    private static let eyes: [(HKVisionEye, String)] = [(.right, "RightEye"), (.left, "LeftEye")]

    /// The element for `prescription`'s values (dates, source and metadata stay in the record).
    static func element(from prescription: HKVisionPrescription) -> StoredElement {
        var element = StoredElement(name: "VisionPrescription", attributes: ["type": typeNames[prescription.prescriptionType] ?? ""])
        let lenses: [HKLensSpecification?]
        switch prescription {
        case let glasses as HKGlassesPrescription: lenses = [glasses.rightEye, glasses.leftEye]
        case let contacts as HKContactsPrescription:
            lenses = [contacts.rightEye, contacts.leftEye]
            element.attributes["brand"] = contacts.brand
        default: lenses = [nil, nil]
        }
        for ((_, name), lens) in zip(eyes, lenses) {
            if let lens { element.children.append(StoredElement(name: name, attributes: attributes(of: lens))) }
        }
        return element
    }

    /// The prescription an element and a record's shared parts describe. Throws `HKError(.errorInvalidArgument)`
    /// naming the bad value.
    static func prescription(from element: StoredElement, _ common: CommonParts) throws(HKError) -> HKVisionPrescription {
        let expiration = element.attributes["expirationDate"] != nil || common.end > common.start ? common.end : nil
        try HKVisionPrescription.validate(dateIssued: common.start, expirationDate: expiration, metadata: nil)
        let metadata = common.metadata ?? element.metadataEntries
        let eyeElements = eyes.map { element.child($0.1) }
        if eyeElements.allSatisfy({ $0 == nil }), element.attributes["brand"] == nil {
            return HKVisionPrescription(type: prescriptionType(of: element), dateIssued: common.start, expirationDate: expiration, uuid: common.uuid,
                                        sourceRevision: common.revision, device: common.device, metadata: metadata)
        }
        if prescriptionType(of: element) == .contacts {
            var lenses: [HKContactsLensSpecification?] = []
            for eye in eyeElements { lenses.append(try eye.map(contactsLens)) }
            return HKContactsPrescription(right: lenses[0], left: lenses[1], brand: element.attributes["brand"] ?? "", dateIssued: common.start,
                                          expirationDate: expiration, uuid: common.uuid, sourceRevision: common.revision,
                                          device: common.device, metadata: metadata)
        }
        var lenses: [HKGlassesLensSpecification?] = []
        for (eye, child) in zip(eyes, eyeElements) { lenses.append(try child.map { (child) throws(HKError) in try glassesLens(child, eye.0) }) }
        return HKGlassesPrescription(right: lenses[0], left: lenses[1], dateIssued: common.start, expirationDate: expiration,
                                     uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: metadata)
    }

    /// The prescription type the `type` attribute names; when it names none, contacts if the element has a
    /// brand or a contacts-only value, glasses otherwise.
    private static func prescriptionType(of element: StoredElement) -> HKVisionPrescriptionType {
        let text = element.attributes["type"]?.lowercased() ?? ""
        if text.contains("contact") || text == "2" { return .contacts }
        if text.contains("glasses") || text == "1" { return .glasses }
        let contactsOnly = element.children.contains { $0.attributes["baseCurve"] != nil || $0.attributes["diameter"] != nil }
        return element.attributes["brand"] != nil || contactsOnly ? .contacts : .glasses
    }

    private static func sphere(_ eye: StoredElement) throws(HKError) -> HKQuantity {
        guard let sphere = try ElementValues.quantity(eye, "sphere", .diopter()) else {
            throw HKError(.errorInvalidArgument, "\(eye.name) has no sphere")
        }
        return sphere
    }

    private static func glassesLens(_ eye: StoredElement, _ side: HKVisionEye) throws(HKError) -> HKGlassesLensSpecification {
        var prism: HKVisionPrism?
        if let amount = try ElementValues.quantity(eye, "prismAmount", .prismDiopter()) {
            let angle = try ElementValues.quantity(eye, "prismAngle", .degreeAngle()) ?? HKQuantity(unit: .degreeAngle(), doubleValue: 0)
            prism = try HKVisionPrism.checked(amount: amount, angle: angle, eye: side)
        }
        return try HKGlassesLensSpecification.checked(
            sphere: try sphere(eye), cylinder: try ElementValues.quantity(eye, "cylinder", .diopter()),
            axis: try ElementValues.quantity(eye, "axis", .degreeAngle()), addPower: try ElementValues.quantity(eye, "add", .diopter()),
            vertexDistance: try ElementValues.quantity(eye, "vertex", millimetre), prism: prism,
            farPupillaryDistance: try ElementValues.quantity(eye, "farPD", millimetre),
            nearPupillaryDistance: try ElementValues.quantity(eye, "nearPD", millimetre))
    }

    private static func contactsLens(_ eye: StoredElement) throws(HKError) -> HKContactsLensSpecification {
        try HKContactsLensSpecification.checked(
            sphere: try sphere(eye), cylinder: try ElementValues.quantity(eye, "cylinder", .diopter()),
            axis: try ElementValues.quantity(eye, "axis", .degreeAngle()), addPower: try ElementValues.quantity(eye, "add", .diopter()),
            baseCurve: try ElementValues.quantity(eye, "baseCurve", millimetre), diameter: try ElementValues.quantity(eye, "diameter", millimetre))
    }

    /// An eye element's attributes for `lens`.
    private static func attributes(of lens: HKLensSpecification) -> [String: String] {
        var attributes: [String: String] = [:]
        ElementValues.set(lens.sphere, "sphere", in: &attributes)
        ElementValues.set(lens.cylinder, "cylinder", in: &attributes)
        ElementValues.set(lens.axis, "axis", in: &attributes)
        ElementValues.set(lens.addPower, "add", in: &attributes)
        if let glasses = lens as? HKGlassesLensSpecification {
            ElementValues.set(glasses.vertexDistance, "vertex", in: &attributes)
            ElementValues.set(glasses.prism?.amount, "prismAmount", in: &attributes)
            ElementValues.set(glasses.prism?.angle, "prismAngle", in: &attributes)
            ElementValues.set(glasses.farPupillaryDistance, "farPD", in: &attributes)
            ElementValues.set(glasses.nearPupillaryDistance, "nearPD", in: &attributes)
        }
        if let contacts = lens as? HKContactsLensSpecification {
            ElementValues.set(contacts.baseCurve, "baseCurve", in: &attributes)
            ElementValues.set(contacts.diameter, "diameter", in: &attributes)
        }
        return attributes
    }
}
