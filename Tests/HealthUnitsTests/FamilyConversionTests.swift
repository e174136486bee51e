import Testing
import HealthUnits

/// All-pairs conversions inside each linear family. Factors are typed from the header, not taken from the code.
@Suite("Conversions within a unit family")
struct FamilyConversionTests {
    static let massInGrams: [(String, Double)] = [
        ("g", 1), ("kg", 1000), ("mg", 0.001), ("mcg", 1e-6), ("ng", 1e-9), ("pg", 1e-12), ("fg", 1e-15),
        ("cg", 0.01), ("dg", 0.1), ("dag", 10), ("hg", 100), ("Mg", 1e6),
        ("oz", 28.3495), ("lb", 453.592), ("st", 6350.0), ("mol<2>", 2), ("mmol<180.15588000005408>", 0.18015588000005408),
    ]
    static let lengthInMeters: [(String, Double)] = [
        ("m", 1), ("km", 1000), ("cm", 0.01), ("mm", 0.001), ("mcm", 1e-6), ("nm", 1e-9), ("dm", 0.1),
        ("dam", 10), ("hm", 100), ("in", 0.0254), ("ft", 0.3048), ("yd", 0.9144), ("mi", 1609.34),
    ]
    static let volumeInLiters: [(String, Double)] = [
        ("L", 1), ("l", 1), ("mL", 0.001), ("ml", 0.001), ("cL", 0.01), ("dL", 0.1), ("mcL", 1e-6), ("kL", 1000),
        ("fl_oz_us", 0.0295735295625), ("fl_oz_imp", 0.0284130625), ("pt_us", 0.473176473),
        ("pt_imp", 0.56826125), ("cup_us", 0.2365882365), ("cup_imp", 0.284130625),
        ("m^3", 1000), ("cm^3", 0.001), ("dm^3", 1),
    ]
    static let pressureInPascals: [(String, Double)] = [
        ("Pa", 1), ("hPa", 100), ("kPa", 1000), ("MPa", 1e6), ("mmHg", 133.3224), ("cmAq", 98.0665),
        ("atm", 101325), ("inHg", 3386.38816), ("kg/(m.s^2)", 1), ("g/m·s^2", 0.001),
    ]
    static let timeInSeconds: [(String, Double)] = [
        ("s", 1), ("ms", 0.001), ("mcs", 1e-6), ("ns", 1e-9), ("ks", 1000), ("min", 60), ("hr", 3600), ("d", 86400),
    ]
    static let energyInJoules: [(String, Double)] = [
        ("J", 1), ("kJ", 1000), ("MJ", 1e6), ("cal", 4.184), ("kcal", 4184), ("Cal", 4184),
        ("kg·m^2/s^2", 1), ("W·s", 1), ("W·hr", 3600),
    ]
    static let frequencyInHertz: [(String, Double)] = [
        ("Hz", 1), ("kHz", 1000), ("1/s", 1), ("s^-1", 1), ("count/s", 1), ("count/min", 1.0 / 60),
        ("1/min", 1.0 / 60), ("count/hr", 1.0 / 3600), ("1/ms", 1000),
    ]
    static let powerInWatts: [(String, Double)] = [
        ("W", 1), ("kW", 1000), ("mW", 0.001), ("J/s", 1), ("kcal/hr", 4184.0 / 3600), ("S·V^2", 1),
        ("kg*m^2*s^-3", 1),
    ]
    static let angleInRadians: [(String, Double)] = [
        ("rad", 1), ("mrad", 0.001), ("deg", Double.pi / 180),
    ]
    static let speedInMetersPerSecond: [(String, Double)] = [
        ("m/s", 1), ("km/hr", 1000.0 / 3600), ("mi/hr", 1609.34 / 3600), ("ft/s", 0.3048), ("m/min", 1.0 / 60),
    ]

    static let conversions: [Conversion] = [
        massInGrams, lengthInMeters, volumeInLiters, pressureInPascals, timeInSeconds, energyInJoules,
        frequencyInHertz, powerInWatts, angleInRadians, speedInMetersPerSecond,
    ].flatMap(allPairs)

    @Test("family pair converts by the hand-entered factors", arguments: conversions)
    func converts(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
    }

    static let literals: [Conversion] = [
        Conversion(value: 1, from: "lb", to: "g", expected: 453.592),
        Conversion(value: 1, from: "st", to: "kg", expected: 6.35),
        Conversion(value: 16, from: "oz", to: "g", expected: 453.592),
        Conversion(value: 12, from: "in", to: "ft", expected: 1),
        Conversion(value: 3, from: "ft", to: "yd", expected: 1),
        Conversion(value: 1, from: "mi", to: "km", expected: 1.60934),
        Conversion(value: 8, from: "fl_oz_us", to: "cup_us", expected: 1),
        Conversion(value: 2, from: "cup_us", to: "pt_us", expected: 1),
        Conversion(value: 20, from: "fl_oz_imp", to: "pt_imp", expected: 1),
        Conversion(value: 10, from: "fl_oz_imp", to: "cup_imp", expected: 1),
        Conversion(value: 1, from: "L", to: "m^3", expected: 0.001),
        Conversion(value: 1, from: "mL", to: "cm^3", expected: 1),
        Conversion(value: 1, from: "atm", to: "kPa", expected: 101.325),
        Conversion(value: 120, from: "mmHg", to: "kPa", expected: 15.998688),
        Conversion(value: 1, from: "inHg", to: "hPa", expected: 33.8638816),
        Conversion(value: 10, from: "cmAq", to: "Pa", expected: 980.665),
        Conversion(value: 1, from: "d", to: "min", expected: 1440),
        Conversion(value: 90, from: "min", to: "hr", expected: 1.5),
        Conversion(value: 1, from: "kcal", to: "kJ", expected: 4.184),
        Conversion(value: 1000, from: "cal", to: "Cal", expected: 1),
        Conversion(value: 1, from: "Cal", to: "kcal", expected: 1),
        Conversion(value: 180, from: "deg", to: "rad", expected: Double.pi),
        Conversion(value: 72, from: "count/min", to: "Hz", expected: 1.2),
        Conversion(value: 1, from: "m/s", to: "km/hr", expected: 3.6),
        Conversion(value: 60, from: "mi/hr", to: "km/hr", expected: 96.5604),
        Conversion(value: 1, from: "kcal/hr", to: "W", expected: 1.1622222222222222),
    ]

    @Test("hand-computed literal conversions", arguments: literals)
    func literal(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
    }
}
