// The declarations Apple's HealthKit articles and sample code call most, in one place, written as an iOS app
// writes them: if any is missing or spelled differently, this file stops compiling. Each test also checks a value
// the documentation states.
import Foundation
import HealthKit
import Testing

@Suite("API surface as Apple's articles spell it")
struct ApiSurfaceScenarios {
    @Test @available(*, deprecated, message: "calls factories and initialisers HealthKit deprecates but apps still use")
    func typeFactoriesAndValueEnums() throws {
        #expect(HKHealthStore.isHealthDataAvailable())
        let types: [HKObjectType?] = [
            HKObjectType.quantityType(forIdentifier: .stepCount), HKQuantityType.quantityType(forIdentifier: .heartRate),
            HKObjectType.categoryType(forIdentifier: .sleepAnalysis), HKObjectType.characteristicType(forIdentifier: .dateOfBirth),
            HKObjectType.correlationType(forIdentifier: .bloodPressure), HKObjectType.workoutType(), HKSeriesType.workoutRoute(),
            HKSeriesType.heartbeat(), HKObjectType.activitySummaryType(), HKObjectType.documentType(forIdentifier: .CDA),
            HKObjectType.clinicalType(forIdentifier: .allergyRecord), HKObjectType.audiogramSampleType(),
        ]
        #expect(types.allSatisfy { $0 != nil })
        #expect(HKQuantityType(.stepCount).aggregationStyle == .cumulative)
        #expect(HKQuantityType(.bodyMass).aggregationStyle == .discreteArithmetic)
        #expect(HKQuantityType(.heartRate).aggregationStyle == .discreteTemporallyWeighted)
        #expect(HKQuantityType(.environmentalAudioExposure).aggregationStyle == .discreteEquivalentContinuousLevel)
        #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit.count().unitDivided(by: .minute())))
        #expect(!HKQuantityType(.stepCount).is(compatibleWith: .meter()))
        #expect(HKCategoryValueSleepAnalysis.inBed.rawValue == 0)
        #expect(HKCategoryValueSleepAnalysis.asleepREM.rawValue == 5)
        #expect(HKCategoryValueSleepAnalysis.allAsleepValues.count == 4)
        #expect(HKCategoryValue.notApplicable.rawValue == 0)
        #expect(HKBiologicalSex.female.rawValue == 1)
        #expect(HKBloodType.oNegative.rawValue == 8)
        #expect(HKFitzpatrickSkinType.I.rawValue == 1)
        #expect(HKWheelchairUse.yes.rawValue == 2)
        #expect(HKWorkoutActivityType.running.rawValue == 37)
        #expect(HKWorkoutActivityType.highIntensityIntervalTraining.rawValue == 63)
        #expect(HKWorkoutSessionLocationType.outdoor.rawValue == 3)
        #expect(HKUpdateFrequency.immediate.rawValue == 1)
        #expect(HKAuthorizationStatus.sharingAuthorized.rawValue == 2)
        #expect(HKAuthorizationRequestStatus.unnecessary.rawValue == 2)
        #expect(HKError.Code.errorNoData.rawValue == 11)
        #expect(HKError.Code.errorAuthorizationNotDetermined.rawValue == 5)
        #expect(HKErrorDomain == "com.apple.healthkit")
        #expect(HKObjectQueryNoLimit == 0)
        #expect(HKStatisticsOptions.discreteMostRecent == .mostRecent)
        #expect(HKStatisticsOptions.mostRecent.rawValue == 1 << 5)
    }

    @Test func unitFactoriesAndStrings() {
        #expect(HKUnit.count().unitDivided(by: .minute()).unitString == "count/min")
        #expect(HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci)).unitString == "mg/dL")
        #expect(HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
                == HKUnit(from: "mmol<180.15588000005408>/L"))
        #expect(HKUnit.meter().unitDivided(by: .second().unitRaised(toPower: 2)).unitString == "m/s^2")
        #expect(HKUnit.millimeterOfMercury().unitString == "mmHg")
        #expect(HKUnit.largeCalorie().unitString == "Cal")
        #expect(HKUnit.internationalUnit().unitString == "IU")
        #expect(HKUnit.decibelAWeightedSoundPressureLevel().unitString == "dBASPL")
        #expect(HKUnit.percent().unitString == "%")
        #expect(HKUnit.appleEffortScore().isNull() == false)
        #expect(HKQuantity(unit: .largeCalorie(), doubleValue: 1).doubleValue(for: .kilocalorie()) == 1)
        #expect(HKQuantity(unit: .mile(), doubleValue: 1).compare(HKQuantity(unit: .meter(), doubleValue: 1600)) == .orderedDescending)
        #expect(abs(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 98.6).doubleValue(for: .degreeCelsius()) - 37) < 1e-9)
        #expect(HKQuantity(unit: .count(), doubleValue: 72).description == "72 count")
    }

    @Test @available(*, deprecated, message: "builds HKWorkout with its deprecated initialiser, as older sample code does")
    func objectsAsTheSampleCodeBuildsThem() throws {
        let start = Date(timeIntervalSince1970: 1_710_057_600)
        let device = HKDevice(name: "Strap", manufacturer: "Acme", model: "S1", hardwareVersion: "1", firmwareVersion: "2",
                              softwareVersion: "3", localIdentifier: "abc", udiDeviceIdentifier: nil)
        let sample = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 60),
                                      start: start, end: start, device: device, metadata: [HKMetadataKeyHeartRateSensorLocation:
                                        HKHeartRateSensorLocation.chest.rawValue])
        #expect(sample.device?.name == "Strap")
        #expect(sample.metadata?[HKMetadataKeyHeartRateSensorLocation] as? Int == 1)
        let sleep = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepDeep.rawValue,
                                     start: start, end: start.addingTimeInterval(3600))
        #expect(HKCategoryValueSleepAnalysis(rawValue: sleep.value) == .asleepDeep)
        let workout = HKWorkout(activityType: .walking, start: start, end: start.addingTimeInterval(1200), duration: 1200,
                                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 80),
                                totalDistance: HKQuantity(unit: .meter(), doubleValue: 1500), metadata: [HKMetadataKeyIndoorWorkout: false])
        #expect(workout.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)) == 1.5)
        #expect(workout.workoutActivityType == .walking)
        let event = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: start, duration: 60), metadata: nil)
        #expect(event.dateInterval.duration == 60)
        let anchor = HKQueryAnchor(fromValue: Int(HKAnchoredObjectQueryNoAnchor))
        #expect(anchor == HKQueryAnchor(fromValue: 0))
        #expect(HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate")
        #expect(HKSampleSortIdentifierEndDate == "HKSampleSortIdentifierEndDate")
    }
}
