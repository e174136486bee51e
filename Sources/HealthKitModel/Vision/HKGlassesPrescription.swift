public import Foundation

/// A glasses prescription: a lens specification for each eye (iOS 16).
open class HKGlassesPrescription: HKVisionPrescription, @unchecked Sendable {
    /// The right eye's lens, if prescribed.
    public let rightEye: HKGlassesLensSpecification?
    /// The left eye's lens, if prescribed.
    public let leftEye: HKGlassesLensSpecification?

    /// Archives the prescription and each eye's lens.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(rightEye, forKey: "rightEye")
        coder.encode(leftEye, forKey: "leftEye")
    }

    /// Unarchives a glasses prescription; fails as ``HKVisionPrescription`` does.
    public required init?(coder: NSCoder) {
        rightEye = coder.decodeObject(of: HKGlassesLensSpecification.self, forKey: "rightEye")
        leftEye = coder.decodeObject(of: HKGlassesLensSpecification.self, forKey: "leftEye")
        super.init(coder: coder)
    }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        right: HKGlassesLensSpecification?, left: HKGlassesLensSpecification?, dateIssued: Date, expirationDate: Date?,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        rightEye = right
        leftEye = left
        super.init(type: .glasses, dateIssued: dateIssued, expirationDate: expirationDate,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Creates a glasses prescription; traps like HealthKit when it expires before it is issued or the
    /// metadata is invalid.
    public convenience init(
        rightEyeSpecification: HKGlassesLensSpecification?, leftEyeSpecification: HKGlassesLensSpecification?,
        dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        trapIfInvalid { () throws(HKError) in try Self.validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata) }
        self.init(right: rightEyeSpecification, left: leftEyeSpecification, dateIssued: dateIssued, expirationDate: expirationDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(
        rightEyeSpecification: HKGlassesLensSpecification?, leftEyeSpecification: HKGlassesLensSpecification?,
        dateIssued: Date, expirationDate: Date?, device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) -> HKGlassesPrescription {
        try validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata)
        return HKGlassesPrescription(right: rightEyeSpecification, left: leftEyeSpecification, dateIssued: dateIssued,
                                     expirationDate: expirationDate, uuid: ObjectUUID.make(), sourceRevision: nil,
                                     device: device, metadata: metadata)
    }
}
