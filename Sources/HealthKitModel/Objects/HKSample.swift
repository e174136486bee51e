public import Foundation

/// An object with a type and a time interval: the base of every sample class.
open class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public let sampleType: HKSampleType
    /// When the sample starts.
    public let startDate: Date
    /// When the sample ends; equal to `startDate` for an instantaneous sample.
    public let endDate: Date

    /// Whether the sample has no known end: HealthKit marks that with `Date.distantFuture` as the end date.
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(
        sampleType: HKSampleType, startDate: Date, endDate: Date,
        uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.sampleType = sampleType
        self.startDate = startDate
        self.endDate = endDate
        super.init(uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the object, the sample type's identifier and the interval.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(sampleType.identifier as NSString, forKey: "sampleType")
        coder.encode(startDate as NSDate, forKey: "startDate")
        coder.encode(endDate as NSDate, forKey: "endDate")
    }

    /// Unarchives a sample; fails when the type or the interval is missing.
    public required init?(coder: NSCoder) {
        guard let type = ObjectCoding.sampleType(coder, forKey: "sampleType"),
              let start = coder.decodeObject(of: NSDate.self, forKey: "startDate"),
              let end = coder.decodeObject(of: NSDate.self, forKey: "endDate") else { return nil }
        sampleType = type
        startDate = start as Date
        endDate = end as Date
        super.init(coder: coder)
    }

    /// A short description: type, interval and UUID.
    public override var description: String {
        "\(sampleType.identifier) \(startDate) - \(endDate) (\(uuid))"
    }
}

/// Sort key for a sample's start date, for `NSSortDescriptor` and `HKSampleQuery`.
public let HKSampleSortIdentifierStartDate: String = "HKSampleSortIdentifierStartDate"
/// Sort key for a sample's end date, for `NSSortDescriptor` and `HKSampleQuery`.
public let HKSampleSortIdentifierEndDate: String = "HKSampleSortIdentifierEndDate"
