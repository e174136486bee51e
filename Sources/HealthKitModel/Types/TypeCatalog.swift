import Foundation

/// The registry of every type OpenHealthKit knows, one shared instance per identifier.
///
/// Built once, on first use; immutable afterwards.
final class TypeCatalog: Sendable {
    static let characteristicIdentifiers: [HKCharacteristicTypeIdentifier] = [
        .biologicalSex, .bloodType, .dateOfBirth, .fitzpatrickSkinType, .wheelchairUse, .activityMoveMode,
    ]
    static let correlationIdentifiers: [HKCorrelationTypeIdentifier] = [.bloodPressure, .food]
    static let documentIdentifiers: [HKDocumentTypeIdentifier] = [.CDA]
    static let clinicalIdentifiers: [HKClinicalTypeIdentifier] = [
        .allergyRecord, .clinicalNoteRecord, .conditionRecord, .coverageRecord, .immunizationRecord,
        .labResultRecord, .medicationRecord, .procedureRecord, .vitalSignRecord,
    ]
    static let scoredAssessmentIdentifiers: [HKScoredAssessmentTypeIdentifier] = [.GAD7, .PHQ9]

    static let shared = TypeCatalog()

    let quantity: [HKQuantityTypeIdentifier: HKQuantityType]
    let category: [HKCategoryTypeIdentifier: HKCategoryType]
    let characteristic: [HKCharacteristicTypeIdentifier: HKCharacteristicType]
    let correlation: [HKCorrelationTypeIdentifier: HKCorrelationType]
    let document: [HKDocumentTypeIdentifier: HKDocumentType]
    let clinical: [HKClinicalTypeIdentifier: HKClinicalType]
    let scoredAssessment: [HKScoredAssessmentTypeIdentifier: HKScoredAssessmentType]
    let workout = HKWorkoutType(identifier: HKWorkoutTypeIdentifier)
    let workoutRoute = HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier)
    let heartbeat = HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries)
    let activitySummary = HKActivitySummaryType(identifier: HKActivitySummaryTypeIdentifier)
    let audiogram = HKAudiogramSampleType(identifier: HKDataTypeIdentifierAudiogram)
    let electrocardiogram = HKElectrocardiogramType(identifier: HKDataTypeIdentifierElectrocardiogram)
    let visionPrescription = HKPrescriptionType(identifier: HKVisionPrescriptionTypeIdentifier)
    let stateOfMind = HKStateOfMindType(identifier: HKDataTypeIdentifierStateOfMind)

    /// Every type, grouped by kind in ``ObjectTypeKind`` order, in header order within a kind.
    let all: [HKObjectType]
    /// Every type by identifier string.
    let byIdentifier: [String: HKObjectType]

    private init() {
        let quantityTypes = HKQuantityTypeIdentifier.allKnown.map(HKQuantityType.init)
        let categoryTypes = HKCategoryTypeIdentifier.allKnown.map(HKCategoryType.init)
        let characteristicTypes = Self.characteristicIdentifiers.map(HKCharacteristicType.init)
        let correlationTypes = Self.correlationIdentifiers.map(HKCorrelationType.init)
        let documentTypes = Self.documentIdentifiers.map(HKDocumentType.init)
        let clinicalTypes = Self.clinicalIdentifiers.map(HKClinicalType.init)
        let assessmentTypes = Self.scoredAssessmentIdentifiers.map(HKScoredAssessmentType.init)
        quantity = Self.index(quantityTypes, by: HKQuantityTypeIdentifier.init)
        category = Self.index(categoryTypes, by: HKCategoryTypeIdentifier.init)
        characteristic = Self.index(characteristicTypes, by: HKCharacteristicTypeIdentifier.init)
        correlation = Self.index(correlationTypes, by: HKCorrelationTypeIdentifier.init)
        document = Self.index(documentTypes, by: HKDocumentTypeIdentifier.init)
        clinical = Self.index(clinicalTypes, by: HKClinicalTypeIdentifier.init)
        scoredAssessment = Self.index(assessmentTypes, by: HKScoredAssessmentTypeIdentifier.init)

        var all: [HKObjectType] = quantityTypes + categoryTypes + characteristicTypes + correlationTypes
        all += [workout, workoutRoute, heartbeat] as [HKObjectType]
        all += documentTypes as [HKObjectType] + clinicalTypes as [HKObjectType]
        all += [activitySummary, audiogram, electrocardiogram, visionPrescription] as [HKObjectType]
        all += assessmentTypes as [HKObjectType] + [stateOfMind] as [HKObjectType]
        let order = Dictionary(uniqueKeysWithValues: ObjectTypeKind.allCases.enumerated().map { ($1, $0) })
        self.all = all.enumerated()
            .sorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }
            .map(\.element)
        byIdentifier = Dictionary(all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func index<Key: Hashable, Type: HKObjectType>(
        _ types: [Type], by key: (String) -> Key
    ) -> [Key: Type] {
        Dictionary(uniqueKeysWithValues: types.map { (key($0.identifier), $0) })
    }
}
