public import Foundation

/// A contact lens prescription: a lens specification for each eye and the brand fitted (iOS 16).
open class HKContactsPrescription: HKVisionPrescription, @unchecked Sendable {
    /// The right eye's lens, if prescribed.
    public let rightEye: HKContactsLensSpecification?
    /// The left eye's lens, if prescribed.
    public let leftEye: HKContactsLensSpecification?
    /// The brand prescribed after the fitting.
    public let brand: String

    /// Archives the prescription, each eye's lens and the brand.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(rightEye, forKey: "rightEye")
        coder.encode(leftEye, forKey: "leftEye")
        coder.encode(brand as NSString, forKey: "brand")
    }

    /// Unarchives a contacts prescription; fails as ``HKVisionPrescription`` does, or without a brand.
    public required init?(coder: NSCoder) {
        guard let brand = coder.decodeObject(of: NSString.self, forKey: "brand") else { return nil }
        rightEye = coder.decodeObject(of: HKContactsLensSpecification.self, forKey: "rightEye")
        leftEye = coder.decodeObject(of: HKContactsLensSpecification.self, forKey: "leftEye")
        self.brand = brand as String
        super.init(coder: coder)
    }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        right: HKContactsLensSpecification?, left: HKContactsLensSpecification?, brand: String, dateIssued: Date, expirationDate: Date?,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        rightEye = right
        leftEye = left
        self.brand = brand
        super.init(type: .contacts, dateIssued: dateIssued, expirationDate: expirationDate,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Creates a contacts prescription; traps like HealthKit when it expires before it is issued or the
    /// metadata is invalid.
    public convenience init(
        rightEyeSpecification: HKContactsLensSpecification?, leftEyeSpecification: HKContactsLensSpecification?, brand: String,
        dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in try Self.validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata) }
        self.init(right: rightEyeSpecification, left: leftEyeSpecification, brand: brand, dateIssued: dateIssued,
                  expirationDate: expirationDate, uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(
        rightEyeSpecification: HKContactsLensSpecification?, leftEyeSpecification: HKContactsLensSpecification?, brand: String,
        dateIssued: Date, expirationDate: Date?, device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKContactsPrescription {
        try validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata)
        return HKContactsPrescription(right: rightEyeSpecification, left: leftEyeSpecification, brand: brand, dateIssued: dateIssued,
                                      expirationDate: expirationDate, uuid: ObjectUUID.make(), sourceRevision: nil,
                                      device: device, metadata: metadata)
    }
}
