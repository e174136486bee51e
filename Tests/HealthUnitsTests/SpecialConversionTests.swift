import Foundation
import Testing
import HealthUnits

/// Affine temperature, logarithmic sound level, molar glucose and compound units.
@Suite("Temperature, decibel, molar and compound conversions")
struct SpecialConversionTests {
    static let temperatures: [Conversion] = [
        Conversion(value: 0, from: "K", to: "degC", expected: -273.15),
        Conversion(value: 0, from: "K", to: "degF", expected: -459.67),
        Conversion(value: -40, from: "degC", to: "degF", expected: -40),
        Conversion(value: -40, from: "degF", to: "degC", expected: -40),
        Conversion(value: 98.6, from: "degF", to: "degC", expected: 37),
        Conversion(value: 37, from: "degC", to: "degF", expected: 98.6),
        Conversion(value: 100, from: "degC", to: "degF", expected: 212),
        Conversion(value: 32, from: "degF", to: "degC", expected: 0),
        Conversion(value: 0, from: "degC", to: "K", expected: 273.15),
        Conversion(value: 212, from: "degF", to: "K", expected: 373.15),
        Conversion(value: 300, from: "K", to: "degF", expected: 80.33),
        Conversion(value: 20, from: "degC", to: "K", expected: 293.15),
        Conversion(value: 1500, from: "mK", to: "K", expected: 1.5),
        Conversion(value: 36.6, from: "degC", to: "degC", expected: 36.6),
    ]

    @Test("temperature is affine when alone", arguments: temperatures)
    func temperature(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(abs(actual - conversion.expected) < 1e-9, "\(conversion): got \(actual)")
    }

    static let compoundTemperatures: [Conversion] = [
        Conversion(value: 1, from: "degC/m", to: "K/m", expected: 1),
        Conversion(value: 1, from: "degF·m", to: "K·m", expected: 5.0 / 9),
        Conversion(value: 1, from: "1/degC", to: "1/K", expected: 1),
        Conversion(value: 9, from: "degF/hr", to: "degC/hr", expected: 5),
        Conversion(value: 1, from: "degC^2", to: "K^2", expected: 1),
    ]

    @Test("temperature inside a compound is multiplicative", arguments: compoundTemperatures)
    func compoundTemperature(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
    }

    static let decibels: [Conversion] = [
        Conversion(value: 0, from: "dBASPL", to: "Pa", expected: 2e-5),
        Conversion(value: 20, from: "dBASPL", to: "Pa", expected: 2e-4),
        Conversion(value: 80, from: "dBASPL", to: "Pa", expected: 0.2),
        Conversion(value: 94, from: "dBASPL", to: "Pa", expected: 1.0023744672545446),
        Conversion(value: 100, from: "dBASPL", to: "mPa", expected: 2000),
        Conversion(value: 2e-5, from: "Pa", to: "dBASPL", expected: 0),
        Conversion(value: 0.2, from: "Pa", to: "dBASPL", expected: 80),
        Conversion(value: 2, from: "Pa", to: "dBASPL", expected: 100),
        Conversion(value: 1, from: "Pa", to: "dBASPL", expected: 93.97940008672037),
        Conversion(value: 200, from: "mPa", to: "dBASPL", expected: 80),
        Conversion(value: 70, from: "dBASPL", to: "dBASPL", expected: 70),
    ]

    @Test("dBASPL is logarithmic against Pa", arguments: decibels)
    func decibel(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected, tolerance: 1e-9), "\(conversion): got \(actual)")
    }

    @Test("dBASPL inside a compound is an opaque level, compatible only with the same level")
    func decibelCompound() throws {
        #expect(try convert(120, "dBASPL/min", "dBASPL/s") == 2)
        let perSecond = try HKQuantity(unit: .checked(from: "dBASPL/s"), doubleValue: 1)
        #expect(!perSecond.is(compatibleWith: HKUnit(from: "Pa/s")))
        #expect(HKUnit(from: "dBASPL").isLogarithmic)
        #expect(!HKUnit(from: "dBASPL/s").isLogarithmic)
    }

    static let glucose: [Conversion] = [
        Conversion(value: 1, from: "mmol<180.15588000005408>/L", to: "mg/dL", expected: 18.015588000005408),
        Conversion(value: 5.5, from: "mmol<180.15588000005408>/L", to: "mg/dL", expected: 99.08573400002974),
        Conversion(value: 180.15588000005408, from: "mg/dL", to: "mmol<180.15588000005408>/L", expected: 10),
        Conversion(value: 1, from: "mol<180.15588000005408>", to: "g", expected: 180.15588000005408),
        Conversion(value: 1, from: "mmol<180.1558800000541>/L", to: "mg/dL", expected: 18.01558800000541),
        Conversion(value: 2, from: "mcmol<100>", to: "mg", expected: 0.2),
        Conversion(value: 1, from: "mol<180.1558>", to: "mmol<180.1558>", expected: 1000),
        Conversion(value: 1, from: "mmol<18>/L", to: "g/L", expected: 0.018),
    ]

    @Test("molar units are masses (1 mol<M> = M g)", arguments: glucose)
    func molar(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
    }

    static let compounds: [Conversion] = [
        Conversion(value: 1, from: "ml/(kg*min)", to: "mL/min·kg", expected: 1),
        Conversion(value: 1, from: "mL/(kg·min)", to: "L/(kg·hr)", expected: 0.06),
        Conversion(value: 45, from: "mL/kg·min", to: "mL/g·min", expected: 0.045),
        Conversion(value: 1, from: "kcal/(kg*hr)", to: "kcal/hr·kg", expected: 1),
        Conversion(value: 1, from: "kcal/hr·kg", to: "W/kg", expected: 4184.0 / 3600),
        Conversion(value: 3.5, from: "mL/min·kg", to: "m^3/s·kg", expected: 3.5e-6 / 60),
        Conversion(value: 1, from: "kg/m.s^2", to: "Pa", expected: 1),
        Conversion(value: 1, from: "kg.m^-1.s^-2", to: "kg/(m.s^2)", expected: 1),
        Conversion(value: 9.81, from: "m/s^2", to: "ft/s^2", expected: 9.81 / 0.3048),
        Conversion(value: 1, from: "mg/dL", to: "g/L", expected: 0.01),
        Conversion(value: 1, from: "count/s", to: "count/min", expected: 60),
        Conversion(value: 1, from: "Hz", to: "count/min", expected: 60),
        Conversion(value: 2, from: "1/min", to: "1/s", expected: 2.0 / 60),
        Conversion(value: 4, from: "s^-2", to: "min^-2", expected: 14400),
        Conversion(value: 1, from: "1/mcs", to: "MHz", expected: 1),
        Conversion(value: 1, from: "J", to: "W·s", expected: 1),
        Conversion(value: 1, from: "W", to: "S·V^2", expected: 1),
    ]

    @Test("compound and reciprocal units reduce to base dimensions", arguments: compounds)
    func compound(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
    }

    @Test("reciprocal() and unitRaised(toPower:) agree with parsed strings")
    func reciprocalAndPowers() throws {
        let perSecond = HKUnit.second().reciprocal()
        #expect(perSecond == HKUnit(from: "1/s"))
        #expect(perSecond.unitString == "1/s")
        #expect(HKUnit.hertz().reciprocal().reciprocal() == HKUnit.hertz())
        #expect(HKUnit.meter().unitRaised(toPower: 3) == HKUnit(from: "m^3"))
        #expect(HKUnit.meter().unitRaised(toPower: 0).isNull())
        let quantity = HKQuantity(unit: .minute().reciprocal(), doubleValue: 120)
        #expect(isClose(quantity.doubleValue(for: .hertz()), 2))
        #expect(isClose(quantity.doubleValue(for: .count().unitDivided(by: .second())), 2))
    }
}
