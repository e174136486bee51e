import Foundation

// HealthKit's class factories. Each returns the one shared instance for its identifier, or `nil`
// for an identifier HealthKit (as of iOS 18) does not define.
extension HKObjectType {
    /// The quantity type `identifier`, or `nil` if unknown.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        TypeCatalog.shared.quantity[identifier]
    }

    /// The category type `identifier`, or `nil` if unknown.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        TypeCatalog.shared.category[identifier]
    }

    /// The characteristic type `identifier`, or `nil` if unknown.
    public class func characteristicType(
        forIdentifier identifier: HKCharacteristicTypeIdentifier
    ) -> HKCharacteristicType? {
        TypeCatalog.shared.characteristic[identifier]
    }

    /// The correlation type `identifier`, or `nil` if unknown.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        TypeCatalog.shared.correlation[identifier]
    }

    /// The document type `identifier` (iOS 10), or `nil` if unknown.
    public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        TypeCatalog.shared.document[identifier]
    }

    /// The clinical type `identifier` (iOS 12), or `nil` if unknown.
    public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        TypeCatalog.shared.clinical[identifier]
    }

    /// The scored assessment type `identifier` (iOS 18), or `nil` if unknown.
    public class func scoredAssessmentType(
        forIdentifier identifier: HKScoredAssessmentTypeIdentifier
    ) -> HKScoredAssessmentType? {
        TypeCatalog.shared.scoredAssessment[identifier]
    }

    /// The series type `identifier` (``HKWorkoutRouteTypeIdentifier`` or
    /// ``HKDataTypeIdentifierHeartbeatSeries``; iOS 11), or `nil` if unknown.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        TypeCatalog.shared.byIdentifier[identifier] as? HKSeriesType
    }

    /// The workout type.
    public class func workoutType() -> HKWorkoutType { TypeCatalog.shared.workout }

    /// The activity summary type (iOS 9.3).
    public class func activitySummaryType() -> HKActivitySummaryType { TypeCatalog.shared.activitySummary }

    /// The audiogram sample type (iOS 13).
    public class func audiogramSampleType() -> HKAudiogramSampleType { TypeCatalog.shared.audiogram }

    /// The electrocardiogram type (iOS 14).
    public class func electrocardiogramType() -> HKElectrocardiogramType { TypeCatalog.shared.electrocardiogram }

    /// The vision prescription type (iOS 16).
    public class func visionPrescriptionType() -> HKPrescriptionType { TypeCatalog.shared.visionPrescription }

    /// The state of mind type (iOS 18).
    public class func stateOfMindType() -> HKStateOfMindType { TypeCatalog.shared.stateOfMind }
}

// OpenHealthKit extensions: the catalog of every known type, for importers and the command line.
extension HKObjectType {
    /// The type whose identifier is `rawIdentifier` — any kind, as found in export.xml
    /// (`"HKQuantityTypeIdentifierStepCount"`, `"HKWorkoutTypeIdentifier"`, …) — or `nil` if unknown.
    ///
    /// OpenHealthKit extension.
    public class func type(forIdentifier rawIdentifier: String) -> HKObjectType? {
        TypeCatalog.shared.byIdentifier[rawIdentifier]
    }

    /// Every type OpenHealthKit knows (HealthKit as of iOS 18), grouped by kind.
    ///
    /// OpenHealthKit extension.
    public static var allTypes: [HKObjectType] { TypeCatalog.shared.all }

    /// Every known type of `kind`, in HealthKit's header order.
    ///
    /// OpenHealthKit extension.
    public static func allTypes(ofKind kind: ObjectTypeKind) -> [HKObjectType] {
        TypeCatalog.shared.all.filter { $0.kind == kind }
    }

    /// Every known quantity type. OpenHealthKit extension.
    public static var allQuantityTypes: [HKQuantityType] { TypeCatalog.shared.all.compactMap { $0 as? HKQuantityType } }
    /// Every known category type. OpenHealthKit extension.
    public static var allCategoryTypes: [HKCategoryType] { TypeCatalog.shared.all.compactMap { $0 as? HKCategoryType } }
    /// Every known characteristic type. OpenHealthKit extension.
    public static var allCharacteristicTypes: [HKCharacteristicType] {
        TypeCatalog.shared.all.compactMap { $0 as? HKCharacteristicType }
    }
    /// Every known correlation type. OpenHealthKit extension.
    public static var allCorrelationTypes: [HKCorrelationType] {
        TypeCatalog.shared.all.compactMap { $0 as? HKCorrelationType }
    }
    /// Every known clinical type. OpenHealthKit extension.
    public static var allClinicalTypes: [HKClinicalType] { TypeCatalog.shared.all.compactMap { $0 as? HKClinicalType } }
    /// Every known document type. OpenHealthKit extension.
    public static var allDocumentTypes: [HKDocumentType] { TypeCatalog.shared.all.compactMap { $0 as? HKDocumentType } }
    /// Every known series type. OpenHealthKit extension.
    public static var allSeriesTypes: [HKSeriesType] { TypeCatalog.shared.all.compactMap { $0 as? HKSeriesType } }
    /// Every known sample type (everything but characteristics and the activity summary type).
    /// OpenHealthKit extension.
    public static var allSampleTypes: [HKSampleType] { TypeCatalog.shared.all.compactMap { $0 as? HKSampleType } }
}
