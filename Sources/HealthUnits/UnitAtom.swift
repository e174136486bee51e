/// The physical quantity an atom measures. Its order is the factor order of ``HKUnit/unitString``
/// inside a numerator or denominator (time before mass reproduces HealthKit's `mL/min·kg` and `kcal/hr·kg`).
enum QuantityKind: Int, Comparable, Sendable {
    case time, mass, length, volume, pressure, energy, power, temperature, frequency
    case conductance, voltage, angle, illuminance, scalar, pharmacology, hearing, soundLevel, vision, effort

    static func < (lhs: QuantityKind, rhs: QuantityKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a lone atom maps its values onto the base SI value.
enum AtomBehavior: Sendable, Equatable {
    /// `base = value × scale`.
    case linear
    /// `base = (value + offset) × scale` when the atom stands alone; multiplicative (offset dropped) in compounds.
    case affine(offset: Double)
    /// `base = reference × 10^(value / multiplier)` when alone; in compounds it is an opaque level on its own axis.
    case logarithmic(reference: Double, multiplier: Double)
}

/// One unit symbol HealthKit knows (`g`, `mmHg`, `mol<M>`), without prefix or exponent.
struct UnitAtom: Sendable, Equatable {
    /// The symbol written in unit strings (`L` for the litre, whichever of `L`/`l` was read).
    let symbol: String
    /// What the atom measures; used for factor ordering.
    let kind: QuantityKind
    /// The dimension of the atom alone.
    let dimension: UnitDimension
    /// The multiplier to the base SI unit of ``dimension`` (kg, m, s, K, A; m³ for volume), exact for decimals.
    let scale: DecimalScale
    /// Whether metric prefixes may precede the symbol.
    let prefixable: Bool
    /// Linear, affine (temperature) or logarithmic (sound level).
    let behavior: AtomBehavior
    /// True for `mol`, which must carry a molar mass `<M>`; its scale is then `M` grams.
    let isMolar: Bool

    init(_ symbol: String, _ kind: QuantityKind, _ dimension: UnitDimension, _ scale: DecimalScale,
         prefixable: Bool = false, behavior: AtomBehavior = .linear, isMolar: Bool = false) {
        self.symbol = symbol
        self.kind = kind
        self.dimension = dimension
        self.scale = scale
        self.prefixable = prefixable
        self.behavior = behavior
        self.isMolar = isMolar
    }

    /// The dimension this atom contributes inside a compound unit: a logarithmic level is not a pressure there.
    var compoundDimension: UnitDimension {
        if case .logarithmic = behavior { return .soundPressureLevel }
        return dimension
    }

    /// The multiplier this atom contributes inside a compound unit (1 per dB for a logarithmic level).
    var compoundScale: DecimalScale {
        if case .logarithmic = behavior { return .one }
        return scale
    }
}
