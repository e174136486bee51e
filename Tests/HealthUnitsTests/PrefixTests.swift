import Testing
import TestSupport
import HealthUnits

/// Metric prefixes on every prefixable SI unit, HKMetricPrefix raw values and factories.
@Suite("Metric prefixes")
struct PrefixTests {
    static let prefixFactors: [(String, Double)] = [
        ("f", 1e-15), ("p", 1e-12), ("n", 1e-9), ("mc", 1e-6), ("m", 1e-3), ("c", 1e-2), ("d", 1e-1),
        ("da", 1e1), ("h", 1e2), ("k", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12),
    ]
    static let siUnits = ["g", "m", "L", "Pa", "s", "J", "K", "S", "Hz", "V", "W", "rad", "lx", "mol<180.15588000005408>"]

    static let prefixed: [Conversion] = prefixFactors.flatMap { prefix in
        siUnits.map { unit in Conversion(value: 3, from: prefix.0 + unit, to: unit, expected: 3 * prefix.1) }
    }

    @Test("prefix scales the SI unit", arguments: prefixed)
    func scales(_ conversion: Conversion) throws {
        let actual = try convert(conversion.value, conversion.from, conversion.to)
        #expect(isClose(actual, conversion.expected), "\(conversion): got \(actual)")
        #expect(HKUnit(from: conversion.from).unitString == conversion.from)
    }

    @Test("every prefix in the corpus combines with every SI unit")
    func corpusPrefixes() throws {
        guard let prefixes = try TestData.lines("hkunit", "hkunit-metric-prefixes.txt") else {
            print(TestData.missingMessage)
            return
        }
        #expect(prefixes.count == 13)
        for prefix in prefixes {
            for unit in Self.siUnits {
                let parsed = try HKUnit.checked(from: prefix + unit)
                #expect(parsed.unitString == prefix + unit)
            }
        }
    }

    @Test("HKMetricPrefix has HealthKit's raw values")
    func rawValues() {
        let expected: [(HKMetricPrefix, Int)] = [
            (.none, 0), (.pico, 1), (.nano, 2), (.micro, 3), (.milli, 4), (.centi, 5), (.deci, 6), (.deca, 7),
            (.hecto, 8), (.kilo, 9), (.mega, 10), (.giga, 11), (.tera, 12), (.femto, 13),
        ]
        for (prefix, raw) in expected {
            #expect(prefix.rawValue == raw)
            #expect(HKMetricPrefix(rawValue: raw) == prefix)
        }
    }

    static let factoryStrings: [(HKMetricPrefix, String)] = [
        (.none, "g"), (.pico, "pg"), (.nano, "ng"), (.micro, "mcg"), (.milli, "mg"), (.centi, "cg"), (.deci, "dg"),
        (.deca, "dag"), (.hecto, "hg"), (.kilo, "kg"), (.mega, "Mg"), (.giga, "Gg"), (.tera, "Tg"), (.femto, "fg"),
    ]

    @Test("prefixed factories write the HealthKit prefix symbol")
    func factories() {
        for (prefix, grams) in Self.factoryStrings {
            #expect(HKUnit.gramUnit(with: prefix).unitString == grams)
            let symbol = String(grams.dropLast())
            #expect(HKUnit.meterUnit(with: prefix).unitString == symbol + "m")
            #expect(HKUnit.literUnit(with: prefix).unitString == symbol + "L")
            #expect(HKUnit.secondUnit(with: prefix).unitString == symbol + "s")
            #expect(HKUnit.pascalUnit(with: prefix).unitString == symbol + "Pa")
            #expect(HKUnit.jouleUnit(with: prefix).unitString == symbol + "J")
            #expect(HKUnit.siemenUnit(with: prefix).unitString == symbol + "S")
            #expect(HKUnit.hertzUnit(with: prefix).unitString == symbol + "Hz")
            #expect(HKUnit.voltUnit(with: prefix).unitString == symbol + "V")
            #expect(HKUnit.wattUnit(with: prefix).unitString == symbol + "W")
            #expect(HKUnit.radianAngleUnit(with: prefix).unitString == symbol + "rad")
            #expect(HKUnit.luxUnit(with: prefix).unitString == symbol + "lx")
            #expect(HKUnit.moleUnit(with: prefix, molarMass: 18).unitString == symbol + "mol<18>")
        }
    }

    @Test("µ (U+00B5) and μ (U+03BC) read as micro and are written mc", arguments: ["\u{00B5}g", "\u{03BC}g"])
    func micro(_ string: String) throws {
        let unit = try HKUnit.checked(from: string)
        #expect(unit.unitString == "mcg")
        #expect(unit == HKUnit.gramUnit(with: .micro))
    }

    @Test("prefixes do not apply to non-SI units", arguments: ["kmin", "mlb", "kcount", "cd", "mmin", "kdegC", "mcal", "kIU"])
    func notPrefixable(_ string: String) {
        #expect(throws: UnitParseError.self) { try HKUnit.checked(from: string) }
    }
}
