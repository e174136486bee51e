import Foundation

// HealthKit's class factories. Each returns the one shared instance for its identifier, or `nil`
// for an identifier HealthKit (as of iOS 18) does not define.
extension HKObjectType {
    /// The quantity type `identifier`, or `nil` if unknown.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HKTypeCatalog.shared.quantity[identifier]
    }

    /// The category type `identifier`, or `nil` if unknown.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HKTypeCatalog.shared.category[identifier]
    }

    /// The characteristic type `identifier`, or `nil` if unknown.
    public class func characteristicType(
        forIdentifier identifier: HKCharacteristicTypeIdentifier
    ) -> HKCharacteristicType? {
        HKTypeCatalog.shared.characteristic[identifier]
    }

    /// The correlation type `identifier`, or `nil` if unknown.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKTypeCatalog.shared.correlation[identifier]
    }

    /// The document type `identifier` (iOS 10), or `nil` if unknown.
    public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        HKTypeCatalog.shared.document[identifier]
    }

    /// The clinical type `identifier` (iOS 12), or `nil` if unknown.
    public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        HKTypeCatalog.shared.clinical[identifier]
    }

    /// The scored assessment type `identifier` (iOS 18), or `nil` if unknown.
    public class func scoredAssessmentType(
        forIdentifier identifier: HKScoredAssessmentTypeIdentifier
    ) -> HKScoredAssessmentType? {
        HKTypeCatalog.shared.scoredAssessment[identifier]
    }

    /// The series type `identifier` (``HKWorkoutRouteTypeIdentifier`` or
    /// ``HKDataTypeIdentifierHeartbeatSeries``; iOS 11), or `nil` if unknown.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        HKTypeCatalog.shared.byIdentifier[identifier] as? HKSeriesType
    }

    /// The workout type.
    public class func workoutType() -> HKWorkoutType { HKTypeCatalog.shared.workout }

    /// The activity summary type (iOS 9.3).
    public class func activitySummaryType() -> HKActivitySummaryType { HKTypeCatalog.shared.activitySummary }

    /// The audiogram sample type (iOS 13).
    public class func audiogramSampleType() -> HKAudiogramSampleType { HKTypeCatalog.shared.audiogram }

    /// The electrocardiogram type (iOS 14).
    public class func electrocardiogramType() -> HKElectrocardiogramType { HKTypeCatalog.shared.electrocardiogram }

    /// The vision prescription type (iOS 16).
    public class func visionPrescriptionType() -> HKPrescriptionType { HKTypeCatalog.shared.visionPrescription }

    /// The state of mind type (iOS 18).
    public class func stateOfMindType() -> HKStateOfMindType { HKTypeCatalog.shared.stateOfMind }
}

// OpenHealthKit extensions: the catalog of every known type, for importers and the command line.
extension HKObjectType {
    /// The type whose identifier is `rawIdentifier` — any kind, as found in export.xml
    /// (`"HKQuantityTypeIdentifierStepCount"`, `"HKWorkoutTypeIdentifier"`, …) — or `nil` if unknown.
    ///
    /// OpenHealthKit extension.
    public class func type(forIdentifier rawIdentifier: String) -> HKObjectType? {
        HKTypeCatalog.shared.byIdentifier[rawIdentifier]
    }

    /// Every type OpenHealthKit knows (HealthKit as of iOS 18), grouped by kind.
    ///
    /// OpenHealthKit extension.
    public static var allTypes: [HKObjectType] { HKTypeCatalog.shared.all }

    /// Every known type of `kind`, in HealthKit's header order.
    ///
    /// OpenHealthKit extension.
    public static func allTypes(ofKind kind: ObjectTypeKind) -> [HKObjectType] {
        HKTypeCatalog.shared.all.filter { $0.kind == kind }
    }

    /// Every known quantity type. OpenHealthKit extension.
    public static var allQuantityTypes: [HKQuantityType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKQuantityType } }
    /// Every known category type. OpenHealthKit extension.
    public static var allCategoryTypes: [HKCategoryType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKCategoryType } }
    /// Every known characteristic type. OpenHealthKit extension.
    public static var allCharacteristicTypes: [HKCharacteristicType] {
        HKTypeCatalog.shared.all.compactMap { $0 as? HKCharacteristicType }
    }
    /// Every known correlation type. OpenHealthKit extension.
    public static var allCorrelationTypes: [HKCorrelationType] {
        HKTypeCatalog.shared.all.compactMap { $0 as? HKCorrelationType }
    }
    /// Every known clinical type. OpenHealthKit extension.
    public static var allClinicalTypes: [HKClinicalType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKClinicalType } }
    /// Every known document type. OpenHealthKit extension.
    public static var allDocumentTypes: [HKDocumentType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKDocumentType } }
    /// Every known series type. OpenHealthKit extension.
    public static var allSeriesTypes: [HKSeriesType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKSeriesType } }
    /// Every known sample type (everything but characteristics and the activity summary type).
    /// OpenHealthKit extension.
    public static var allSampleTypes: [HKSampleType] { HKTypeCatalog.shared.all.compactMap { $0 as? HKSampleType } }
}
