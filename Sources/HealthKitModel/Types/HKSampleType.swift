public import Foundation

/// The abstract superclass of the types of samples (data with a start and end date).
open class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Unarchives a sample type; its duration limits come from the catalog's type of the same identifier.
    public required init?(coder: NSCoder) {
        guard let template = Self.archivedTemplate(coder) as? HKSampleType else { return nil }
        maximumDuration = template.maximumDuration
        minimumDuration = template.minimumDuration
        allowsRecalibrationForEstimates = template.allowsRecalibrationForEstimates
        super.init(coder: coder)
    }

    private let maximumDuration: TimeInterval?
    private let minimumDuration: TimeInterval?

    /// Whether samples of this type may be recalibrated with `HKHealthStore.recalibrateEstimates` (iOS 15).
    ///
    /// OpenHealthKit assumes this holds for cardio fitness (`vo2Max`) only.
    public let allowsRecalibrationForEstimates: Bool

    init(
        identifier: String, kind: ObjectTypeKind, maximumDuration: TimeInterval? = nil,
        minimumDuration: TimeInterval? = nil, allowsRecalibrationForEstimates: Bool = false
    ) {
        self.maximumDuration = maximumDuration
        self.minimumDuration = minimumDuration
        self.allowsRecalibrationForEstimates = allowsRecalibrationForEstimates
        super.init(identifier: identifier, kind: kind)
    }

    /// Whether samples of this type have a maximum time between start and end date (iOS 13).
    ///
    /// OpenHealthKit does not know HealthKit's restricted types and restricts none (unconfirmed).
    public var isMaximumDurationRestricted: Bool { maximumDuration != nil }

    /// The longest allowed sample duration. Traps, as HealthKit raises, when not restricted.
    public var maximumAllowedDuration: TimeInterval {
        guard let maximumDuration else {
            raiseInvalidArgument("\(identifier) does not have a maximum allowed duration")
        }
        return maximumDuration
    }

    /// Whether samples of this type have a minimum time between start and end date (iOS 13).
    public var isMinimumDurationRestricted: Bool { minimumDuration != nil }

    /// The shortest allowed sample duration. Traps, as HealthKit raises, when not restricted.
    public var minimumAllowedDuration: TimeInterval {
        guard let minimumDuration else {
            raiseInvalidArgument("\(identifier) does not have a minimum allowed duration")
        }
        return minimumDuration
    }
}

/// The type of quantity samples (a number with a unit).
open class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// Unarchives a quantity type; its aggregation style and canonical unit come from the catalog.
    public required init?(coder: NSCoder) {
        guard let template = Self.archivedTemplate(coder) as? HKQuantityType else { return nil }
        aggregationStyle = template.aggregationStyle
        canonicalUnitString = template.canonicalUnitString
        canonicalUnit = template.canonicalUnit
        super.init(coder: coder)
    }

    /// How samples of this type combine in statistics.
    public let aggregationStyle: HKQuantityAggregationStyle

    /// The canonical unit string, e.g. `"count/s"` for heart rate.
    ///
    /// OpenHealthKit extension.
    public let canonicalUnitString: String

    /// The canonical unit of this type (e.g. `count/s` for heart rate), in which OpenHealthKit stores values.
    /// Made once with the type: saving or importing a sample converts to it and checks units against it.
    ///
    /// OpenHealthKit extension: HealthKit documents these units only in header comments.
    public let canonicalUnit: HKUnit

    /// The quantity type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such quantity type.
    public init(_ identifier: HKQuantityTypeIdentifier) {
        guard let row = QuantityTypeTable.byIdentifier[identifier] else {
            raiseInvalidArgument("Unknown quantity type identifier \(identifier.rawValue)")
        }
        aggregationStyle = row.style
        canonicalUnitString = row.unit
        canonicalUnit = HKUnit(from: row.unit)
        super.init(
            identifier: identifier.rawValue, kind: .quantity,
            allowsRecalibrationForEstimates: identifier == .vo2Max)
    }
}

/// The type of category samples (a value from a small enumeration).
open class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// Unarchives a category type; its value domain comes from the catalog.
    public required init?(coder: NSCoder) {
        guard let template = Self.archivedTemplate(coder) as? HKCategoryType else { return nil }
        valueDomain = template.valueDomain
        super.init(coder: coder)
    }

    /// The values samples of this type accept.
    ///
    /// OpenHealthKit extension.
    public let valueDomain: CategoryValueDomain

    /// The category type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such category type.
    public init(_ identifier: HKCategoryTypeIdentifier) {
        guard let row = CategoryTypeTable.byIdentifier[identifier] else {
            raiseInvalidArgument("Unknown category type identifier \(identifier.rawValue)")
        }
        valueDomain = row.domain
        super.init(identifier: identifier.rawValue, kind: .category)
    }
}

/// The type of correlations (samples grouping other samples).
open class HKCorrelationType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The correlation type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such correlation type.
    public init(_ identifier: HKCorrelationTypeIdentifier) {
        guard TypeCatalog.correlationIdentifiers.contains(identifier) else {
            raiseInvalidArgument("Unknown correlation type identifier \(identifier.rawValue)")
        }
        super.init(identifier: identifier.rawValue, kind: .correlation)
    }
}

/// The type of documents (iOS 10).
open class HKDocumentType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The document type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such document type.
    public init(_ identifier: HKDocumentTypeIdentifier) {
        guard TypeCatalog.documentIdentifiers.contains(identifier) else {
            raiseInvalidArgument("Unknown document type identifier \(identifier.rawValue)")
        }
        super.init(identifier: identifier.rawValue, kind: .document)
    }
}

/// The type of clinical records (iOS 12). Read-only.
open class HKClinicalType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The clinical type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such clinical type.
    public init(_ identifier: HKClinicalTypeIdentifier) {
        guard TypeCatalog.clinicalIdentifiers.contains(identifier) else {
            raiseInvalidArgument("Unknown clinical type identifier \(identifier.rawValue)")
        }
        super.init(identifier: identifier.rawValue, kind: .clinical)
    }
}

/// The type of scored assessments such as GAD-7 and PHQ-9 (iOS 18).
open class HKScoredAssessmentType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The scored assessment type `identifier` (Swift overlay, iOS 18).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such assessment type.
    public init(_ identifier: HKScoredAssessmentTypeIdentifier) {
        guard TypeCatalog.scoredAssessmentIdentifiers.contains(identifier) else {
            raiseInvalidArgument("Unknown scored assessment type identifier \(identifier.rawValue)")
        }
        super.init(identifier: identifier.rawValue, kind: .scoredAssessment)
    }
}
