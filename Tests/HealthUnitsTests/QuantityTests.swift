import Foundation
import Testing
@testable import HealthUnits

/// HKQuantity behaviour, percent semantics, caching, formatter bridges and the inspection extension.
@Suite("HKQuantity and HKUnit API")
struct QuantityTests {
    @Test("description is value, space, unitString")
    func description() {
        #expect(HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 5).description == "5 km")
        #expect(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 98.6).description == "98.6 degF")
        #expect(HKQuantity(unit: HKUnit(from: "ml/(kg*min)"), doubleValue: 42.5).description == "42.5 mL/min·kg")
        #expect(HKQuantity(unit: .count(), doubleValue: -3).description == "-3 count")
    }

    @Test("compare converts to the receiver's unit")
    func compare() {
        let kilogram = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1)
        #expect(kilogram.compare(HKQuantity(unit: .gram(), doubleValue: 1000)) == .orderedSame)
        #expect(kilogram.compare(HKQuantity(unit: .pound(), doubleValue: 1)) == .orderedDescending)
        #expect(kilogram.compare(HKQuantity(unit: .pound(), doubleValue: 3)) == .orderedAscending)
        let fever = HKQuantity(unit: .degreeCelsius(), doubleValue: 38)
        #expect(fever.compare(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 98.6)) == .orderedDescending)
        #expect(throws: Never.self) { try fever.checkedCompare(HKQuantity(unit: .kelvin(), doubleValue: 0)) }
    }

    @Test("equality is by value in base units; hash is consistent")
    func equality() {
        let a = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1)
        let b = HKQuantity(unit: .gram(), doubleValue: 1000)
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(a != HKQuantity(unit: .gram(), doubleValue: 999))
        #expect(HKQuantity(unit: .count(), doubleValue: 1) != HKQuantity(unit: .second(), doubleValue: 1))
    }

    @Test("doubleValue(for:) returns the stored value for an equal unit")
    func sameUnit() {
        let quantity = HKQuantity(unit: HKUnit(from: "mg/dl"), doubleValue: 0.1 + 0.2)
        #expect(quantity.doubleValue(for: HKUnit(from: "mg/dL")) == 0.1 + 0.2)
        #expect(quantity.originalValue == 0.1 + 0.2)
        #expect(quantity.originalUnit == HKUnit(from: "mg/dL"))
    }

    @Test("copies are the same immutable object")
    func copies() {
        let unit = HKUnit(from: "mg/dL")
        #expect(unit.copy() as? HKUnit === unit)
        let quantity = HKQuantity(unit: unit, doubleValue: 90)
        #expect(quantity.copy() as? HKQuantity === quantity)
    }

    @Test("percent is the dimensionless 1/100")
    func percent() {
        let half = HKQuantity(unit: .percent(), doubleValue: 50)
        #expect(half.is(compatibleWith: .count()))
        #expect(isClose(half.doubleValue(for: .count()), 0.5))
        #expect(isClose(HKQuantity(unit: .count(), doubleValue: 0.25).doubleValue(for: .percent()), 25))
        #expect(HKQuantity(unit: .percent(), doubleValue: 0.5).doubleValue(for: .percent()) == 0.5)
        #expect(HKUnit.percent().dimensionDescription == "dimensionless")
    }

    @Test("parsing is cached per input string, including from many threads")
    func caching() async {
        let strings = ["mg/dL", "count/min", "mL/kg\u{00B7}min", "kcal/(kg*hr)", "mmol<180.15588000005408>/L", "m/s^2"]
        let first = strings.map { HKUnit(from: $0) }
        for string in strings { #expect(UnitCache.shared.contains(string)) }
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<32 {
                group.addTask { strings.map { HKUnit(from: $0).unitString } }
            }
            return await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        for result in results { #expect(result == first.map(\.unitString)) }
        #expect(HKUnit(from: "mg/dL") == first[0])
    }

    @Test("formatter bridges map both ways")
    func formatterBridges() {
        #expect(HKUnit(from: MassFormatter.Unit.kilogram) == .gramUnit(with: .kilo))
        #expect(HKUnit(from: MassFormatter.Unit.stone).unitString == "st")
        #expect(HKUnit.massFormatterUnit(from: .pound()) == .pound)
        #expect(HKUnit(from: LengthFormatter.Unit.yard).unitString == "yd")
        #expect(HKUnit(from: LengthFormatter.Unit.millimeter).unitString == "mm")
        #expect(HKUnit.lengthFormatterUnit(from: .meterUnit(with: .kilo)) == .kilometer)
        #expect(HKUnit(from: EnergyFormatter.Unit.calorie).unitString == "cal")
        #expect(HKUnit(from: EnergyFormatter.Unit.kilojoule).unitString == "kJ")
        #expect(HKUnit.energyFormatterUnit(from: .largeCalorie()) == .kilocalorie)
        #expect(HKUnit.energyFormatterUnit(from: .kilocalorie()) == .kilocalorie)
    }

    @Test("factories write HealthKit's symbols")
    func factorySymbols() {
        let expected: [(HKUnit, String)] = [
            (.gram(), "g"), (.ounce(), "oz"), (.pound(), "lb"), (.stone(), "st"), (.meter(), "m"), (.inch(), "in"),
            (.foot(), "ft"), (.yard(), "yd"), (.mile(), "mi"), (.liter(), "L"), (.fluidOunceUS(), "fl_oz_us"),
            (.fluidOunceImperial(), "fl_oz_imp"), (.pintUS(), "pt_us"), (.pintImperial(), "pt_imp"),
            (.cupUS(), "cup_us"), (.cupImperial(), "cup_imp"), (.pascal(), "Pa"), (.millimeterOfMercury(), "mmHg"),
            (.centimeterOfWater(), "cmAq"), (.atmosphere(), "atm"), (.decibelAWeightedSoundPressureLevel(), "dBASPL"),
            (.inchesOfMercury(), "inHg"), (.second(), "s"), (.minute(), "min"), (.hour(), "hr"), (.day(), "d"),
            (.joule(), "J"), (.kilocalorie(), "kcal"), (.smallCalorie(), "cal"), (.largeCalorie(), "Cal"),
            (.degreeCelsius(), "degC"), (.degreeFahrenheit(), "degF"), (.kelvin(), "K"), (.siemen(), "S"),
            (.internationalUnit(), "IU"), (.count(), "count"), (.percent(), "%"), (.decibelHearingLevel(), "dBHL"),
            (.hertz(), "Hz"), (.volt(), "V"), (.watt(), "W"), (.diopter(), "D"), (.prismDiopter(), "pD"),
            (.radianAngle(), "rad"), (.degreeAngle(), "deg"), (.lux(), "lx"), (.appleEffortScore(), "appleEffortScore"),
            (.moleUnit(withMolarMass: HKUnitMolarMassBloodGlucose), "mol<180.15588000005408>"),
        ]
        for (unit, symbol) in expected {
            #expect(unit.unitString == symbol)
            #expect(HKUnit(from: symbol) == unit)
        }
    }

    @Test("inspection extension: dimension, factor and offset to base SI")
    func inspection() {
        let glucose = HKUnit(from: "mg/dL")
        #expect(glucose.dimensionDescription == "mass·length^-3")
        #expect(isClose(glucose.factorToBase, 0.01))
        #expect(HKUnit(from: "count/min").dimensionDescription == "time^-1")
        #expect(HKUnit(from: "Pa").dimensionDescription == "mass·length^-1·time^-2")
        #expect(HKUnit(from: "ml/(kg*min)").dimensionDescription == "mass^-1·length^3·time^-1")
        #expect(isClose(HKUnit(from: "ml/(kg*min)").factorToBase, 1e-6 / 60))
        #expect(isClose(HKUnit.degreeFahrenheit().factorToBase, 5.0 / 9))
        #expect(isClose(HKUnit.degreeFahrenheit().offsetToBase, 459.67 * 5 / 9))
        #expect(HKUnit.degreeCelsius().offsetToBase == 273.15)
        #expect(HKUnit.decibelAWeightedSoundPressureLevel().isLogarithmic)
        #expect(HKUnit.decibelAWeightedSoundPressureLevel().factorToBase.isNaN)
        #expect(HKUnit.internationalUnit().dimensionDescription == "pharmacology")
        #expect(HKUnit.count().isCompatible(with: .percent()))
    }
}
