import Foundation

/// Every atomic unit HealthKit accepts, with its exact factor from HealthKit's header (reference §3.2).
///
/// Factors are kept as decimals (``DecimalScale``): the gram is 10⁻³ kg and the pound 453592 × 10⁻⁶ kg,
/// so decimal relations between units stay exact.
enum UnitCatalog {
    /// `value` grams in kilograms, as an exact decimal.
    private static func grams(_ value: Double) -> DecimalScale { scale(value, exponent: -3) }
    /// `value` litres in cubic metres, as an exact decimal.
    private static func liters(_ value: Double) -> DecimalScale { scale(value, exponent: -3) }
    /// `value × 10^exponent` with `value` read as the decimal it was written as.
    private static func scale(_ value: Double, exponent: Int = 0) -> DecimalScale {
        let decimal = DecimalScale(decimal: value)
        return DecimalScale(mantissa: decimal.mantissa, exponent: decimal.exponent + exponent)
    }

    // SI units: metric prefixes allowed.
    static let gram = UnitAtom("g", .mass, .mass, grams(1), prefixable: true)
    static let mole = UnitAtom("mol", .mass, .mass, grams(1), prefixable: true, isMolar: true)
    static let meter = UnitAtom("m", .length, .length, scale(1), prefixable: true)
    static let liter = UnitAtom("L", .volume, .volume, liters(1), prefixable: true)
    static let pascal = UnitAtom("Pa", .pressure, .pressure, scale(1), prefixable: true)
    static let second = UnitAtom("s", .time, .time, scale(1), prefixable: true)
    static let joule = UnitAtom("J", .energy, .energy, scale(1), prefixable: true)
    static let kelvin = UnitAtom("K", .temperature, .temperature, scale(1), prefixable: true)
    static let siemens = UnitAtom("S", .conductance, .conductance, scale(1), prefixable: true)
    static let hertz = UnitAtom("Hz", .frequency, .frequency, scale(1), prefixable: true)
    static let volt = UnitAtom("V", .voltage, .voltage, scale(1), prefixable: true)
    static let watt = UnitAtom("W", .power, .power, scale(1), prefixable: true)
    static let radian = UnitAtom("rad", .angle, .angle, scale(1), prefixable: true)
    static let lux = UnitAtom("lx", .illuminance, .illuminance, scale(1), prefixable: true)

    // Non-SI mass, length, volume.
    static let ounce = UnitAtom("oz", .mass, .mass, grams(28.3495))
    static let pound = UnitAtom("lb", .mass, .mass, grams(453.592))
    static let stone = UnitAtom("st", .mass, .mass, grams(6350.0))
    static let inch = UnitAtom("in", .length, .length, scale(0.0254))
    static let foot = UnitAtom("ft", .length, .length, scale(0.3048))
    static let yard = UnitAtom("yd", .length, .length, scale(0.9144))
    static let mile = UnitAtom("mi", .length, .length, scale(1609.34))
    static let fluidOunceUS = UnitAtom("fl_oz_us", .volume, .volume, liters(0.0295735295625))
    static let fluidOunceImperial = UnitAtom("fl_oz_imp", .volume, .volume, liters(0.0284130625))
    static let pintUS = UnitAtom("pt_us", .volume, .volume, liters(0.473176473))
    static let pintImperial = UnitAtom("pt_imp", .volume, .volume, liters(0.56826125))
    static let cupUS = UnitAtom("cup_us", .volume, .volume, liters(0.2365882365))
    static let cupImperial = UnitAtom("cup_imp", .volume, .volume, liters(0.284130625))

    // Pressure (dBASPL: Pa = 10^(dB/20) × 2e-5).
    static let millimeterOfMercury = UnitAtom("mmHg", .pressure, .pressure, scale(133.3224))
    static let centimeterOfWater = UnitAtom("cmAq", .pressure, .pressure, scale(98.0665))
    static let atmosphere = UnitAtom("atm", .pressure, .pressure, scale(101325.0))
    static let inchOfMercury = UnitAtom("inHg", .pressure, .pressure, scale(3386.38816))
    static let decibelSPL = UnitAtom("dBASPL", .soundLevel, .pressure, scale(1),
                                     behavior: .logarithmic(reference: 2.0e-5, multiplier: 20))

    // Time, energy, temperature (degC = K − 273.15; degF = 1.8·K − 459.67).
    static let minute = UnitAtom("min", .time, .time, scale(60))
    static let hour = UnitAtom("hr", .time, .time, scale(3600))
    static let day = UnitAtom("d", .time, .time, scale(86400))
    static let smallCalorie = UnitAtom("cal", .energy, .energy, scale(4.184))
    static let kilocalorie = UnitAtom("kcal", .energy, .energy, scale(4184.0))
    static let largeCalorie = UnitAtom("Cal", .energy, .energy, scale(4184.0))
    static let celsius = UnitAtom("degC", .temperature, .temperature, scale(1), behavior: .affine(offset: 273.15))
    static let fahrenheit = UnitAtom("degF", .temperature, .temperature, scale(5.0 / 9.0),
                                     behavior: .affine(offset: 459.67))

    // Scalars and HealthKit-specific dimensions.
    static let internationalUnit = UnitAtom("IU", .pharmacology, .pharmacology, scale(1))
    static let count = UnitAtom("count", .scalar, .none, scale(1))
    static let percent = UnitAtom("%", .scalar, .none, scale(0.01))
    static let decibelHL = UnitAtom("dBHL", .hearing, .hearingLevel, scale(1))
    static let degree = UnitAtom("deg", .angle, .angle, scale(Double.pi / 180))
    static let diopter = UnitAtom("D", .vision, .refractivePower, scale(1))
    static let prismDiopter = UnitAtom("pD", .vision, .prismPower, scale(1))
    static let appleEffortScore = UnitAtom("appleEffortScore", .effort, .effort, scale(1))

    /// All atoms keyed by every spelling accepted on input (`l` is the litre too).
    static let bySymbol: [String: UnitAtom] = {
        let all: [UnitAtom] = [
            gram, mole, meter, liter, pascal, second, joule, kelvin, siemens, hertz, volt, watt, radian, lux,
            ounce, pound, stone, inch, foot, yard, mile,
            fluidOunceUS, fluidOunceImperial, pintUS, pintImperial, cupUS, cupImperial,
            millimeterOfMercury, centimeterOfWater, atmosphere, inchOfMercury, decibelSPL,
            minute, hour, day, smallCalorie, kilocalorie, largeCalorie, celsius, fahrenheit,
            internationalUnit, count, percent, decibelHL, degree, diopter, prismDiopter, appleEffortScore,
        ]
        var table = Dictionary(uniqueKeysWithValues: all.map { ($0.symbol, $0) })
        table["l"] = liter
        return table
    }()

    /// Resolves a symbol without molar mass (`kg`, `mcS`, `mmHg`, `mmol`) to an atom and prefix.
    /// Exact symbols win over prefixed readings, so `min` is a minute and `cd` is rejected rather than centi-day.
    static func resolve(_ symbol: String) -> (atom: UnitAtom, prefix: HKMetricPrefix)? {
        if let atom = bySymbol[symbol] { return (atom, .none) }
        for (prefixSymbol, prefix) in HKMetricPrefix.parseTable where symbol.hasPrefix(prefixSymbol) {
            let rest = String(symbol.dropFirst(prefixSymbol.count))
            if let atom = bySymbol[rest], atom.prefixable { return (atom, prefix) }
        }
        return nil
    }
}
