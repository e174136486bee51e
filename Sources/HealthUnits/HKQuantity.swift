public import Foundation

/// An amount in a unit, such as 5 km. HealthKit's `HKQuantity`: immutable, convertible to any compatible unit.
public final class HKQuantity: NSObject, @unchecked Sendable {
    /// The unit the quantity was created with. OpenHealthKit extension (HealthKit keeps it private).
    public let originalUnit: HKUnit
    /// The value in ``originalUnit``. OpenHealthKit extension (HealthKit keeps it private).
    public let originalValue: Double

    /// Not available: quantities are created with ``init(unit:doubleValue:)``, as in HealthKit.
    @available(*, unavailable, message: "Use HKQuantity(unit:doubleValue:)")
    public override convenience init() {
        self.init(unit: HKUnit(representation: .null), doubleValue: 0)
    }

    /// A quantity of `value` in `unit`.
    public init(unit: HKUnit, doubleValue value: Double) {
        self.originalUnit = unit
        self.originalValue = value
        super.init()
    }

    /// Whether this quantity can be expressed in `unit`.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        originalUnit.isCompatible(with: unit)
    }

    /// The value in `unit`; traps with HealthKit's message when `unit` is incompatible.
    /// Use ``checkedDoubleValue(for:)`` when the unit comes from untrusted input.
    public func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try checkedDoubleValue(for: unit)
        } catch {
            raiseInvalidArgument("Attempt to convert incompatible units: \(originalUnit), \(unit)")
        }
    }

    /// The value in `unit`, or ``UnitParseError/Reason/incompatibleUnits``. OpenHealthKit's throwing twin, not HealthKit API.
    public func checkedDoubleValue(for unit: HKUnit) throws(UnitParseError) -> Double {
        guard originalUnit.isCompatible(with: unit) else { throw .incompatible(originalUnit, unit) }
        // Same scale and offset (the same unit, or a spelling of it): the stored value, exactly.
        if unit === originalUnit || unit.representation.conversion == originalUnit.representation.conversion { return originalValue }
        return originalUnit.representation.conversion.convert(originalValue, to: unit.representation.conversion)
    }

    /// Orders this quantity against `quantity` (converted to this quantity's unit); traps when incompatible.
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        do {
            return try checkedCompare(quantity)
        } catch {
            raiseInvalidArgument("Attempt to convert incompatible units: \(quantity.originalUnit), \(originalUnit)")
        }
    }

    /// Orders this quantity against `quantity`, or throws when the units are incompatible.
    /// OpenHealthKit's throwing twin of ``compare(_:)``, not HealthKit API.
    public func checkedCompare(_ quantity: HKQuantity) throws(UnitParseError) -> ComparisonResult {
        let other = try quantity.checkedDoubleValue(for: originalUnit)
        if originalValue < other { return .orderedAscending }
        if originalValue > other { return .orderedDescending }
        return .orderedSame
    }

    /// The value in base SI units of the dimension (kg, m, s, K, Pa for a lone `dBASPL` …).
    var baseValue: Double { originalUnit.representation.conversion.toBase(originalValue) }

    /// Equal when the units are compatible and the values are equal in base units.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity else { return false }
        if other === self { return true }
        return originalUnit.isCompatible(with: other.originalUnit) && baseValue == other.baseValue
    }

    /// Consistent with ``isEqual(_:)``: hashes the dimension and the base value.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(originalUnit.representation.dimension)
        hasher.combine(baseValue)
        return hasher.finalize()
    }

    /// Value, a space, then the unit string, as HealthKit prints it: `5 km`, `98.6 degF`, `5.5 mL/min·kg`.
    public override var description: String {
        "\(UnitFactor.format(originalValue)) \(originalUnit.unitString)"
    }
}
