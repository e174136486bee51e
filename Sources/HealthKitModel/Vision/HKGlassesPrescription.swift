import Foundation

/// A glasses prescription: a lens specification for each eye (iOS 16).
public final class HKGlassesPrescription: HKVisionPrescription, @unchecked Sendable {
    /// Not unarchivable yet: decoding gives nil (see `HKObject.supportsSecureCoding` for the classes that unarchive).
    public required init?(coder: NSCoder) { return nil }

    /// The right eye's lens, if prescribed.
    public let rightEye: HKGlassesLensSpecification?
    /// The left eye's lens, if prescribed.
    public let leftEye: HKGlassesLensSpecification?

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
