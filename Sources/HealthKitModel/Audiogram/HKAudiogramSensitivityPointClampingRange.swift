public import Foundation

/// The range, in decibels hearing level, a test's sensitivity may have been clamped to, for example by the
/// limits of the hardware (iOS 18.1).
public final class HKAudiogramSensitivityPointClampingRange: NSObject, @unchecked Sendable {
    /// The lower bound in `dBHL`, if any.
    public let lowerBound: HKQuantity?
    /// The upper bound in `dBHL`, if any.
    public let upperBound: HKQuantity?

    /// Creates a range from bounds in `dBHL`. Throws `HKError(.errorInvalidArgument)` when both bounds are
    /// missing or the lower bound is above the upper bound.
    public convenience init(lowerBound: NSNumber?, upperBound: NSNumber?) throws {
        try self.init(checkedLower: lowerBound?.doubleValue, upper: upperBound?.doubleValue)
    }

    /// Creates a range from bounds in `dBHL` (OpenHealthKit extension: the typed-throwing form the mapping uses).
    package init(checkedLower lower: Double?, upper: Double?) throws(HKError) {
        guard lower != nil || upper != nil else {
            throw HKError(.errorInvalidArgument, "A clamping range needs a lower bound, an upper bound or both")
        }
        if let lower, let upper, lower > upper {
            throw HKError(.errorInvalidArgument, "Clamping range lower bound \(lower) is above its upper bound \(upper)")
        }
        lowerBound = lower.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) }
        upperBound = upper.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) }
        super.init()
    }

    /// Ranges are equal when their bounds are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Self else { return false }
        return other.lowerBound == lowerBound && other.upperBound == upperBound
    }

    /// Hash of the bounds, consistent with `isEqual(_:)`.
    public override var hash: Int { Hasher.combined(lowerBound, upperBound) }
}
