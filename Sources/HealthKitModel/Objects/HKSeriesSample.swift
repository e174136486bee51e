public import Foundation

/// A sample made of a series of values recorded over its interval (HealthKit's `HKSeriesSample`).
open class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many values the series holds.
    public let count: Int

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(type: HKSeriesType, count: Int, start: Date, end: Date,
                 uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.count = count
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Archives the sample and its count.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(count, forKey: "count")
    }

    /// Unarchives a series sample; fails when its type is not a series type.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") is HKSeriesType else { return nil }
        count = coder.decodeInteger(forKey: "count")
        super.init(coder: coder)
    }
}
