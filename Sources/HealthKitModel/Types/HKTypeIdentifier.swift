import Foundation

/// The shape shared by HealthKit's string-backed identifier types (`NS_STRING_ENUM` / `NS_TYPED_ENUM`
/// imported into Swift as `RawRepresentable` structs).
///
/// OpenHealthKit extension: HealthKit declares each identifier struct separately; this protocol only
/// provides the unlabeled `init(_:)` they all have, once.
public protocol StringIdentifier: RawRepresentable, Hashable, Sendable where RawValue == String {
    /// Creates an identifier from its raw string (the Objective-C constant's value).
    init(rawValue: String)
}

extension StringIdentifier {
    /// Creates an identifier from its raw string (the Objective-C constant's value).
    public init(_ rawValue: String) {
        self.init(rawValue: rawValue)
    }
}

/// Identifies a characteristic type (a fixed fact about the user, such as date of birth).
public struct HKCharacteristicTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The user's Activity move mode (iOS 14).
    public static let activityMoveMode = Self(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
    /// The user's biological sex.
    public static let biologicalSex = Self(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    /// The user's blood type.
    public static let bloodType = Self(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// The user's date of birth.
    public static let dateOfBirth = Self(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// The user's Fitzpatrick skin type (iOS 9).
    public static let fitzpatrickSkinType = Self(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    /// Whether the user uses a wheelchair (iOS 10).
    public static let wheelchairUse = Self(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
}

/// Identifies a correlation type (a sample grouping other samples).
public struct HKCorrelationTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A blood pressure reading: one systolic and one diastolic sample.
    public static let bloodPressure = Self(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// A food item: dietary quantity samples consumed together.
    public static let food = Self(rawValue: "HKCorrelationTypeIdentifierFood")
}

/// Identifies a document type (iOS 10).
public struct HKDocumentTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A Clinical Document Architecture (CDA) document.
    public static let CDA = Self(rawValue: "HKDocumentTypeIdentifierCDA")
}

/// Identifies a clinical record type (iOS 12). Clinical types are read-only.
public struct HKClinicalTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Allergy and intolerance records.
    public static let allergyRecord = Self(rawValue: "HKClinicalTypeIdentifierAllergyRecord")
    /// Clinical notes (iOS 16.4).
    public static let clinicalNoteRecord = Self(rawValue: "HKClinicalTypeIdentifierClinicalNoteRecord")
    /// Condition records.
    public static let conditionRecord = Self(rawValue: "HKClinicalTypeIdentifierConditionRecord")
    /// Insurance coverage records (iOS 14).
    public static let coverageRecord = Self(rawValue: "HKClinicalTypeIdentifierCoverageRecord")
    /// Immunization records.
    public static let immunizationRecord = Self(rawValue: "HKClinicalTypeIdentifierImmunizationRecord")
    /// Laboratory result records.
    public static let labResultRecord = Self(rawValue: "HKClinicalTypeIdentifierLabResultRecord")
    /// Medication records.
    public static let medicationRecord = Self(rawValue: "HKClinicalTypeIdentifierMedicationRecord")
    /// Procedure records.
    public static let procedureRecord = Self(rawValue: "HKClinicalTypeIdentifierProcedureRecord")
    /// Vital sign records.
    public static let vitalSignRecord = Self(rawValue: "HKClinicalTypeIdentifierVitalSignRecord")
}

/// Identifies a scored assessment type (iOS 18).
public struct HKScoredAssessmentTypeIdentifier: StringIdentifier {
    /// The Objective-C constant's string value.
    public let rawValue: String
    /// Creates an identifier from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The GAD-7 anxiety assessment.
    public static let GAD7 = Self(rawValue: "HKScoredAssessmentTypeIdentifierGAD7")
    /// The PHQ-9 depression assessment.
    public static let PHQ9 = Self(rawValue: "HKScoredAssessmentTypeIdentifierPHQ9")
}

/// The FHIR resource type of a clinical record's resource (iOS 12). Raw values are bare FHIR names.
public struct HKFHIRResourceType: StringIdentifier {
    /// The FHIR `resourceType` string.
    public let rawValue: String
    /// Creates a resource type from its FHIR name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// FHIR `AllergyIntolerance`.
    public static let allergyIntolerance = Self(rawValue: "AllergyIntolerance")
    /// FHIR `Condition`.
    public static let condition = Self(rawValue: "Condition")
    /// FHIR `Coverage` (iOS 14).
    public static let coverage = Self(rawValue: "Coverage")
    /// FHIR `DiagnosticReport` (iOS 16.4).
    public static let diagnosticReport = Self(rawValue: "DiagnosticReport")
    /// FHIR `DocumentReference` (iOS 16.4).
    public static let documentReference = Self(rawValue: "DocumentReference")
    /// FHIR `Immunization`.
    public static let immunization = Self(rawValue: "Immunization")
    /// FHIR `MedicationDispense`.
    public static let medicationDispense = Self(rawValue: "MedicationDispense")
    /// FHIR `MedicationOrder` (DSTU2).
    public static let medicationOrder = Self(rawValue: "MedicationOrder")
    /// FHIR `MedicationRequest` (R4, iOS 14).
    public static let medicationRequest = Self(rawValue: "MedicationRequest")
    /// FHIR `MedicationStatement`.
    public static let medicationStatement = Self(rawValue: "MedicationStatement")
    /// FHIR `Observation`.
    public static let observation = Self(rawValue: "Observation")
    /// FHIR `Procedure`.
    public static let procedure = Self(rawValue: "Procedure")
}
