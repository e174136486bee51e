public import Foundation

// NSSecureCoding for an audiogram's parts, as HealthKit's classes adopt it: sensitivity points, their tests and the
// tests' clamping ranges, so that an archived HKAudiogramSample unarchives whole. Decoding validates as the
// initialisers do, so an archive cannot make a part the initialisers would refuse.

extension HKAudiogramSensitivityPointClampingRange: NSSecureCoding {
    /// Clamping ranges archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the bounds.
    public func encode(with coder: NSCoder) {
        coder.encode(lowerBound, forKey: "lowerBound")
        coder.encode(upperBound, forKey: "upperBound")
    }

    /// Unarchives a range; fails without a bound or with the lower bound above the upper one.
    public convenience init?(coder: NSCoder) {
        func decibels(_ key: String) -> Double? {
            coder.decodeObject(of: HKQuantity.self, forKey: key)?.doubleValue(for: .decibelHearingLevel())
        }
        try? self.init(checkedLower: decibels("lowerBound"), upper: decibels("upperBound"))
    }
}

extension HKAudiogramSensitivityTest: NSSecureCoding {
    /// Tests archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the sensitivity, conduction type, masking, side and clamping range.
    public func encode(with coder: NSCoder) {
        coder.encode(sensitivity, forKey: "sensitivity")
        coder.encode(type.rawValue, forKey: "type")
        coder.encode(masked, forKey: "masked")
        coder.encode(side.rawValue, forKey: "side")
        coder.encode(clampingRange, forKey: "clampingRange")
    }

    /// Unarchives a test; fails on a missing sensitivity, an unknown type or side, or a sensitivity not in `dBHL`.
    public convenience init?(coder: NSCoder) {
        guard let sensitivity = coder.decodeObject(of: HKQuantity.self, forKey: "sensitivity"),
              let type = HKAudiogramConductionType(rawValue: coder.decodeInteger(forKey: "type")),
              let side = HKAudiogramSensitivityTestSide(rawValue: coder.decodeInteger(forKey: "side")) else { return nil }
        try? self.init(checkedSensitivity: sensitivity, type: type, masked: coder.decodeBool(forKey: "masked"), side: side,
                       clampingRange: coder.decodeObject(of: HKAudiogramSensitivityPointClampingRange.self, forKey: "clampingRange"))
    }
}

extension HKAudiogramSensitivityPoint: NSSecureCoding {
    /// Points archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the frequency and the tests.
    public func encode(with coder: NSCoder) {
        coder.encode(frequency, forKey: "frequency")
        coder.encode(tests as NSArray, forKey: "tests")
    }

    /// Unarchives a point; fails on a missing frequency, one not in hertz, or two tests of the same kind.
    public convenience init?(coder: NSCoder) {
        guard let frequency = coder.decodeObject(of: HKQuantity.self, forKey: "frequency") else { return nil }
        let tests = coder.decodeObject(of: [NSArray.self, HKAudiogramSensitivityTest.self], forKey: "tests") as? [HKAudiogramSensitivityTest]
        try? self.init(checkedFrequency: frequency, tests: tests ?? [])
    }
}
