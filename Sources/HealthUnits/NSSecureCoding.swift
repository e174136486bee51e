public import Foundation

/// HKUnit archives securely as its unit string, as HealthKit's HKUnit conforms to NSSecureCoding.
extension HKUnit: NSSecureCoding {
    /// The key the unit string is archived under.
    private static let codingKey = "HKUnitString"

    /// Units archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the unit string.
    public func encode(with coder: NSCoder) {
        coder.encode(unitString as NSString, forKey: Self.codingKey)
    }

    /// Unarchives a unit; fails when the archive holds no unit string or one that does not parse.
    public convenience init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: Self.codingKey),
              let representation = try? UnitCache.shared.representation(for: text as String) else { return nil }
        self.init(representation: representation)
    }
}

/// HKQuantity archives securely as its value and unit, as HealthKit's HKQuantity conforms to NSSecureCoding.
extension HKQuantity: NSSecureCoding {
    /// The keys the value and the unit are archived under.
    private static let valueKey = "HKQuantityValue", unitKey = "HKQuantityUnit"

    /// Quantities archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the value and the unit.
    public func encode(with coder: NSCoder) {
        coder.encode(originalValue, forKey: Self.valueKey)
        coder.encode(originalUnit, forKey: Self.unitKey)
    }

    /// Unarchives a quantity; fails when the archive holds no unit.
    public convenience init?(coder: NSCoder) {
        guard coder.containsValue(forKey: Self.valueKey), let unit = coder.decodeObject(of: HKUnit.self, forKey: Self.unitKey) else {
            return nil
        }
        self.init(unit: unit, doubleValue: coder.decodeDouble(forKey: Self.valueKey))
    }
}
