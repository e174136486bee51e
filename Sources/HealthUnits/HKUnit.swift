public import Foundation

/// A unit of measure: an atom such as `kg`, or a compound such as `mL/min·kg`. HealthKit's `HKUnit`.
///
/// Instances are immutable. Equality and hashing use ``unitString``. Parsing is cached per input string and
/// every unit carries a precomputed dimension and conversion, so ``HKQuantity/doubleValue(for:)`` does no string work.
public final class HKUnit: NSObject, @unchecked Sendable {
    /// The precomputed factors, canonical string, dimension and conversion.
    let representation: UnitRepresentation

    init(representation: UnitRepresentation) {
        self.representation = representation
        super.init()
    }

    /// Not available: units come from strings, factories and unit math, as in HealthKit.
    @available(*, unavailable, message: "Use HKUnit(from:) or a factory such as HKUnit.gram()")
    public override convenience init() {
        self.init(representation: .null)
    }

    /// The unit a HealthKit unit string describes, such as `count`, `kg`, `m/s^2` or `mmol<180.15588000005408>/L`.
    ///
    /// An invalid string stops the program as HealthKit raises `NSInvalidArgumentException`;
    /// use ``checked(from:)`` for untrusted input. The empty string is the null unit.
    public convenience init(from string: String) {
        do {
            self.init(representation: try UnitCache.shared.representation(for: string))
        } catch {
            raiseInvalidArgument("Unable to parse unit string: \(string) (\(error))")
        }
    }

    /// The unit a unit string describes, or an error that names the offending part and its offset.
    /// OpenHealthKit's throwing twin of ``init(from:)``, not HealthKit API.
    public static func checked(from string: String) throws(UnitParseError) -> HKUnit {
        HKUnit(representation: try UnitCache.shared.representation(for: string))
    }

    /// The canonical string of the unit; ``init(from:)`` of it gives an equal unit (e.g. `mL/min·kg`).
    public var unitString: String { representation.unitString }

    /// Whether this is the null unit (no factors; the unit of the empty string).
    public func isNull() -> Bool { representation.factors.isEmpty }

    /// The product of this unit and `unit`.
    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        HKUnit(representation: representation.multiplied(by: unit.representation))
    }

    /// This unit divided by `unit`.
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit(representation: representation.multiplied(by: unit.representation.raised(to: -1)))
    }

    /// This unit raised to an integer power (`0` gives the null unit).
    public func unitRaised(toPower power: Int) -> HKUnit {
        HKUnit(representation: representation.raised(to: power))
    }

    /// One divided by this unit.
    public func reciprocal() -> HKUnit {
        unitRaised(toPower: -1)
    }

    /// Two units are equal when their ``unitString``s are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKUnit else { return false }
        return other === self || other.unitString == unitString
    }

    /// The hash of ``unitString``.
    public override var hash: Int { unitString.hashValue }

    /// The ``unitString``.
    public override var description: String { unitString }
}
