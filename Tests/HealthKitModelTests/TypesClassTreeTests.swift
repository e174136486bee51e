import Foundation
import HealthKitModel
import Testing

/// The HKObjectType class tree: factories, Swift overlay initializers, equality, catalog lookups.
@Suite("HKObjectType class tree")
struct TypesClassTreeTests {
    @Test("class factories return typed, shared instances")
    func factories() throws {
        let steps = try #require(HKObjectType.quantityType(forIdentifier: .stepCount))
        #expect(steps.identifier == "HKQuantityTypeIdentifierStepCount")
        #expect(steps.aggregationStyle == .cumulative)
        #expect(HKQuantityType.quantityType(forIdentifier: .stepCount) === steps)
        #expect(HKObjectType.categoryType(forIdentifier: .sleepAnalysis)?.identifier == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(HKObjectType.characteristicType(forIdentifier: .bloodType) != nil)
        #expect(HKObjectType.correlationType(forIdentifier: .food) != nil)
        #expect(HKObjectType.documentType(forIdentifier: .CDA) != nil)
        #expect(HKObjectType.clinicalType(forIdentifier: .allergyRecord) != nil)
        #expect(HKObjectType.scoredAssessmentType(forIdentifier: .GAD7) != nil)
        #expect(HKObjectType.workoutType().identifier == HKWorkoutTypeIdentifier)
        #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutRouteTypeIdentifier) == HKSeriesType.workoutRoute())
        #expect(HKObjectType.seriesType(forIdentifier: HKDataTypeIdentifierHeartbeatSeries) == HKSeriesType.heartbeat())
        #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutTypeIdentifier) == nil)
        #expect(HKObjectType.activitySummaryType().identifier == "HKActivitySummaryTypeIdentifier")
        #expect(HKObjectType.audiogramSampleType().identifier == "HKDataTypeIdentifierAudiogram")
        #expect(HKObjectType.electrocardiogramType().identifier == "HKDataTypeIdentifierElectrocardiogram")
        #expect(HKObjectType.visionPrescriptionType().requiresPerObjectAuthorization())
        #expect(!steps.requiresPerObjectAuthorization())
        #expect(HKObjectType.stateOfMindType().identifier == "HKDataTypeStateOfMind")
    }

    @Test("unknown identifiers give nil")
    func unknownIdentifiers() {
        #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBogus")) == nil)
        #expect(HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier("HKQuantityTypeIdentifierStepCount")) == nil)
        #expect(HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier("x")) == nil)
        #expect(HKObjectType.type(forIdentifier: "HKNothing") == nil)
    }

    @Test("overlay initializers equal factory instances")
    func equalityAcrossConstructionPaths() {
        #expect(HKQuantityType(.stepCount) == HKObjectType.quantityType(forIdentifier: .stepCount)!)
        #expect(HKQuantityType(.stepCount) !== HKObjectType.quantityType(forIdentifier: .stepCount)!)
        #expect(HKQuantityType(.stepCount).hash == HKObjectType.quantityType(forIdentifier: .stepCount)!.hash)
        #expect(HKCategoryType(.sleepAnalysis) == HKObjectType.categoryType(forIdentifier: .sleepAnalysis))
        #expect(HKCharacteristicType(.dateOfBirth) == HKObjectType.characteristicType(forIdentifier: .dateOfBirth))
        #expect(HKClinicalType(.allergyRecord) == HKObjectType.clinicalType(forIdentifier: .allergyRecord))
        #expect(HKCorrelationType(.bloodPressure) == HKObjectType.correlationType(forIdentifier: .bloodPressure))
        #expect(HKDocumentType(.CDA) == HKObjectType.documentType(forIdentifier: .CDA))
        #expect(HKScoredAssessmentType(.PHQ9) == HKObjectType.scoredAssessmentType(forIdentifier: .PHQ9))
        #expect(HKQuantityType(.stepCount) != HKQuantityType(.heartRate))
        #expect(HKQuantityType(.stepCount).description == "HKQuantityTypeIdentifierStepCount")
        #expect(!HKQuantityType(.stepCount).isEqual("HKQuantityTypeIdentifierStepCount"))
    }

    @Test("types work in sets and as dictionary keys")
    func setMembership() {
        let samples: Set<HKSampleType> = [
            HKQuantityType(.stepCount), HKObjectType.quantityType(forIdentifier: .stepCount)!,
            HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(), HKSeriesType.workoutRoute(),
        ]
        #expect(samples.count == 4)
        #expect(samples.contains(HKObjectType.quantityType(forIdentifier: .stepCount)!))
        #expect(samples.contains(HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!))
        let objects: Set<HKObjectType> = [HKCharacteristicType(.bloodType), HKQuantityType(.heartRate), HKQuantityType(.heartRate)]
        #expect(objects.count == 2)
        #expect(objects.contains(HKObjectType.quantityType(forIdentifier: .heartRate)!))
        let byType: [HKQuantityType: Int] = [HKQuantityType(.bodyMass): 1]
        #expect(byType[HKObjectType.quantityType(forIdentifier: .bodyMass)!] == 1)
    }

    @Test("the catalog lists and finds every type")
    func catalog() throws {
        #expect(HKObjectType.allQuantityTypes.count == 120)
        #expect(HKObjectType.allCategoryTypes.count == 68)
        #expect(HKObjectType.allCharacteristicTypes.count == 6)
        #expect(HKObjectType.allCorrelationTypes.count == 2)
        #expect(HKObjectType.allClinicalTypes.count == 9)
        #expect(HKObjectType.allDocumentTypes.count == 1)
        #expect(HKObjectType.allSeriesTypes.count == 2)
        #expect(HKObjectType.allTypes.count == 120 + 68 + 6 + 2 + 1 + 2 + 1 + 9 + 1 + 1 + 1 + 1 + 2 + 1)
        #expect(HKObjectType.allTypes(ofKind: .scoredAssessment).count == 2)
        #expect(Set(HKObjectType.allTypes.map(\.identifier)).count == HKObjectType.allTypes.count)
        for type in HKObjectType.allTypes { #expect(HKObjectType.type(forIdentifier: type.identifier) === type) }
        #expect(HKObjectType.type(forIdentifier: "HKWorkoutTypeIdentifier") is HKWorkoutType)
        #expect(HKObjectType.type(forIdentifier: "HKCorrelationTypeIdentifierBloodPressure") is HKCorrelationType)
        #expect(HKObjectType.type(forIdentifier: "HKCategoryTypeIdentifierAudioExposureEvent") is HKCategoryType)
        #expect(HKObjectType.type(forIdentifier: "HKCharacteristicTypeIdentifierBiologicalSex")?.kind == .characteristic)
        let heart = try #require(HKObjectType.type(forIdentifier: "HKQuantityTypeIdentifierHeartRate") as? HKQuantityType)
        #expect(heart.canonicalUnitString == "count/s")
        #expect(HKObjectType.allSampleTypes.count == HKObjectType.allTypes.count - 7)
        #expect(HKQuantityType(.vo2Max).allowsRecalibrationForEstimates)
        #expect(!HKQuantityType(.stepCount).isMaximumDurationRestricted)
        #expect(HKCategoryType(.headache).valueDomain == .severity)
    }

    @Test("canonical units parse and check compatibility")
    func canonicalUnits() {
        for type in HKObjectType.allQuantityTypes {
            #expect(type.is(compatibleWith: type.canonicalUnit), "\(type.identifier)")
        }
        #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "count/min")))
        #expect(!HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "kg")))
        #expect(HKQuantityType(.bodyMass).is(compatibleWith: HKUnit(from: "lb")))
        #expect(HKQuantityType(.vo2Max).is(compatibleWith: HKUnit(from: "mL/min·kg")))
        #expect(HKQuantityType(.bloodGlucose).canonicalUnit == HKUnit(from: "mg/dL"))
    }

    @Test("types are copied by reference")
    func copying() {
        let type = HKQuantityType(.stepCount)
        #expect((type.copy() as? HKQuantityType) === type)
    }
}
