/// OpenHealthKit extensions (not HealthKit API) that describe a unit, e.g. for `health units show`.
///
/// Base SI units are kg, m, s, K and A; HealthKit-specific quantities (IU, dBHL, D, pD, lx, angle,
/// appleEffortScore) have their own axes. A value `v` in the unit is `v × factorToBase + offsetToBase`
/// base units, except for logarithmic units (``isLogarithmic``).
extension HKUnit {
    /// The dimension as text: axes in the order mass, length, time, temperature, current, angle, illuminance,
    /// pharmacology, hearingLevel, soundPressureLevel, refractivePower, prismPower, effort, joined by `·`
    /// with `^n` powers; e.g. `mass·length^-3` for `mg/dL`, `time^-1` for `count/min`, `dimensionless` for `%`.
    /// OpenHealthKit extension.
    public var dimensionDescription: String { representation.dimension.description }

    /// The multiplier to base SI units (e.g. `0.01` for `mg/dL` → kg/m³, `5/9` for `degF`);
    /// `nan` for a logarithmic unit. OpenHealthKit extension.
    public var factorToBase: Double {
        switch representation.conversion {
        case let .linear(scale, _): scale.value
        case .logarithmic: .nan
        }
    }

    /// The additive part of the conversion to base units: `273.15` for `degC`, `255.372…` for `degF`,
    /// `0` for every other unit (and `nan` for a logarithmic unit). OpenHealthKit extension.
    public var offsetToBase: Double {
        switch representation.conversion {
        case let .linear(scale, offset): offset * scale.value
        case .logarithmic: .nan
        }
    }

    /// Whether the unit is logarithmic (`dBASPL` alone: Pa = 10^(dB/20) × 2e-5). OpenHealthKit extension.
    public var isLogarithmic: Bool {
        if case .logarithmic = representation.conversion { return true }
        return false
    }

    /// Whether values in this unit can be converted to `unit`. OpenHealthKit extension.
    public func isCompatible(with unit: HKUnit) -> Bool {
        representation.dimension == unit.representation.dimension
    }
}
