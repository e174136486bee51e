public import Foundation

/// One measurement at one frequency of an audiogram: an ear's sensitivity, how it was tested, and
/// whether it was masked or clamped (iOS 18.1).
public final class HKAudiogramSensitivityTest: NSObject, @unchecked Sendable {
    /// The sensitivity, in a unit compatible with `dBHL` (attenuation from a 0 dB baseline).
    public let sensitivity: HKQuantity
    /// How the sound reached the ear.
    public let type: HKAudiogramConductionType
    /// Whether the other ear was masked during the test.
    public let masked: Bool
    /// The ear tested.
    public let side: HKAudiogramSensitivityTestSide
    /// The range the sensitivity may have been clamped to, if any.
    public let clampingRange: HKAudiogramSensitivityPointClampingRange?

    /// Creates a test. Throws `HKError(.errorInvalidArgument)` when `sensitivity` is not in hearing-level decibels.
    public convenience init(
        sensitivity: HKQuantity, type: HKAudiogramConductionType, masked: Bool,
        side: HKAudiogramSensitivityTestSide, clampingRange: HKAudiogramSensitivityPointClampingRange?
    ) throws {
        try self.init(checkedSensitivity: sensitivity, type: type, masked: masked, side: side, clampingRange: clampingRange)
    }

    /// The validating initialiser the public one uses (package access, typed throws for the mapping).
    package init(
        checkedSensitivity sensitivity: HKQuantity, type: HKAudiogramConductionType, masked: Bool,
        side: HKAudiogramSensitivityTestSide, clampingRange: HKAudiogramSensitivityPointClampingRange?
    ) throws(HKError) {
        try QuantityValidation.quantity(sensitivity, "sensitivity", compatibleWith: .decibelHearingLevel())
        self.sensitivity = sensitivity
        self.type = type
        self.masked = masked
        self.side = side
        self.clampingRange = clampingRange
        super.init()
    }

    /// Tests are equal when every property is.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Self else { return false }
        return other.sensitivity == sensitivity && other.type == type && other.masked == masked
            && other.side == side && other.clampingRange == clampingRange
    }

    /// Hash of the properties, consistent with `isEqual(_:)`.
    public override var hash: Int { Hasher.combined(sensitivity, type, masked, side, clampingRange) }
}
