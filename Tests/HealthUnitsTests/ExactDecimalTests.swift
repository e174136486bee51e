import Foundation
import Testing
import HealthUnits

/// Units that differ by a power of ten convert exactly: prefixes move a decimal exponent, never a rounded
/// `0.001`, so these results are compared with `==`, not with a tolerance.
@Suite("Exact decimal conversions")
struct ExactDecimalTests {
    static let exact: [Conversion] = [
        Conversion(value: 2, from: "L", to: "mL", expected: 2000),
        Conversion(value: 1, from: "kg", to: "mg", expected: 1_000_000),
        Conversion(value: 1.5, from: "km", to: "m", expected: 1500),
        Conversion(value: 250, from: "mL", to: "L", expected: 0.25),
        Conversion(value: 1, from: "mcg", to: "mg", expected: 0.001),
        Conversion(value: 3, from: "dL", to: "mL", expected: 300),
        Conversion(value: 100, from: "mg/dL", to: "g/L", expected: 1),
        Conversion(value: 1, from: "g/L", to: "mg/dL", expected: 100),
        Conversion(value: 0.1, from: "L", to: "mL", expected: 100),
        Conversion(value: 7, from: "nm", to: "mm", expected: 0.000007),
        Conversion(value: 5, from: "kJ", to: "J", expected: 5000),
        Conversion(value: 1, from: "kcal", to: "cal", expected: 1000),
        Conversion(value: 1, from: "kcal", to: "kJ", expected: 4.184),
        Conversion(value: 1, from: "lb", to: "g", expected: 453.592),
        Conversion(value: 1, from: "hr", to: "min", expected: 60),
        Conversion(value: 2, from: "m^3", to: "L", expected: 2000),
        Conversion(value: 1, from: "mL/kg", to: "L/g", expected: 0.000001),
        Conversion(value: 1, from: "mol<180>", to: "g", expected: 180),
        Conversion(value: 5, from: "mmol<180>/L", to: "mg/dL", expected: 90),
    ]

    @Test("decimal relations convert exactly", arguments: exact)
    func exactConversion(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(actual == conversion.expected, "\(conversion): got \(actual)")
    }

    @Test("the factories from HealthKit's documentation convert exactly")
    func factories() {
        let twoLiters = HKQuantity(unit: .liter(), doubleValue: 2)
        #expect(twoLiters.doubleValue(for: .literUnit(with: .milli)) == 2000)
        #expect(HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1).doubleValue(for: .gramUnit(with: .milli)) == 1_000_000)
        #expect(HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 1.5).doubleValue(for: .meter()) == 1500)
    }

    @Test("equal amounts in decimal units are equal quantities")
    func equality() {
        #expect(HKQuantity(unit: .liter(), doubleValue: 2) == HKQuantity(unit: .literUnit(with: .milli), doubleValue: 2000))
        #expect(HKQuantity(unit: HKUnit(from: "mg/dL"), doubleValue: 100) == HKQuantity(unit: HKUnit(from: "g/L"), doubleValue: 1))
        #expect(HKQuantity(unit: .liter(), doubleValue: 2).compare(HKQuantity(unit: .literUnit(with: .milli), doubleValue: 2000)) == .orderedSame)
    }

    @Test("factorToBase is the nearest double to the decimal factor")
    func factors() {
        #expect(HKUnit(from: "mg").factorToBase == 1e-6)
        #expect(HKUnit(from: "mL").factorToBase == 1e-6)
        #expect(HKUnit(from: "mg/dL").factorToBase == 0.01)
        #expect(HKUnit(from: "lb").factorToBase == 0.453592)
        #expect(HKUnit(from: "fL").factorToBase == 1e-18)
    }

    @Test("extreme prefixes and powers stay finite and consistent")
    func extremes() throws {
        #expect(try convert(1, "Tm", "fm") == 1e27)
        // Beyond 10²² a power of ten is not a double, so the shift takes several steps and may round.
        #expect(isClose(try convert(1, "fm^3", "Tm^3"), 1e-81))
        let huge = try HKUnit.checked(from: "lb^1000")
        #expect(huge.factorToBase == 0)
        #expect(try convert(1, "lb^1000", "lb^1000") == 1)
    }
}
