import Foundation

/// The molar mass of glucose in grams per mole, for `mmol<180.15588000005408>/L` blood-glucose units.
public let HKUnitMolarMassBloodGlucose: Double = 180.15588000005408

extension HKUnit {
    private static func unit(_ atom: UnitAtom, _ prefix: HKMetricPrefix = .none, molarMass: Double? = nil) -> HKUnit {
        HKUnit(representation: UnitRepresentation(factors: [UnitFactor(atom, prefix: prefix, molarMass: molarMass)]))
    }

    // MARK: Mass

    /// Grams with a metric prefix (`kg` for `.kilo`).
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.gram, prefix) }
    /// Grams, `g`.
    public static func gram() -> HKUnit { unit(UnitCatalog.gram) }
    /// Ounces, `oz` (28.3495 g).
    public static func ounce() -> HKUnit { unit(UnitCatalog.ounce) }
    /// Pounds, `lb` (453.592 g).
    public static func pound() -> HKUnit { unit(UnitCatalog.pound) }
    /// Stones, `st` (6350 g).
    public static func stone() -> HKUnit { unit(UnitCatalog.stone) }
    /// Moles of a substance with `gramsPerMole`, with a metric prefix (`mmol<M>`); a mass (1 mol<M> = M g).
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> HKUnit {
        unit(UnitCatalog.mole, prefix, molarMass: gramsPerMole)
    }
    /// Moles of a substance with `gramsPerMole`, `mol<M>`.
    public static func moleUnit(withMolarMass gramsPerMole: Double) -> HKUnit {
        unit(UnitCatalog.mole, molarMass: gramsPerMole)
    }

    // MARK: Length

    /// Meters with a metric prefix.
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.meter, prefix) }
    /// Meters, `m`.
    public static func meter() -> HKUnit { unit(UnitCatalog.meter) }
    /// Inches, `in` (0.0254 m).
    public static func inch() -> HKUnit { unit(UnitCatalog.inch) }
    /// Feet, `ft` (0.3048 m).
    public static func foot() -> HKUnit { unit(UnitCatalog.foot) }
    /// Yards, `yd` (0.9144 m).
    public static func yard() -> HKUnit { unit(UnitCatalog.yard) }
    /// Miles, `mi` (1609.34 m).
    public static func mile() -> HKUnit { unit(UnitCatalog.mile) }

    // MARK: Volume

    /// Liters with a metric prefix (`mL` for `.milli`).
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.liter, prefix) }
    /// Liters, `L`.
    public static func liter() -> HKUnit { unit(UnitCatalog.liter) }
    /// US fluid ounces, `fl_oz_us`.
    public static func fluidOunceUS() -> HKUnit { unit(UnitCatalog.fluidOunceUS) }
    /// Imperial fluid ounces, `fl_oz_imp`.
    public static func fluidOunceImperial() -> HKUnit { unit(UnitCatalog.fluidOunceImperial) }
    /// US pints, `pt_us`.
    public static func pintUS() -> HKUnit { unit(UnitCatalog.pintUS) }
    /// Imperial pints, `pt_imp`.
    public static func pintImperial() -> HKUnit { unit(UnitCatalog.pintImperial) }
    /// US cups, `cup_us`.
    public static func cupUS() -> HKUnit { unit(UnitCatalog.cupUS) }
    /// Imperial cups, `cup_imp`.
    public static func cupImperial() -> HKUnit { unit(UnitCatalog.cupImperial) }

    // MARK: Pressure

    /// Pascals with a metric prefix.
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.pascal, prefix) }
    /// Pascals, `Pa`.
    public static func pascal() -> HKUnit { unit(UnitCatalog.pascal) }
    /// Millimeters of mercury, `mmHg` (133.3224 Pa).
    public static func millimeterOfMercury() -> HKUnit { unit(UnitCatalog.millimeterOfMercury) }
    /// Centimeters of water, `cmAq` (98.0665 Pa).
    public static func centimeterOfWater() -> HKUnit { unit(UnitCatalog.centimeterOfWater) }
    /// Standard atmospheres, `atm` (101325 Pa).
    public static func atmosphere() -> HKUnit { unit(UnitCatalog.atmosphere) }
    /// A-weighted sound pressure level, `dBASPL` (logarithmic: Pa = 10^(dB/20) × 2e-5).
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { unit(UnitCatalog.decibelSPL) }
    /// Inches of mercury, `inHg` (3386.38816 Pa).
    public static func inchesOfMercury() -> HKUnit { unit(UnitCatalog.inchOfMercury) }

    // MARK: Time

    /// Seconds with a metric prefix (`ms` for `.milli`).
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.second, prefix) }
    /// Seconds, `s`.
    public static func second() -> HKUnit { unit(UnitCatalog.second) }
    /// Minutes, `min`.
    public static func minute() -> HKUnit { unit(UnitCatalog.minute) }
    /// Hours, `hr`.
    public static func hour() -> HKUnit { unit(UnitCatalog.hour) }
    /// Days, `d`.
    public static func day() -> HKUnit { unit(UnitCatalog.day) }

    // MARK: Energy and power

    /// Joules with a metric prefix.
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.joule, prefix) }
    /// Joules, `J`.
    public static func joule() -> HKUnit { unit(UnitCatalog.joule) }
    /// Kilocalories, `kcal` (4184 J).
    public static func kilocalorie() -> HKUnit { unit(UnitCatalog.kilocalorie) }
    /// Small calories, `cal` (4.184 J).
    public static func smallCalorie() -> HKUnit { unit(UnitCatalog.smallCalorie) }
    /// Large (food) calories, `Cal` (4184 J).
    public static func largeCalorie() -> HKUnit { unit(UnitCatalog.largeCalorie) }
    /// Small calories, `cal`. Deprecated in HealthKit in favour of ``smallCalorie()`` / ``largeCalorie()``.
    @available(*, deprecated, message: "Use smallCalorie() or largeCalorie()")
    public static func calorie() -> HKUnit { unit(UnitCatalog.smallCalorie) }
    /// Watts with a metric prefix.
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.watt, prefix) }
    /// Watts, `W`.
    public static func watt() -> HKUnit { unit(UnitCatalog.watt) }

    // MARK: Temperature

    /// Degrees Celsius, `degC` (K − 273.15).
    public static func degreeCelsius() -> HKUnit { unit(UnitCatalog.celsius) }
    /// Degrees Fahrenheit, `degF` (1.8·K − 459.67).
    public static func degreeFahrenheit() -> HKUnit { unit(UnitCatalog.fahrenheit) }
    /// Kelvin, `K`.
    public static func kelvin() -> HKUnit { unit(UnitCatalog.kelvin) }

    // MARK: Electrical, frequency

    /// Siemens with a metric prefix (`mcS` for `.micro`).
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.siemens, prefix) }
    /// Siemens, `S`.
    public static func siemen() -> HKUnit { unit(UnitCatalog.siemens) }
    /// Volts with a metric prefix.
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.volt, prefix) }
    /// Volts, `V`.
    public static func volt() -> HKUnit { unit(UnitCatalog.volt) }
    /// Hertz with a metric prefix.
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.hertz, prefix) }
    /// Hertz, `Hz` (1/s).
    public static func hertz() -> HKUnit { unit(UnitCatalog.hertz) }

    // MARK: Scalars, pharmacology, hearing, vision, angle, light, effort

    /// International units, `IU` (pharmacology; not convertible to mass).
    public static func internationalUnit() -> HKUnit { unit(UnitCatalog.internationalUnit) }
    /// A count, `count` (dimensionless 1).
    public static func count() -> HKUnit { unit(UnitCatalog.count) }
    /// Percent, `%` (dimensionless 0.01: 50 % converts to 0.5 count).
    public static func percent() -> HKUnit { unit(UnitCatalog.percent) }
    /// Decibels hearing level, `dBHL`.
    public static func decibelHearingLevel() -> HKUnit { unit(UnitCatalog.decibelHL) }
    /// Diopters, `D`.
    public static func diopter() -> HKUnit { unit(UnitCatalog.diopter) }
    /// Prism diopters, `pD`.
    public static func prismDiopter() -> HKUnit { unit(UnitCatalog.prismDiopter) }
    /// Radians with a metric prefix.
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.radian, prefix) }
    /// Radians, `rad`.
    public static func radianAngle() -> HKUnit { unit(UnitCatalog.radian) }
    /// Degrees of angle, `deg` (π/180 rad).
    public static func degreeAngle() -> HKUnit { unit(UnitCatalog.degree) }
    /// Lux with a metric prefix.
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { unit(UnitCatalog.lux, prefix) }
    /// Lux, `lx`.
    public static func lux() -> HKUnit { unit(UnitCatalog.lux) }
    /// Apple's effort score, `appleEffortScore`.
    public static func appleEffortScore() -> HKUnit { unit(UnitCatalog.appleEffortScore) }
}
