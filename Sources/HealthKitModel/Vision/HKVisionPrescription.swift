public import Foundation

/// A vision prescription (iOS 16). This class alone is an image-only prescription: its dates and type,
/// with the prescription itself attached as an image or PDF; ``HKGlassesPrescription`` and
/// ``HKContactsPrescription`` hold the values for each eye.
///
/// The sample starts at `dateIssued` and ends at `expirationDate` (at `dateIssued` when there is none).
/// Reading vision prescriptions needs per-object authorization.
open class HKVisionPrescription: HKSample, @unchecked Sendable {
    /// Glasses or contacts.
    public let prescriptionType: HKVisionPrescriptionType
    /// When the prescription was issued.
    public var dateIssued: Date { startDate }
    /// When the prescription expires, if known.
    public let expirationDate: Date?

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.prescriptionType = type
        self.expirationDate = expirationDate
        super.init(sampleType: HKObjectType.visionPrescriptionType(), startDate: dateIssued, endDate: expirationDate ?? dateIssued,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the prescription: the sample, its kind and its expiration date.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Int(prescriptionType.rawValue), forKey: "prescriptionType")
        coder.encode(expirationDate.map { $0 as NSDate }, forKey: "expirationDate")
    }

    /// Unarchives a prescription; fails when its type is not the vision prescription type or its kind is unknown.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKObjectType.visionPrescriptionType(),
              let kind = HKVisionPrescriptionType(rawValue: UInt(max(0, coder.decodeInteger(forKey: "prescriptionType")))) else {
            return nil
        }
        prescriptionType = kind
        expirationDate = coder.decodeObject(of: NSDate.self, forKey: "expirationDate").map { $0 as Date }
        super.init(coder: coder)
    }

    /// Creates an image-only prescription; traps like HealthKit when it expires before it is issued or the
    /// metadata is invalid.
    public convenience init(type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?) {
        trapIfInvalid { () throws(HKError) in try Self.validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata) }
        self.init(type: type, dateIssued: dateIssued, expirationDate: expirationDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension), for untrusted input.
    public static func checked(type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?,
                               device: HKDevice? = nil, metadata: [String: Any]? = nil) throws(HKError) -> HKVisionPrescription {
        try validate(dateIssued: dateIssued, expirationDate: expirationDate, metadata: metadata)
        return HKVisionPrescription(type: type, dateIssued: dateIssued, expirationDate: expirationDate,
                                    uuid: ObjectUUID.make(), sourceRevision: nil, device: device, metadata: metadata)
    }

    /// The checks every prescription makes: it does not expire before it is issued, and valid metadata.
    package static func validate(dateIssued: Date, expirationDate: Date?, metadata: [String: Any]?) throws(HKError) {
        if let expirationDate, expirationDate < dateIssued {
            throw HKError(.errorInvalidArgument, "expirationDate (\(expirationDate)) must not be earlier than dateIssued (\(dateIssued))")
        }
        try SampleValidation.metadata(metadata)
    }
}
