import Foundation

/// A sample made of a series of values recorded over its interval (HealthKit's `HKSeriesSample`).
public class HKSeriesSample: HKSample, @unchecked Sendable {
    /// Not unarchivable yet: decoding gives nil (OpenHealthKit unarchives quantity and category samples, correlations and workouts).
    public required init?(coder: NSCoder) { return nil }

    /// How many values the series holds.
    public let count: Int

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(type: HKSeriesType, count: Int, start: Date, end: Date,
                 uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.count = count
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }
}
