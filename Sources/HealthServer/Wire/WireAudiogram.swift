public import Foundation

/// An audiogram's own fields (`HKAudiogramSample`): its sensitivity points, by ascending frequency, each with the
/// tests made at that frequency (`HKAudiogramSensitivityPoint(frequency:tests:)`, iOS 18.1).
public struct WireAudiogram: Codable, Sendable, Hashable {
    /// The points: at most 30, frequencies unique and ascending, as HealthKit requires.
    public var sensitivityPoints: [WireSensitivityPoint]?

    /// Creates the fields.
    public init(sensitivityPoints: [WireSensitivityPoint]? = nil) {
        self.sensitivityPoints = sensitivityPoints
    }
}

/// One frequency of an audiogram and its tests (`HKAudiogramSensitivityPoint`).
public struct WireSensitivityPoint: Codable, Sendable, Hashable {
    /// The frequency tested, in a unit of hertz (`Hz`, `kHz`).
    public var frequency: WireQuantity
    /// The tests at this frequency: at most one per ear, conduction type and masking.
    public var tests: [WireSensitivityTest]

    /// Creates a point.
    public init(frequency: WireQuantity, tests: [WireSensitivityTest]) {
        self.frequency = frequency
        self.tests = tests
    }
}

/// One ear's test at one frequency (`HKAudiogramSensitivityTest`).
public struct WireSensitivityTest: Codable, Sendable, Hashable {
    /// The sensitivity, in decibels hearing level (`dBHL`): 0 is the reference, more is worse hearing, and a little
    /// below 0 (down to -10, the audiometers' floor) is better than the reference.
    public var sensitivity: WireQuantity
    /// `HKAudiogramConductionType`'s raw value (0 air, the only one); 0 when absent.
    public var type: Int?
    /// Whether the other ear was masked; false when absent.
    public var masked: Bool?
    /// `HKAudiogramSensitivityTestSide`'s raw value: 0 the left ear, 1 the right.
    public var side: Int
    /// The range the sensitivity may have been clamped to, if any.
    public var clampingRange: WireClampingRange?

    /// Creates a test.
    public init(sensitivity: WireQuantity, type: Int? = nil, masked: Bool? = nil, side: Int, clampingRange: WireClampingRange? = nil) {
        self.sensitivity = sensitivity
        self.type = type
        self.masked = masked
        self.side = side
        self.clampingRange = clampingRange
    }
}

/// The bounds, in `dBHL`, a test's sensitivity was clamped to (`HKAudiogramSensitivityPointClampingRange`, whose
/// initialiser takes numbers in `dBHL`): one or both, the lower not above the upper.
public struct WireClampingRange: Codable, Sendable, Hashable {
    /// The lower bound, in `dBHL`.
    public var lowerBound: Double?
    /// The upper bound, in `dBHL`.
    public var upperBound: Double?

    /// Creates a range.
    public init(lowerBound: Double? = nil, upperBound: Double? = nil) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }
}
