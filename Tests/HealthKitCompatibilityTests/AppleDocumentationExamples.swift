// Code in the shape Apple's HealthKit documentation and sample apps write it, compiled with
// `import HealthKit` exactly as on iOS. If this file stops compiling, source compatibility broke.
import Foundation
import HealthKit
import Testing

@Suite("Apple documentation examples compile and behave with import HealthKit")
struct AppleDocumentationExamples {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var end: Date { start.addingTimeInterval(60) }

    @Test func heartRateSampleFromTheQuantitySampleDocumentation() {
        let quantityType = HKObjectType.quantityType(forIdentifier: .heartRate)!
        let bpm = HKUnit(from: "count/min")
        let quantity = HKQuantity(unit: bpm, doubleValue: 72.0)
        let sample = HKQuantitySample(type: quantityType, quantity: quantity, start: start, end: end)
        #expect(sample.quantity.doubleValue(for: HKUnit.count().unitDivided(by: HKUnit.minute())) == 72)
        #expect(sample.quantity.doubleValue(for: .hertz()) == 1.2)
        #expect(sample.quantityType == HKQuantityType(.heartRate))
        #expect(sample.startDate == start && sample.endDate == end)
    }

    @Test func readAndWriteTypeSetsAsInTheAuthorizationArticle() {
        let allTypes: Set = [
            HKQuantityType.workoutType(),
            HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.distanceCycling),
            HKQuantityType(.distanceWalkingRunning),
            HKQuantityType(.distanceWheelchair),
            HKQuantityType(.heartRate),
        ]
        #expect(allTypes.count == 6)
        let read: Set<HKObjectType> = [
            HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!,
            HKObjectType.quantityType(forIdentifier: .height)!,
            HKObjectType.quantityType(forIdentifier: .bodyMass)!,
            HKObjectType.clinicalType(forIdentifier: .allergyRecord)!,
            HKObjectType.workoutType(),
        ]
        #expect(read.contains(HKQuantityType(.bodyMass)))
        #expect(read.contains(HKObjectType.workoutType()))
        let share: Set<HKSampleType> = [HKQuantityType(.stepCount), HKQuantityType(.stepCount), HKCategoryType(.sleepAnalysis)]
        #expect(share.count == 2)
    }

    @Test func bloodGlucoseInBothUnitsAsHealthAppsDo() {
        let mgPerDL = HKUnit.gramUnit(with: .milli).unitDivided(by: HKUnit.literUnit(with: .deci))
        let mmolPerL = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: HKUnit.liter())
        let reading = HKQuantity(unit: mmolPerL, doubleValue: 5.5)
        let asMg = reading.doubleValue(for: mgPerDL)
        #expect(abs(asMg - 5.5 * 18.015588000005408) < 1e-9)
        #expect(reading.is(compatibleWith: mgPerDL))
        #expect(HKQuantityType(.bloodGlucose).is(compatibleWith: mmolPerL))
        #expect(mgPerDL.unitString == "mg/dL")
    }

    @Test func bodyTemperatureAndMassConversions() {
        let fever = HKQuantity(unit: .degreeFahrenheit(), doubleValue: 100.4)
        #expect(abs(fever.doubleValue(for: .degreeCelsius()) - 38.0) < 1e-9)
        let weight = HKQuantity(unit: .pound(), doubleValue: 150)
        #expect(abs(weight.doubleValue(for: .gramUnit(with: .kilo)) - 68.0388) < 1e-9)
        #expect(weight.compare(HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70)) == .orderedAscending)
    }

    @Test func sleepAnalysisCategorySample() {
        let sleepType = HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!
        let sample = HKCategorySample(type: sleepType, value: HKCategoryValueSleepAnalysis.asleepREM.rawValue,
                                      start: start, end: end)
        #expect(sample.value == HKCategoryValueSleepAnalysis.asleepREM.rawValue)
        #expect(HKCategoryValueSleepAnalysis.allAsleepValues.contains(.asleepCore))
        let mindful = HKCategorySample(type: HKCategoryType(.mindfulSession), value: HKCategoryValue.notApplicable.rawValue,
                                       start: start, end: end, metadata: [HKMetadataKeyWasUserEntered: true])
        #expect(mindful.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
    }

    @Test func bloodPressureCorrelation() {
        let systolicType = HKQuantityType.quantityType(forIdentifier: .bloodPressureSystolic)!
        let diastolicType = HKQuantityType.quantityType(forIdentifier: .bloodPressureDiastolic)!
        let mmHg = HKUnit.millimeterOfMercury()
        let systolic = HKQuantitySample(type: systolicType, quantity: HKQuantity(unit: mmHg, doubleValue: 120), start: start, end: start)
        let diastolic = HKQuantitySample(type: diastolicType, quantity: HKQuantity(unit: mmHg, doubleValue: 80), start: start, end: start)
        let bloodPressureType = HKCorrelationType.correlationType(forIdentifier: .bloodPressure)!
        let reading = HKCorrelation(type: bloodPressureType, start: start, end: start, objects: [systolic, diastolic])
        #expect(reading.objects(for: systolicType).first?.uuid == systolic.uuid)
        #expect(reading.objects.count == 2)
    }

    @Test @available(*, deprecated, message: "exercises HKWorkout initialisers deprecated in HealthKit")
    func workoutWithTotalsAndPauses() {
        let events = [
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0), metadata: nil),
        ]
        let run = HKWorkout(activityType: .running, start: start, end: start.addingTimeInterval(3600), workoutEvents: events,
                            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 420),
                            totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 10), metadata: nil)
        #expect(run.duration == 3300)
        #expect(run.workoutActivityType == .running)
        #expect(run.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .mile()) ?? 0 > 6.2)
        #expect(run.totalDistance?.doubleValue(for: .meter()) == 10_000)
        #expect(HKWorkoutActivityType.running.rawValue == 37)
    }

    @Test func errorsBridgeToTheHealthKitDomain() {
        let error = HKError(.errorNoData)
        #expect((error as NSError).domain == HKErrorDomain)
        #expect((error as NSError).code == HKError.Code.errorNoData.rawValue)
        do {
            throw HKError(.errorAuthorizationDenied)
        } catch HKError.errorAuthorizationDenied {
            // HealthKit apps catch specific codes this way.
        } catch {
            Issue.record("expected errorAuthorizationDenied, got \(error)")
        }
    }

    @Test func identifiersKeepTheirExportStrings() {
        #expect(HKQuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
        #expect(HKCategoryTypeIdentifier.sleepAnalysis.rawValue == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(HKObjectType.workoutType().identifier == "HKWorkoutTypeIdentifier")
        #expect(HKQuantityType(HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")) == HKQuantityType(.bodyMass))
        #expect(HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate")
    }
}
