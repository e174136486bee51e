public import Foundation

/// The hearing tests of one frequency of an audiogram.
///
/// Since iOS 18.1 a point holds a list of ``HKAudiogramSensitivityTest``s (an ear, masked or not); the
/// older left/right API reads the unmasked air-conduction test of each ear.
public final class HKAudiogramSensitivityPoint: NSObject, @unchecked Sendable {
    /// The frequency tested, in a unit compatible with hertz.
    public let frequency: HKQuantity
    /// The tests made at this frequency (iOS 18.1).
    public let tests: [HKAudiogramSensitivityTest]

    /// Creates a point from its tests (iOS 18.1). Throws `HKError(.errorInvalidArgument)` when `frequency`
    /// is not in hertz or two tests share an ear, conduction type and masking.
    public convenience init(frequency: HKQuantity, tests: [HKAudiogramSensitivityTest]) throws {
        try self.init(checkedFrequency: frequency, tests: tests)
    }

    /// Creates a point from each ear's unmasked air-conduction sensitivity (deprecated in iOS 18.1).
    /// Throws `HKError(.errorInvalidArgument)` when a quantity has the wrong unit.
    @available(*, deprecated, message: "Use init(frequency:tests:)")
    public convenience init(frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?) throws {
        var tests: [HKAudiogramSensitivityTest] = []
        for (side, sensitivity) in [(HKAudiogramSensitivityTestSide.left, leftEarSensitivity), (.right, rightEarSensitivity)] {
            guard let sensitivity else { continue }
            tests.append(try HKAudiogramSensitivityTest(sensitivity: sensitivity, type: .air, masked: false, side: side, clampingRange: nil))
        }
        try self.init(checkedFrequency: frequency, tests: tests)
    }

    /// The validating initialiser both public ones use (package access, typed throws for the mapping).
    package init(checkedFrequency frequency: HKQuantity, tests: [HKAudiogramSensitivityTest]) throws(HKError) {
        try QuantityValidation.quantity(frequency, "frequency", compatibleWith: .hertz())
        var seen: Set<[Int]> = []
        for test in tests where !seen.insert([test.side.rawValue, test.type.rawValue, test.masked ? 1 : 0]).inserted {
            throw HKError(.errorInvalidArgument, "Sensitivity point at \(frequency) has two \(test.masked ? "masked" : "unmasked") tests of the \(test.side) ear")
        }
        self.frequency = frequency
        self.tests = tests
        super.init()
    }

    /// The left ear's unmasked air-conduction sensitivity, if tested (deprecated in iOS 18.1).
    @available(*, deprecated, message: "Use tests")
    public var leftEarSensitivity: HKQuantity? { unmaskedSensitivity(of: .left) }

    /// The right ear's unmasked air-conduction sensitivity, if tested (deprecated in iOS 18.1).
    @available(*, deprecated, message: "Use tests")
    public var rightEarSensitivity: HKQuantity? { unmaskedSensitivity(of: .right) }

    private func unmaskedSensitivity(of side: HKAudiogramSensitivityTestSide) -> HKQuantity? {
        tests.first { $0.side == side && $0.type == .air && !$0.masked }?.sensitivity
    }

    /// Points are equal when their frequencies and tests are, in any order (a point has at most one test per
    /// ear, conduction type and masking).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Self else { return false }
        return other.frequency == frequency && Set(other.tests) == Set(tests)
    }

    /// Hash of the frequency and tests, consistent with `isEqual(_:)`.
    public override var hash: Int { Hasher.combined(frequency, Set(tests)) }
}
