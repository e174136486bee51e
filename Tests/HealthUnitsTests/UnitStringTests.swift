import Testing
import TestSupport
import HealthUnits

/// Canonical `unitString` output, round trips and the hkunit corpora.
@Suite("unitString normalisation and corpora")
struct UnitStringTests {
    static let normalised: [(String, String)] = [
        ("ml/(kg*min)", "mL/min·kg"),
        ("mL/kg·min", "mL/min·kg"),
        ("mL/min·kg", "mL/min·kg"),
        ("kcal/(kg*hr)", "kcal/hr·kg"),
        ("kcal/hr·kg", "kcal/hr·kg"),
        ("mg/dl", "mg/dL"),
        ("l/min", "L/min"),
        ("L", "L"),
        ("m/s^2", "m/s^2"),
        ("m^3", "m^3"),
        ("m.m.m", "m^3"),
        ("count/min", "count/min"),
        ("count", "count"),
        ("1/s", "1/s"),
        ("s^-1", "1/s"),
        ("1/s^2", "1/s^2"),
        ("kg/m.s^2", "kg/s^2·m"),
        ("kg/(m.s^2)", "kg/s^2·m"),
        ("kg.m^-1.s^-2", "kg/s^2·m"),
        ("kg*m^2*s^-3", "kg·m^2/s^3"),
        ("m*kg", "kg·m"),
        ("(kg)", "kg"),
        ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"),
        ("mmol<180.1558800000541>/L", "mmol<180.1558800000541>/L"),
        ("mol<180.1558>", "mol<180.1558>"),
        ("mol<180.0>", "mol<180>"),
        ("mcg", "mcg"),
        ("%", "%"),
        ("Cal", "Cal"),
        ("degC·m", "m·degC"),
        ("m/m", "()"),
        ("", "()"),
        ("()", "()"),
    ]

    @Test("unit strings are normalised as HealthKit writes them", arguments: normalised)
    func normalises(_ pair: (String, String)) throws {
        let unit = try HKUnit.checked(from: pair.0)
        #expect(unit.unitString == pair.1)
        #expect(unit.description == pair.1)
        #expect(HKUnit(from: unit.unitString) == unit)
    }

    @Test("the null unit")
    func nullUnit() {
        #expect(HKUnit(from: "").isNull())
        #expect(HKUnit(from: "()").isNull())
        #expect(HKUnit(from: "count/count").isNull())
        #expect(!HKUnit.count().isNull())
        #expect(HKUnit(from: "") == HKUnit.gram().unitDivided(by: .gram()))
    }

    @Test("unit math builds the same canonical strings")
    func unitMath() {
        #expect(HKUnit.count().unitDivided(by: .minute()).unitString == "count/min")
        let vo2 = HKUnit.literUnit(with: .milli).unitDivided(by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .minute()))
        #expect(vo2.unitString == "mL/min·kg")
        #expect(vo2 == HKUnit(from: "ml/(kg*min)"))
        let met = HKUnit.kilocalorie().unitDivided(by: HKUnit.hour().unitMultiplied(by: .gramUnit(with: .kilo)))
        #expect(met.unitString == "kcal/hr·kg")
        let glucose = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        #expect(glucose.unitString == "mmol<180.15588000005408>/L")
        #expect(HKUnit.meter().unitDivided(by: HKUnit.second().unitRaised(toPower: 2)).unitString == "m/s^2")
        #expect(HKUnit.meterUnit(with: .kilo).unitString == "km")
    }

    static let corpusFiles = [
        "hkunit-atomic-unit-strings.txt",
        "hkunit-example-strings-from-code-and-docs.txt",
        "hkunit-unit-strings-observed-in-exports.txt",
    ]

    @Test("every corpus string parses and round-trips through unitString", arguments: corpusFiles)
    func corpus(_ file: String) throws {
        guard let lines = try TestData.lines("hkunit", file) else {
            print(TestData.missingMessage)
            return
        }
        #expect(lines.count > 20)
        for line in lines {
            let unit = try HKUnit.checked(from: line)
            let again = try HKUnit.checked(from: unit.unitString)
            #expect(again == unit, "\(line) → \(unit.unitString) → \(again.unitString)")
            #expect(again.unitString == unit.unitString)
            #expect(!unit.unitString.contains("("))
        }
    }

    @Test("observed export strings are already canonical (except the older mL/kg·min order)")
    func exportsCanonical() throws {
        guard let lines = try TestData.lines("hkunit", "hkunit-unit-strings-observed-in-exports.txt") else {
            print(TestData.missingMessage)
            return
        }
        for line in lines where line != "mL/kg\u{00B7}min" {
            #expect(HKUnit(from: line).unitString == line)
        }
    }

    @Test("equality and hash follow unitString")
    func equality() {
        let a = HKUnit(from: "mg/dl")
        let b = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(Set([a, b, HKUnit(from: "mg/dL")]).count == 1)
        #expect(HKUnit.kilocalorie() != HKUnit.largeCalorie())
        #expect(!a.isEqual("mg/dL"))
    }
}
