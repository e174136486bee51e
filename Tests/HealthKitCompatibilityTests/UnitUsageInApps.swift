// HKUnit and HKQuantity written the way HealthKit apps write them: unit helpers in extensions,
// unit strings from Apple's documentation, factory chains, conversions for display, comparisons.
// Expected values are worked out by hand from the unit definitions in HealthKit's header.
import Foundation
import HealthKit
import Testing

// Apps commonly hang their units off HKUnit. These three shapes (a class var returning Self, a class func
// calling self.init, a static stored constant) must all compile against OpenHealthKit's HKUnit.
extension HKUnit {
    class var beatsPerMinuteForTests: Self { Self(from: "count/min") }
    class func countPerMinuteForTests() -> Self { self.init(from: "count/min") }
    static let milligramsPerDeciliterForTests = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
}

// Apps wrap doubleValue(for:) for integer displays (step counts, calories).
extension HKQuantity {
    fileprivate func roundedValue(for unit: HKUnit) -> Int { Int(doubleValue(for: unit).rounded()) }
}

/// The unit a typical app chooses to display each type in, keyed by identifier.
private let preferredDisplayUnits: [HKQuantityTypeIdentifier: HKUnit] = [
    .stepCount: .count(),
    .heartRate: HKUnit.count().unitDivided(by: .minute()),
    .bodyMass: .pound(),
    .height: .inch(),
    .bodyTemperature: .degreeFahrenheit(),
    .bloodGlucose: HKUnit(from: "mg/dL"),
    .activeEnergyBurned: .kilocalorie(),
    .dietaryWater: .fluidOunceUS(),
    .heartRateVariabilitySDNN: .secondUnit(with: .milli),
    .vo2Max: HKUnit(from: "ml/kg*min"),
    .oxygenSaturation: .percent(),
    .environmentalAudioExposure: .decibelAWeightedSoundPressureLevel(),
    .insulinDelivery: .internationalUnit(),
]

@Suite("HKUnit and HKQuantity as HealthKit apps use them")
struct UnitUsageInApps {
    @Test func unitStringsFromTheInitFromDocumentation() {
        let count = HKUnit(from: "count")
        let mass = HKUnit(from: "kg")
        let acceleration = HKUnit(from: "m/s^2")
        #expect(count == .count())
        #expect(mass == .gramUnit(with: .kilo))
        #expect(acceleration == HKUnit.meter().unitDivided(by: HKUnit.second().unitRaised(toPower: 2)))
        #expect(acceleration.unitString == "m/s^2")
        // 1 m/s² is 3600² / 1000 = 12 960 km/hr².
        let kmPerHourSquared = HKUnit.meterUnit(with: .kilo).unitDivided(by: HKUnit.hour().unitRaised(toPower: 2))
        #expect(abs(HKQuantity(unit: acceleration, doubleValue: 1).doubleValue(for: kmPerHourSquared) - 12_960) < 1e-9)
    }

    @Test func prefixedFactoriesFromTheMeterAndLiterDocumentation() {
        let km = HKUnit.meterUnit(with: .kilo)
        let cm = HKUnit.meterUnit(with: .centi)
        let ml = HKUnit.literUnit(with: .milli)
        #expect(km.unitString == "km" && cm.unitString == "cm" && ml.unitString == "mL")
        #expect(HKQuantity(unit: km, doubleValue: 1.5).doubleValue(for: cm) == 150_000)
        #expect(HKQuantity(unit: .liter(), doubleValue: 2).doubleValue(for: ml) == 2000)
        #expect(HKQuantity(unit: ml, doubleValue: 250).doubleValue(for: .liter()) == 0.25)
    }

    @Test func unitHelpersDeclaredInAppExtensions() {
        #expect(HKUnit.beatsPerMinuteForTests == HKUnit.count().unitDivided(by: HKUnit.minute()))
        #expect(HKUnit.countPerMinuteForTests().unitString == "count/min")
        #expect(HKUnit.milligramsPerDeciliterForTests.unitString == "mg/dL")
        let heartRate = HKQuantity(unit: .beatsPerMinuteForTests, doubleValue: 72)
        #expect(heartRate.roundedValue(for: .countPerMinuteForTests()) == 72)
        // 72 beats per minute is 1.2 per second, the canonical count/s of heartRate.
        #expect(abs(heartRate.doubleValue(for: HKQuantityType(.heartRate).canonicalUnit) - 1.2) < 1e-12)
    }

    @Test func everyPreferredDisplayUnitFitsItsType() {
        for (identifier, unit) in preferredDisplayUnits {
            let type = HKQuantityType(identifier)
            #expect(type.is(compatibleWith: unit), "\(unit) should fit \(identifier.rawValue)")
        }
        #expect(!HKQuantityType(.stepCount).is(compatibleWith: .meter()))
        #expect(!HKQuantityType(.insulinDelivery).is(compatibleWith: .gram()))
    }

    @Test func bodyMeasurementsConvertedForDisplay() {
        let weight = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 80)
        // 80 / 0.453592 = 176.36995...
        #expect(abs(weight.doubleValue(for: .pound()) - 176.369_953_614_702_2) < 1e-9)
        // 14 lb to the stone: 176.37 lb is 12.598 st.
        #expect(abs(weight.doubleValue(for: .stone()) - 80_000 / 6350.0) < 1e-12)
        let height = HKQuantity(unit: .inch(), doubleValue: 70)
        #expect(abs(height.doubleValue(for: .meterUnit(with: .centi)) - 177.8) < 1e-9)
        #expect(abs(height.doubleValue(for: .foot()) - 70.0 / 12.0) < 1e-12)
    }

    @Test func bodyTemperatureBothWays() {
        let normal = HKQuantity(unit: .degreeCelsius(), doubleValue: 37)
        #expect(abs(normal.doubleValue(for: .degreeFahrenheit()) - 98.6) < 1e-9)
        #expect(abs(normal.doubleValue(for: .kelvin()) - 310.15) < 1e-9)
        let fever = HKQuantity(unit: HKUnit(from: "degF"), doubleValue: 102.2)
        #expect(abs(fever.doubleValue(for: HKUnit(from: "degC")) - 39) < 1e-9)
    }

    @Test func bloodGlucoseInMilligramsAndMillimoles() {
        let mgPerdL = HKUnit(from: "mg/dL")
        let mmolPerL = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        // 100 mg/dL = 1 g/L; divided by 180.15588 g/mol that is 5.55074 mmol/L.
        let reading = HKQuantity(unit: mgPerdL, doubleValue: 100)
        #expect(abs(reading.doubleValue(for: mmolPerL) - 1000 / 180.155_880_000_054_08) < 1e-9)
        #expect(mmolPerL.unitString == "mmol<180.15588000005408>/L")
        #expect(HKUnit(from: "mmol<180.15588000005408>/L") == mmolPerL)
    }

    @Test func nutritionUnits() {
        let vitaminD = HKQuantity(unit: HKUnit(from: "mcg"), doubleValue: 25)
        #expect(HKUnit(from: "mcg") == .gramUnit(with: .micro))
        #expect(abs(vitaminD.doubleValue(for: .gramUnit(with: .milli)) - 0.025) < 1e-15)
        let water = HKQuantity(unit: .fluidOunceUS(), doubleValue: 16)
        // One US fluid ounce is 29.5735295625 mL.
        #expect(abs(water.doubleValue(for: .literUnit(with: .milli)) - 473.176_473) < 1e-9)
        #expect(abs(HKQuantity(unit: .cupUS(), doubleValue: 1).doubleValue(for: .fluidOunceUS()) - 8) < 1e-12)
        let meal = HKQuantity(unit: .largeCalorie(), doubleValue: 500)
        #expect(meal.doubleValue(for: .kilocalorie()) == 500)
        #expect(meal.doubleValue(for: .jouleUnit(with: .kilo)) == 2092)
        #expect(meal.doubleValue(for: .smallCalorie()) == 500_000)
    }

    @Test func fitnessRates() {
        let vo2 = HKUnit(from: "ml/kg*min")
        #expect(vo2 == HKUnit(from: "ml/(kg*min)"))
        #expect(vo2 == HKUnit.literUnit(with: .milli).unitDivided(by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .minute())))
        #expect(vo2.unitString == "mL/min·kg")
        // 42 mL/(kg·min) = 0.042 L/(kg·min) = 2.52 L/(kg·hr).
        let litersPerKgHour = HKUnit.liter().unitDivided(by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .hour()))
        #expect(abs(HKQuantity(unit: vo2, doubleValue: 42).doubleValue(for: litersPerKgHour) - 2.52) < 1e-12)

        let speed = HKUnit.meter().unitDivided(by: .second())
        #expect(abs(HKQuantity(unit: speed, doubleValue: 3).doubleValue(for: HKUnit(from: "km/hr")) - 10.8) < 1e-12)
        let cadence = HKUnit.count().unitDivided(by: .minute())
        #expect(abs(HKQuantity(unit: cadence, doubleValue: 180).doubleValue(for: .hertz()) - 3) < 1e-12)
        let hrv = HKQuantity(unit: .secondUnit(with: .milli), doubleValue: 45)
        #expect(abs(hrv.doubleValue(for: .second()) - 0.045) < 1e-15)
    }

    @Test func pressureSoundAndPercentages() {
        let systolic = HKQuantity(unit: .millimeterOfMercury(), doubleValue: 120)
        // 120 × 133.3224 Pa.
        #expect(abs(systolic.doubleValue(for: .pascalUnit(with: .kilo)) - 15.998_688) < 1e-9)
        let noise = HKQuantity(unit: .decibelAWeightedSoundPressureLevel(), doubleValue: 80)
        // 2e-5 Pa × 10^(80/20) = 0.2 Pa.
        #expect(abs(noise.doubleValue(for: .pascal()) - 0.2) < 1e-12)
        // HealthKit stores percentages as fractions in the percent unit: 0.97 is 97 %.
        let saturation = HKQuantity(unit: .percent(), doubleValue: 0.97)
        #expect(saturation.doubleValue(for: .percent()) == 0.97)
        #expect(HKUnit(from: "%") == .percent())
    }

    @Test func comparingAndSortingQuantities() {
        let morning = HKQuantity(unit: .pound(), doubleValue: 150)
        let evening = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 68.5)
        // 150 lb = 68.0388 kg.
        #expect(morning.compare(evening) == .orderedAscending)
        #expect(evening.compare(morning) == .orderedDescending)
        #expect(morning.compare(HKQuantity(unit: .pound(), doubleValue: 150)) == .orderedSame)
        let readings = [evening, morning, HKQuantity(unit: .ounce(), doubleValue: 2400)]   // 2400 oz = 150 lb... = 68.0388 kg
        let sorted = readings.sorted { $0.compare($1) == .orderedAscending }
        #expect(sorted.first?.doubleValue(for: .pound()) ?? 0 < 151)
        #expect(sorted.last === evening)
        #expect(morning.is(compatibleWith: .stone()))
        #expect(!morning.is(compatibleWith: .liter()))
    }

    @Test func summingSampleValuesAsDashboardsDo() {
        let steps = [1200.0, 3400, 5000].map { HKQuantity(unit: .count(), doubleValue: $0) }
        let total = steps.reduce(0) { $0 + $1.doubleValue(for: .count()) }
        #expect(total == 9600)
        let distances = [HKQuantity(unit: .mile(), doubleValue: 1), HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 2)]
        let meters = distances.reduce(0) { $0 + $1.doubleValue(for: .meter()) }
        #expect(abs(meters - 3609.34) < 1e-9)
    }

    @Test func foundationFormatterUnitsBridge() {
        #expect(HKUnit(from: MassFormatter.Unit.kilogram) == .gramUnit(with: .kilo))
        #expect(HKUnit(from: LengthFormatter.Unit.mile) == .mile())
        #expect(HKUnit(from: EnergyFormatter.Unit.kilocalorie) == .kilocalorie())
        #expect(HKUnit.massFormatterUnit(from: .pound()) == .pound)
        #expect(HKUnit.lengthFormatterUnit(from: .meterUnit(with: .centi)) == .centimeter)
        #expect(HKUnit.energyFormatterUnit(from: .largeCalorie()) == .kilocalorie)
    }

    @Test func unitsAndQuantitiesAsDictionaryKeysAndCopies() {
        var byUnit: [HKUnit: String] = [:]
        byUnit[HKUnit(from: "count/min")] = "bpm"
        #expect(byUnit[HKUnit.count().unitDivided(by: .minute())] == "bpm")
        let unit = HKUnit(from: "kg")
        #expect(unit.copy() as? HKUnit == unit)
        let quantity = HKQuantity(unit: .count(), doubleValue: 3)
        #expect(quantity.copy() as? HKQuantity == quantity)
        #expect(Set([HKUnit.gram(), HKUnit(from: "g"), HKUnit.gramUnit(with: .none)]).count == 1)
    }

    @Test func nullUnitAndReciprocals() {
        let null = HKUnit.count().unitDivided(by: .count())
        #expect(null.isNull())
        #expect(HKUnit.hertz().reciprocal() == HKUnit(from: "1/Hz"))
        #expect(HKUnit.second().reciprocal().unitString == "1/s")
        #expect(HKUnit(from: "").isNull())
    }

    @Test func untrustedUnitStringsGoThroughTheCheckedTwin() {
        // OpenHealthKit extension: apps that parse user input use the throwing twin instead of trapping.
        #expect(throws: UnitParseError.self) { try HKUnit.checked(from: "furlongs/fortnight") }
        #expect((try? HKUnit.checked(from: "mg/dL")) == HKUnit(from: "mg/dL"))
    }

    @Test func convertingToAnIncompatibleUnitTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantity(unit: .count(), doubleValue: 10).doubleValue(for: .meter())
        }
    }

    @Test func anUnknownUnitStringTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit(from: "bpm")
        }
    }
}
