import Foundation

/// How values in a unit map to and from the base SI value of its dimension.
enum UnitConversion: Sendable, Equatable {
    /// `base = (value + offset) × scale`. Offset is non-zero only for a lone `degC`/`degF`.
    case linear(scale: DecimalScale, offset: Double)
    /// `base = reference × 10^(value / multiplier)` (a lone `dBASPL`).
    case logarithmic(reference: Double, multiplier: Double)

    /// Converts a value in this unit to the base SI value.
    func toBase(_ value: Double) -> Double {
        switch self {
        case let .linear(scale, offset): scale.convert(value + offset, to: .one)
        case let .logarithmic(reference, multiplier): reference * pow(10, value / multiplier)
        }
    }

    /// Converts a base SI value to a value in this unit.
    func fromBase(_ base: Double) -> Double {
        switch self {
        case let .linear(scale, offset): DecimalScale.one.convert(base, to: scale) - offset
        case let .logarithmic(reference, multiplier): multiplier * log10(base / reference)
        }
    }

    /// Converts a value in this unit to a value in `target`'s unit (same dimension).
    ///
    /// Between two units without offset the scales are divided directly, so units that differ by a power of
    /// ten (`L` and `mL`, `mg/dL` and `g/L`) convert exactly; otherwise the value goes through the base unit.
    func convert(_ value: Double, to target: UnitConversion) -> Double {
        if case let .linear(scale, 0) = self, case let .linear(targetScale, 0) = target {
            return scale.convert(value, to: targetScale)
        }
        return target.fromBase(toBase(value))
    }
}

/// The precomputed form of a unit: canonical factors and string, dimension and conversion.
/// Built once per unit (parse results are cached), so conversions do no string work.
struct UnitRepresentation: Sendable {
    let factors: [UnitFactor]
    let unitString: String
    let dimension: UnitDimension
    let conversion: UnitConversion

    /// The null unit (no factors, written `()`).
    static let null = UnitRepresentation(factors: [])

    /// Builds the representation of the product of `factors` (merged first).
    ///
    /// A lone factor with exponent 1 keeps its atom's special behaviour (temperature offset, decibel scale);
    /// in any other combination every factor is multiplicative: `degC·m` is a plain kelvin-metre and a
    /// `dBASPL` inside a compound is an opaque level on its own axis, convertible only to the same level.
    init(factors raw: [UnitFactor]) {
        let factors = raw.merged()
        self.factors = factors
        self.unitString = UnitFormatter.unitString(for: factors)
        if factors.count == 1, factors[0].exponent == 1, factors[0].prefix == .none,
           let lone = Self.loneConversion(of: factors[0].atom) {
            self.dimension = factors[0].atom.dimension
            self.conversion = lone
            return
        }
        var dimension = UnitDimension.none
        var scale = DecimalScale.one
        for factor in factors {
            dimension = dimension.multiplied(by: factor.atom.compoundDimension.raised(to: factor.exponent))
            scale = scale.multiplied(by: factor.compoundScale.raised(to: factor.exponent))
        }
        self.dimension = dimension
        self.conversion = .linear(scale: scale, offset: 0)
    }

    private static func loneConversion(of atom: UnitAtom) -> UnitConversion? {
        switch atom.behavior {
        case .linear: nil
        case let .affine(offset): .linear(scale: atom.scale, offset: offset)
        case let .logarithmic(reference, multiplier): .logarithmic(reference: reference, multiplier: multiplier)
        }
    }

    /// The representation of this unit times another.
    func multiplied(by other: UnitRepresentation) -> UnitRepresentation {
        UnitRepresentation(factors: factors + other.factors)
    }

    /// The representation of this unit raised to an integer power (0 gives the null unit).
    func raised(to power: Int) -> UnitRepresentation {
        UnitRepresentation(factors: factors.map { factor in
            var raised = factor
            let (product, overflow) = factor.exponent.multipliedReportingOverflow(by: power)
            if overflow { raiseInvalidArgument("Unit exponent overflow raising \(factor.symbol) to \(power)") }
            raised.exponent = product
            return raised
        })
    }
}
