public import Foundation

/// The kind of an ``HKObjectType``: which concrete class it is.
///
/// OpenHealthKit extension, for catalogs and the command line.
public enum ObjectTypeKind: String, Sendable, CaseIterable {
    /// ``HKQuantityType``.
    case quantity
    /// ``HKCategoryType``.
    case category
    /// ``HKCharacteristicType``.
    case characteristic
    /// ``HKCorrelationType``.
    case correlation
    /// ``HKWorkoutType``.
    case workout
    /// ``HKSeriesType``.
    case series
    /// ``HKDocumentType``.
    case document
    /// ``HKClinicalType``.
    case clinical
    /// ``HKActivitySummaryType``.
    case activitySummary
    /// ``HKAudiogramSampleType``.
    case audiogram
    /// ``HKElectrocardiogramType``.
    case electrocardiogram
    /// ``HKPrescriptionType``.
    case prescription
    /// ``HKScoredAssessmentType``.
    case scoredAssessment
    /// ``HKStateOfMindType``.
    case stateOfMind
    /// The sample type of ``HKVerifiableClinicalRecord`` (HealthKit exposes none; OpenHealthKit extension).
    case verifiableClinicalRecord
}

/// The abstract superclass of every HealthKit data type.
///
/// Types are immutable. Two types are equal when they are of the same kind and have the same
/// identifier, however they were obtained (class factory, Swift initializer or catalog lookup), so
/// they work as members of `Set<HKObjectType>`, `Set<HKSampleType>` and as dictionary keys. The class
/// factories return one shared instance per identifier.
open class HKObjectType: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The type's identifier, e.g. `"HKQuantityTypeIdentifierStepCount"`.
    public let identifier: String

    /// Which concrete type this is.
    ///
    /// OpenHealthKit extension.
    public let kind: ObjectTypeKind

    init(identifier: String, kind: ObjectTypeKind) {
        self.identifier = identifier
        self.kind = kind
        super.init()
    }

    /// Unavailable: obtain types from the class factories or the Swift initializers.
    @available(*, unavailable, message: "Use a class factory such as HKObjectType.quantityType(forIdentifier:)")
    public override init() {
        fatalError("HKObjectType.init() is unavailable")
    }

    /// Types archive securely, as their identifier (HealthKit's adopt NSSecureCoding).
    public class var supportsSecureCoding: Bool { true }

    /// Archives the identifier.
    public func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "identifier")
    }

    /// Unarchives a type; fails when the archive names no type HealthKit defines.
    public required init?(coder: NSCoder) {
        guard let template = Self.archivedTemplate(coder) else { return nil }
        identifier = template.identifier
        kind = template.kind
        super.init()
    }

    /// The catalog's type for the identifier archived in `coder`.
    static func archivedTemplate(_ coder: NSCoder) -> HKObjectType? {
        (coder.decodeObject(of: NSString.self, forKey: "identifier") as String?).flatMap { HKObjectType.type(forIdentifier: $0) }
    }

    /// Whether `object` is a type of the same kind with the same identifier.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return other === self || (other.kind == kind && other.identifier == identifier)
    }

    /// A hash of the identifier.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(identifier)
        return hasher.finalize()
    }

    /// The identifier.
    public override var description: String { identifier }

    /// The type itself: types are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether the user authorizes access to each sample of this type individually (iOS 16).
    ///
    /// True for vision prescriptions.
    public func requiresPerObjectAuthorization() -> Bool { kind == .prescription }
}

/// A characteristic: a fixed fact about the user (biological sex, date of birth…). Read-only.
open class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The characteristic type `identifier` (Swift overlay, iOS 15).
    ///
    /// Traps, as HealthKit raises, when HealthKit defines no such characteristic.
    public init(_ identifier: HKCharacteristicTypeIdentifier) {
        guard TypeCatalog.characteristicIdentifiers.contains(identifier) else {
            raiseInvalidArgument("Unknown characteristic type identifier \(identifier.rawValue)")
        }
        super.init(identifier: identifier.rawValue, kind: .characteristic)
    }
}

/// The type of activity summaries (iOS 9.3). Not a sample type.
open class HKActivitySummaryType: HKObjectType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) {
        super.init(identifier: identifier, kind: .activitySummary)
    }
}
