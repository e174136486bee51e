/// Writes the canonical `unitString` of a list of merged factors.
///
/// Rules (HealthKit's exact ordering rule is unconfirmed; this one is deterministic and reproduces the
/// observed `mL/min·kg` and `kcal/hr·kg`):
/// * factors with a positive exponent form the numerator, negative ones the denominator (written with `|n|`);
/// * inside each, factors are ordered by ``QuantityKind`` (time, mass, length, volume, pressure, energy, power,
///   temperature, frequency, conductance, voltage, angle, illuminance, scalar, pharmacology, hearing, sound level,
///   vision, effort), then by symbol (code-point order);
/// * factors are joined with U+00B7 `·`, powers are written `^n`, there is one `/` and no parentheses;
/// * an empty numerator is written `1` (`1/s`), and the null unit is written `()` as HealthKit does.
enum UnitFormatter {
    /// The canonical unit string for already-merged factors.
    static func unitString(for factors: [UnitFactor]) -> String {
        let ordered = factors.sorted(by: precedes)
        let numerator = ordered.filter { $0.exponent > 0 }
        let denominator = ordered.filter { $0.exponent < 0 }
        if numerator.isEmpty && denominator.isEmpty { return "()" }
        let top = numerator.isEmpty ? "1" : join(numerator)
        return denominator.isEmpty ? top : top + "/" + join(denominator)
    }

    private static func join(_ factors: [UnitFactor]) -> String {
        factors.map { factor in
            let power = abs(factor.exponent)
            return power == 1 ? factor.symbol : factor.symbol + "^\(power)"
        }.joined(separator: "\u{00B7}")
    }

    private static func precedes(_ lhs: UnitFactor, _ rhs: UnitFactor) -> Bool {
        if lhs.atom.kind != rhs.atom.kind { return lhs.atom.kind < rhs.atom.kind }
        return Array(lhs.symbol.unicodeScalars.map(\.value))
            .lexicographicallyPrecedes(rhs.symbol.unicodeScalars.map(\.value))
    }
}
