import Foundation
import HealthKitModel
import Testing

/// Hand-written spot checks of identifier raw values, category values and workout enums.
@Suite("Type identifiers and value enums")
struct TypesIdentifierTests {
    @Test("raw values are HealthKit's constant names")
    func rawValues() {
        #expect(HKQuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
        #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(HKQuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
        #expect(HKQuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue == "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
        #expect(HKCategoryTypeIdentifier.sleepAnalysis.rawValue == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(HKCategoryTypeIdentifier.sleepApneaEvent.rawValue == "HKCategoryTypeIdentifierSleepApneaEvent")
        #expect(HKCharacteristicTypeIdentifier.dateOfBirth.rawValue == "HKCharacteristicTypeIdentifierDateOfBirth")
        #expect(HKCorrelationTypeIdentifier.bloodPressure.rawValue == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(HKDocumentTypeIdentifier.CDA.rawValue == "HKDocumentTypeIdentifierCDA")
        #expect(HKClinicalTypeIdentifier.labResultRecord.rawValue == "HKClinicalTypeIdentifierLabResultRecord")
        #expect(HKScoredAssessmentTypeIdentifier.PHQ9.rawValue == "HKScoredAssessmentTypeIdentifierPHQ9")
        #expect(HKFHIRResourceType.medicationRequest.rawValue == "MedicationRequest")
        #expect(HKWorkoutTypeIdentifier == "HKWorkoutTypeIdentifier")
        #expect(HKDataTypeIdentifierStateOfMind == "HKDataTypeStateOfMind")
        #expect(HKQuantityTypeIdentifier("HKQuantityTypeIdentifierStepCount") == .stepCount)
    }

    @Test("environmentalAudioExposureEvent keeps the deprecated raw value")
    @available(*, deprecated)
    func audioExposureException() {
        #expect(HKCategoryTypeIdentifier.environmentalAudioExposureEvent.rawValue == "HKCategoryTypeIdentifierAudioExposureEvent")
        #expect(HKCategoryTypeIdentifier.audioExposureEvent == .environmentalAudioExposureEvent)
        #expect(HKCategoryTypeIdentifier.environmentalAudioExposureEvent.valueEnumName == "HKCategoryValueEnvironmentalAudioExposureEvent")
        #expect(HKCategoryTypeIdentifier.allKnown.filter { $0 == .environmentalAudioExposureEvent }.count == 1)
    }

    @Test("units and aggregation styles of well-known quantity types")
    func quantityTable() {
        let cases: [(HKQuantityTypeIdentifier, String, HKQuantityAggregationStyle)] = [
            (.stepCount, "count", .cumulative), (.heartRate, "count/s", .discreteTemporallyWeighted),
            (.vo2Max, "ml/(kg*min)", .discreteArithmetic), (.uvExposure, "count", .discreteArithmetic),
            (.environmentalAudioExposure, "dBASPL", .discreteEquivalentContinuousLevel),
            (.bodyMass, "kg", .discreteArithmetic), (.dietaryWater, "mL", .cumulative),
            (.bloodGlucose, "mg/dL", .discreteArithmetic), (.insulinDelivery, "IU", .cumulative),
        ]
        for (identifier, unit, style) in cases {
            #expect(identifier.canonicalUnitString == unit)
            #expect(identifier.aggregationStyle == style)
        }
        #expect(HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBogus").aggregationStyle == nil)
        #expect(HKQuantityTypeIdentifier.allKnown.count == 120)
    }

    @Test("aggregation style raw values and the deprecated alias")
    @available(*, deprecated)
    func aggregationStyle() {
        #expect(HKQuantityAggregationStyle.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(HKQuantityAggregationStyle.discrete == .discreteArithmetic)
    }

    @Test("category value raw values")
    @available(*, deprecated)
    func categoryValues() {
        #expect(HKCategoryValue.notApplicable.rawValue == 0)
        #expect(HKCategoryValueAppleStandHour.idle.rawValue == 1)
        #expect(HKCategoryValueSleepAnalysis.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(HKCategoryValueSleepAnalysis.asleep == .asleepUnspecified)
        #expect(HKCategoryValueSleepAnalysis.allAsleepValues == [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM])
        #expect(HKCategoryValueOvulationTestResult.positive.rawValue == 2)
        #expect(HKCategoryValueOvulationTestResult.estrogenSurge.rawValue == 4)
        #expect(HKCategoryValueSeverity.severe.rawValue == 4)
        #expect(HKCategoryValuePresence.notPresent.rawValue == 1)
        #expect(HKCategoryValueAppetiteChanges.increased.rawValue == 3)
        #expect(HKCategoryValueContraceptive.patch.rawValue == 7)
        #expect(HKCategoryValueCervicalMucusQuality.eggWhite.rawValue == 5)
        #expect(HKCategoryValueVaginalBleeding.none.rawValue == 5)
        #expect(HKCategoryValueMenstrualFlow.none.rawValue == 5)
        #expect(HKCategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.rawValue == 4)
        #expect(HKCategoryValueHeadphoneAudioExposureEvent.sevenDayLimit.rawValue == 1)
        #expect(HKCategoryValueAudioExposureEvent.loudEnvironment.rawValue == 1)
    }

    @Test("category value domains and export names")
    func categoryDomains() {
        #expect(HKCategoryTypeIdentifier.sleepAnalysis.allowedValues == [0, 1, 2, 3, 4, 5])
        #expect(HKCategoryTypeIdentifier.headache.valueEnumName == "HKCategoryValueSeverity")
        #expect(HKCategoryTypeIdentifier.headache.allowedValues == [0, 1, 2, 3, 4])
        #expect(HKCategoryTypeIdentifier.moodChanges.valueEnumName == "HKCategoryValuePresence")
        #expect(HKCategoryTypeIdentifier.mindfulSession.allowedValues == [0])
        #expect(HKCategoryTypeIdentifier.menstrualFlow.valueEnumName == "HKCategoryValueVaginalBleeding")
        #expect(HKCategoryTypeIdentifier(rawValue: "nope").allowedValues == nil)
        #expect(HKCategoryValueSleepAnalysis.asleepREM.exportName == "HKCategoryValueSleepAnalysisAsleepREM")
        #expect(HKCategoryValue.notApplicable.exportName == "HKCategoryValueNotApplicable")
        let sleep = CategoryValueDomain.sleepAnalysis
        #expect(sleep.value(forExportName: "HKCategoryValueSleepAnalysisInBed") == 0)
        #expect(sleep.value(forExportName: "HKCategoryValueSleepAnalysisAsleep") == 1)
        #expect(sleep.exportName(for: 3) == "HKCategoryValueSleepAnalysisAsleepCore")
        #expect(CategoryValueDomain.vaginalBleeding.value(forExportName: "HKCategoryValueMenstrualFlowHeavy") == 4)
        #expect(HKCategoryValueOvulationTestResult(exportName: "HKCategoryValueOvulationTestResultPositive") == .luteinizingHormoneSurge)
        #expect(HKCategoryTypeIdentifier.allKnown.count == 68)
    }

    @Test("workout activity type raw values and export names")
    @available(*, deprecated)
    func workoutActivityTypes() {
        #expect(HKWorkoutActivityType.running.rawValue == 37)
        #expect(HKWorkoutActivityType.other.rawValue == 3000)
        #expect(HKWorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(HKWorkoutActivityType.americanFootball.rawValue == 1)
        #expect(HKWorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(HKWorkoutActivityType.dance.rawValue == 14)
        #expect(HKWorkoutActivityType(rawValue: 81) == nil)
        #expect(HKWorkoutActivityType.allCases.count == 84)
        #expect(HKWorkoutActivityType.running.exportName == "HKWorkoutActivityTypeRunning")
        #expect(HKWorkoutActivityType.highIntensityIntervalTraining.exportName == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(HKWorkoutActivityType(exportName: "HKWorkoutActivityTypeOther") == .other)
        #expect(HKWorkoutActivityType(exportName: "HKWorkoutActivityTypeTaiChi") == .taiChi)
        #expect(HKWorkoutActivityType(exportName: "Running") == nil)
        for type in HKWorkoutActivityType.allCases { #expect(HKWorkoutActivityType(exportName: type.exportName) == type) }
    }

    @Test("workout event types")
    func workoutEventTypes() {
        #expect(HKWorkoutEventType.allCases.map(\.rawValue) == Array(1...8))
        #expect(HKWorkoutEventType.pause.exportName == "HKWorkoutEventTypePause")
        #expect(HKWorkoutEventType.pauseOrResumeRequest.exportName == "HKWorkoutEventTypePauseOrResumeRequest")
        #expect(HKWorkoutEventType(exportName: "HKWorkoutEventTypeSegment") == .segment)
    }
}
