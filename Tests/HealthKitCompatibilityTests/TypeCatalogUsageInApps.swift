// Type identifiers, type factories and type sets written the way HealthKit apps write them:
// identifier extensions, authorization sets mixing kinds, protocols keyed by identifiers,
// switches over activity types and category values.
import Foundation
import HealthKit
import Testing

// Apps add helpers to the identifier structs.
extension HKQuantityTypeIdentifier {
    fileprivate var sampleTypeForTests: HKQuantityType? { HKObjectType.quantityType(forIdentifier: self) }
}

// A protocol keyed by a static category identifier, as symptom-tracking libraries declare it.
private protocol SeveritySymptom {
    static var categoryTypeIdentifier: HKCategoryTypeIdentifier { get }
    var categorySample: HKCategorySample { get }
}

extension SeveritySymptom {
    static var categoryType: HKCategoryType { HKCategoryType(categoryTypeIdentifier) }
    var severity: HKCategoryValueSeverity? { HKCategoryValueSeverity(rawValue: categorySample.value) }
}

private struct Headache: SeveritySymptom {
    static let categoryTypeIdentifier: HKCategoryTypeIdentifier = .headache
    let categorySample: HKCategorySample
}

// Apps give activity types display names with a switch that falls back on `default`.
extension HKWorkoutActivityType {
    fileprivate var displayNameForTests: String {
        switch self {
        case .running: "Running"
        case .cycling: "Cycling"
        case .swimming: "Swimming"
        case .traditionalStrengthTraining, .functionalStrengthTraining: "Strength"
        case .highIntensityIntervalTraining: "HIIT"
        default: "Workout"
        }
    }
}

/// Sleep-stage labels written the way iOS 16+ apps write them, exhaustively.
private func sleepStageLabel(_ value: HKCategoryValueSleepAnalysis) -> String {
    switch value {
    case .inBed: "In bed"
    case .asleepUnspecified: "Asleep"
    case .awake: "Awake"
    case .asleepCore: "Core"
    case .asleepDeep: "Deep"
    case .asleepREM: "REM"
    }
}

/// The same labels as most shipping apps write them: iOS's importer requires `@unknown default` for
/// HealthKit's non-frozen Objective-C enums.
private func sleepStageLabelWithUnknownDefault(_ value: HKCategoryValueSleepAnalysis) -> String {
    switch value {
    case .inBed: "In bed"
    case .asleepUnspecified: "Asleep"
    case .awake: "Awake"
    case .asleepCore: "Core"
    case .asleepDeep: "Deep"
    case .asleepREM: "REM"
    @unknown default: "Unknown"
    }
}

@Suite("Type catalog as HealthKit apps use it")
struct TypeCatalogUsageInApps {
    let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func classFactoriesAreCallableOnEverySubclass() throws {
        let steps = try #require(HKQuantityType.quantityType(forIdentifier: .stepCount))
        let sleep = try #require(HKCategoryType.categoryType(forIdentifier: .sleepAnalysis))
        let pressure = try #require(HKCorrelationType.correlationType(forIdentifier: .bloodPressure))
        let birthday = try #require(HKCharacteristicType.characteristicType(forIdentifier: .dateOfBirth))
        #expect(steps == HKQuantityType(.stepCount))
        #expect(sleep == HKCategoryType(.sleepAnalysis))
        #expect(pressure == HKCorrelationType(.bloodPressure))
        #expect(birthday == HKCharacteristicType(.dateOfBirth))
        #expect(HKWorkoutType.workoutType() == HKObjectType.workoutType())
        #expect(HKSeriesType.workoutRoute().identifier == HKWorkoutRouteTypeIdentifier)
        #expect(HKSeriesType.heartbeat().identifier == HKDataTypeIdentifierHeartbeatSeries)
        #expect(HKObjectType.documentType(forIdentifier: .CDA) == HKDocumentType(.CDA))
        #expect(HKObjectType.clinicalType(forIdentifier: .labResultRecord) == HKClinicalType(.labResultRecord))
        #expect(HKQuantityTypeIdentifier.bodyMass.sampleTypeForTests == HKQuantityType(.bodyMass))
    }

    @Test func authorizationSetsMixingEveryKind() {
        let toShare: Set<HKSampleType> = [
            HKQuantityType(.bodyMass), HKQuantityType(.dietaryEnergyConsumed), HKCategoryType(.mindfulSession),
            HKObjectType.workoutType(), HKSeriesType.workoutRoute(), HKCorrelationType(.food),
        ]
        let toRead: Set<HKObjectType> = [
            HKObjectType.characteristicType(forIdentifier: .biologicalSex)!,
            HKObjectType.characteristicType(forIdentifier: .bloodType)!,
            HKObjectType.activitySummaryType(),
            HKObjectType.electrocardiogramType(),
            HKObjectType.audiogramSampleType(),
            HKQuantityType(.heartRate), HKQuantityType.quantityType(forIdentifier: .heartRate)!,
        ]
        #expect(toShare.count == 6)
        #expect(toRead.count == 6)
        #expect(toShare.contains(HKObjectType.categoryType(forIdentifier: .mindfulSession)!))
        #expect(toRead.contains(HKQuantityType(.heartRate)))
        // A read set is often the share set widened to HKObjectType.
        let all = toRead.union(toShare.map { $0 as HKObjectType })
        #expect(all.count == 12)
    }

    @Test func identifiersFromAndToRawStrings() {
        let stored = "HKQuantityTypeIdentifierHeartRate"
        let identifier = HKQuantityTypeIdentifier(rawValue: stored)
        #expect(identifier == .heartRate)
        #expect(HKQuantityType(identifier).identifier == stored)
        #expect(HKCategoryTypeIdentifier("HKCategoryTypeIdentifierSleepAnalysis") == .sleepAnalysis)
        let type: HKObjectType = HKQuantityType(.stepCount)
        #expect(type.identifier == HKQuantityTypeIdentifier.stepCount.rawValue)
        #expect(HKCorrelationTypeIdentifier.food.rawValue == "HKCorrelationTypeIdentifierFood")
        #expect(HKCharacteristicTypeIdentifier.dateOfBirth.rawValue == "HKCharacteristicTypeIdentifierDateOfBirth")
        // Unknown identifiers give nil from the factories.
        #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope")) == nil)
    }

    @Test func identifierKeyedTablesAsAppsBuildThem() {
        let titles: [HKQuantityTypeIdentifier: String] = [.stepCount: "Steps", .distanceWalkingRunning: "Distance"]
        #expect(titles[HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")] == "Steps")
        let correlations = Set([HKCorrelationTypeIdentifier.bloodPressure, .food].map { HKCorrelationType($0) })
        #expect(correlations.count == 2)
        #expect(correlations.contains(HKObjectType.correlationType(forIdentifier: .food)!))
    }

    @Test func aggregationStylesDecideHowAppsSummarise() {
        #expect(HKQuantityType(.stepCount).aggregationStyle == .cumulative)
        #expect(HKQuantityType(.activeEnergyBurned).aggregationStyle == .cumulative)
        #expect(HKQuantityType(.heartRate).aggregationStyle == .discreteTemporallyWeighted)
        #expect(HKQuantityType(.bodyMass).aggregationStyle == .discreteArithmetic)
        #expect(HKQuantityType(.environmentalAudioExposure).aggregationStyle == .discreteEquivalentContinuousLevel)
        let cumulative = [HKQuantityTypeIdentifier.stepCount, .heartRate, .dietaryWater, .bodyMass]
            .map { HKQuantityType($0) }
            .filter { $0.aggregationStyle == .cumulative }
        #expect(cumulative.map(\.identifier) == [HKQuantityTypeIdentifier.stepCount.rawValue, HKQuantityTypeIdentifier.dietaryWater.rawValue])
    }

    @Test func castingTypesDownTheClassTree() {
        let types: [HKObjectType] = [
            HKQuantityType(.height), HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(),
            HKCharacteristicType(.biologicalSex), HKCorrelationType(.bloodPressure),
        ]
        var kinds: [String] = []
        for type in types {
            switch type {
            case is HKQuantityType: kinds.append("quantity")
            case is HKCategoryType: kinds.append("category")
            case is HKWorkoutType: kinds.append("workout")
            case is HKCharacteristicType: kinds.append("characteristic")
            case is HKSampleType: kinds.append("sample")
            default: kinds.append("other")
            }
        }
        #expect(kinds == ["quantity", "category", "workout", "characteristic", "sample"])
        #expect(types.compactMap { $0 as? HKSampleType }.count == 4)
    }

    @Test func categoryValueEnumsRoundTripThroughSampleValues() {
        let end = date.addingTimeInterval(3600)
        let sample = HKCategorySample(type: Headache.categoryType, value: HKCategoryValueSeverity.moderate.rawValue,
                                      start: date, end: end)
        let headache = Headache(categorySample: sample)
        #expect(headache.severity == .moderate)
        #expect(HKCategoryValueSeverity.moderate.rawValue == 3)
        #expect(HKCategoryValueSleepAnalysis(rawValue: 4) == .asleepDeep)
        #expect(HKCategoryValueAppleStandHour.idle.rawValue == 1)
        #expect(HKCategoryValueAppetiteChanges.increased.rawValue == 3)
        #expect(HKCategoryValueVaginalBleeding.heavy.rawValue == 4)
        #expect(HKCategoryValuePregnancyTestResult.positive.rawValue == 2)
        #expect(HKCategoryValueOvulationTestResult.luteinizingHormoneSurge.rawValue == 2)
        #expect(HKCategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.rawValue == 4)
        #expect(sleepStageLabel(.asleepREM) == "REM")
        #expect(sleepStageLabelWithUnknownDefault(.inBed) == "In bed")
        let asleepRaw = Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue))
        #expect(asleepRaw == [1, 3, 4, 5])
    }

    @Test func workoutActivityTypesByRawValueAndName() {
        #expect(HKWorkoutActivityType(rawValue: 37) == .running)
        #expect(HKWorkoutActivityType(rawValue: 13) == .cycling)
        #expect(HKWorkoutActivityType.swimming.rawValue == 46)
        #expect(HKWorkoutActivityType.other.rawValue == 3000)
        #expect(HKWorkoutActivityType.highIntensityIntervalTraining.displayNameForTests == "HIIT")
        #expect(HKWorkoutActivityType.yoga.displayNameForTests == "Workout")
        #expect(HKWorkoutActivityType(rawValue: 0) == nil)
    }

    @Test func characteristicValueEnums() {
        #expect(HKBiologicalSex.female.rawValue == 1)
        #expect(HKBloodType.oNegative.rawValue == 8)
        #expect(HKFitzpatrickSkinType.III.rawValue == 3)
        #expect(HKWheelchairUse.yes.rawValue == 2)
        #expect(HKCharacteristicType(.wheelchairUse).identifier == "HKCharacteristicTypeIdentifierWheelchairUse")
    }

    @Test func unknownIdentifierInTheOverlayInitTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantityType(HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope"))
        }
    }
}
