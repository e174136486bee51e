import Foundation
public import HealthKitModel

/// An Observation (DSTU2 and R4): a lab result, a vital sign, a social history item...
public struct FHIRObservation: FHIRClinicalResource, Hashable {
    /// `"Observation"`.
    public static let resourceType = "Observation"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `registered`, `preliminary`, `final`, `amended`, ...
    public var status: String?
    /// The kind of observation: one concept in DSTU2, a list in R4.
    public var category: FHIROneOrMany<FHIRCodeableConcept>?
    /// What was observed (required).
    public var code: FHIRCodeableConcept
    /// Whom it is about.
    public var subject: FHIRReference?
    /// When it was observed.
    public var effectiveDateTime: String?
    /// When it was observed, as a period.
    public var effectivePeriod: FHIRPeriod?
    /// When the result was released.
    public var issued: String?
    /// A measured value.
    public var valueQuantity: FHIRQuantity?
    /// A coded value.
    public var valueCodeableConcept: FHIRCodeableConcept?
    /// A text value.
    public var valueString: String?
    /// High, low, normal...: one concept in DSTU2, a list in R4.
    public var interpretation: FHIROneOrMany<FHIRCodeableConcept>?

    /// Vital signs by category (`vital-signs`), everything else is a lab result, as in HealthKit.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? {
        let vital = category?.values.contains { $0.contains(code: "vital-signs") } ?? false
        return vital ? .vitalSignRecord : .labResultRecord
    }
    /// The title the Health app shows.
    public var displayName: String? { code.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { effectiveDateTime ?? effectivePeriod?.start ?? issued }
}

/// A DiagnosticReport (DSTU2 and R4): a panel of results; always a lab result record.
public struct FHIRDiagnosticReport: FHIRClinicalResource, Hashable {
    /// `"DiagnosticReport"`.
    public static let resourceType = "DiagnosticReport"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `registered`, `partial`, `final`, ...
    public var status: String?
    /// The service section: one concept in DSTU2, a list in R4.
    public var category: FHIROneOrMany<FHIRCodeableConcept>?
    /// The report's name (required).
    public var code: FHIRCodeableConcept
    /// Whom it is about.
    public var subject: FHIRReference?
    /// The clinically relevant time.
    public var effectiveDateTime: String?
    /// The clinically relevant period.
    public var effectivePeriod: FHIRPeriod?
    /// When the report was released.
    public var issued: String?
    /// The observations in the report.
    public var result: [FHIRReference]?
    /// Who reported: one reference in DSTU2, a list in R4.
    public var performer: FHIROneOrMany<FHIRReference>?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .labResultRecord }
    /// The title the Health app shows.
    public var displayName: String? { code.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { effectiveDateTime ?? effectivePeriod?.start ?? issued }
}

/// A Condition (DSTU2 and R4): a problem or diagnosis.
public struct FHIRCondition: FHIRClinicalResource, Hashable {
    /// `"Condition"`.
    public static let resourceType = "Condition"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// Active, resolved...: a code in DSTU2, a CodeableConcept in R4.
    public var clinicalStatus: FHIRCodeOrConcept?
    /// Confirmed, provisional...: a code in DSTU2, a CodeableConcept in R4.
    public var verificationStatus: FHIRCodeOrConcept?
    /// Problem-list item, encounter diagnosis...: one concept in DSTU2, a list in R4.
    public var category: FHIROneOrMany<FHIRCodeableConcept>?
    /// The condition.
    public var code: FHIRCodeableConcept?
    /// Whom it is about (R4).
    public var subject: FHIRReference?
    /// Whom it is about (DSTU2).
    public var patient: FHIRReference?
    /// When it started.
    public var onsetDateTime: String?
    /// When it resolved.
    public var abatementDateTime: String?
    /// When it was recorded (R4).
    public var recordedDate: String?
    /// When it was recorded (DSTU2).
    public var dateRecorded: String?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .conditionRecord }
    /// The title the Health app shows.
    public var displayName: String? { code?.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { onsetDateTime ?? recordedDate ?? dateRecorded }
}

/// An AllergyIntolerance (DSTU2 and R4).
public struct FHIRAllergyIntolerance: FHIRClinicalResource, Hashable {
    /// `"AllergyIntolerance"`.
    public static let resourceType = "AllergyIntolerance"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// Active, inactive, resolved (R4, a CodeableConcept).
    public var clinicalStatus: FHIRCodeOrConcept?
    /// Confirmed, unconfirmed... (R4, a CodeableConcept).
    public var verificationStatus: FHIRCodeOrConcept?
    /// The DSTU2 status code (`active`, `confirmed`, ...).
    public var status: String?
    /// `allergy` or `intolerance`.
    public var type: String?
    /// `food`, `medication`, ...: one code in DSTU2, a list in R4.
    public var category: FHIROneOrMany<String>?
    /// `low`, `high`, `unable-to-assess` (R4) or DSTU2's `CRITL`/`CRITH`/`CRITU`.
    public var criticality: String?
    /// The substance (R4).
    public var code: FHIRCodeableConcept?
    /// The substance (DSTU2).
    public var substance: FHIRCodeableConcept?
    /// Whom it is about.
    public var patient: FHIRReference?
    /// When it started (R4).
    public var onsetDateTime: String?
    /// When it started (DSTU2).
    public var onset: String?
    /// When it was recorded (R4 `recordedDate`).
    public var recordedDate: String?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .allergyRecord }
    /// The title the Health app shows.
    public var displayName: String? { code?.displayText ?? substance?.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { onsetDateTime ?? onset ?? recordedDate }
}

/// An Immunization (DSTU2 and R4).
public struct FHIRImmunization: FHIRClinicalResource, Hashable {
    /// `"Immunization"`.
    public static let resourceType = "Immunization"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `completed`, `entered-in-error`, `not-done` (R4), `in-progress`... (DSTU2).
    public var status: String?
    /// The vaccine (required).
    public var vaccineCode: FHIRCodeableConcept
    /// Whom it was given to.
    public var patient: FHIRReference?
    /// When it was given (DSTU2).
    public var date: String?
    /// When it was given (R4).
    public var occurrenceDateTime: String?
    /// Whether it was not given (DSTU2).
    public var wasNotGiven: Bool?
    /// The vaccine lot.
    public var lotNumber: String?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .immunizationRecord }
    /// The title the Health app shows.
    public var displayName: String? { vaccineCode.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { occurrenceDateTime ?? date }
}

/// A Procedure (DSTU2 and R4).
public struct FHIRProcedure: FHIRClinicalResource, Hashable {
    /// `"Procedure"`.
    public static let resourceType = "Procedure"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `completed`, `in-progress`, ...
    public var status: String?
    /// The procedure.
    public var code: FHIRCodeableConcept?
    /// Whom it was performed on.
    public var subject: FHIRReference?
    /// When it was performed.
    public var performedDateTime: String?
    /// When it was performed, as a period.
    public var performedPeriod: FHIRPeriod?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .procedureRecord }
    /// The title the Health app shows.
    public var displayName: String? { code?.displayText }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { performedDateTime ?? performedPeriod?.start }
}
