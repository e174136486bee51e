import Foundation
public import HealthKitModel

/// The members the four medication resources share: the medication (a concept or a reference) and dosage.
public protocol FHIRMedicationResource: FHIRClinicalResource {
    /// The medication as a concept.
    var medicationCodeableConcept: FHIRCodeableConcept? { get }
    /// The medication as a reference to a Medication resource.
    var medicationReference: FHIRReference? { get }
    /// Resources contained in this one (a referenced `#med` Medication).
    var contained: [FHIRAnyResource]? { get }
}

extension FHIRMedicationResource {
    /// Every medication resource is a medication record.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .medicationRecord }
    /// The medication's own name: its concept's text or first display, else a contained Medication's code.
    public var medicationName: String? {
        if let name = medicationCodeableConcept?.displayText { return name }
        guard let reference = medicationReference?.reference, reference.hasPrefix("#") else { return nil }
        let medication = contained?.first { $0.id == String(reference.dropFirst()) }?.model as? FHIRMedication
        return medication?.code?.displayText
    }

    /// The medication's name, else the reference's display.
    public var displayName: String? { medicationName ?? medicationReference?.display?.trimmed }
}

/// A MedicationStatement (DSTU2 and R4): what the patient takes or took.
public struct FHIRMedicationStatement: FHIRMedicationResource {
    /// `"MedicationStatement"`.
    public static let resourceType = "MedicationStatement"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `active`, `completed`, ...
    public var status: String?
    /// The medication as a concept.
    public var medicationCodeableConcept: FHIRCodeableConcept?
    /// The medication as a reference to a Medication resource.
    public var medicationReference: FHIRReference?
    /// Resources contained in this one.
    public var contained: [FHIRAnyResource]?
    /// Whom it is about (DSTU2).
    public var patient: FHIRReference?
    /// Whom it is about (R4).
    public var subject: FHIRReference?
    /// When it was taken.
    public var effectiveDateTime: String?
    /// When it was taken, as a period.
    public var effectivePeriod: FHIRPeriod?
    /// When the statement was made.
    public var dateAsserted: String?
    /// How it is taken.
    public var dosage: [FHIRDosage]?

    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { effectiveDateTime ?? effectivePeriod?.start ?? dateAsserted }
}

/// A MedicationOrder (DSTU2 only; R4 calls it MedicationRequest): a prescription.
public struct FHIRMedicationOrder: FHIRMedicationResource {
    /// `"MedicationOrder"`.
    public static let resourceType = "MedicationOrder"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `active`, `on-hold`, `completed`, ...
    public var status: String?
    /// The medication as a concept.
    public var medicationCodeableConcept: FHIRCodeableConcept?
    /// The medication as a reference to a Medication resource.
    public var medicationReference: FHIRReference?
    /// Resources contained in this one.
    public var contained: [FHIRAnyResource]?
    /// Whom it is for.
    public var patient: FHIRReference?
    /// When it was written.
    public var dateWritten: String?
    /// How to take it.
    public var dosageInstruction: [FHIRDosage]?

    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { dateWritten }
}

/// A MedicationRequest (R4 only): a prescription or order.
public struct FHIRMedicationRequest: FHIRMedicationResource {
    /// `"MedicationRequest"`.
    public static let resourceType = "MedicationRequest"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `active`, `completed`, ...
    public var status: String?
    /// `proposal`, `plan`, `order`, ...
    public var intent: String?
    /// The medication as a concept.
    public var medicationCodeableConcept: FHIRCodeableConcept?
    /// The medication as a reference to a Medication resource.
    public var medicationReference: FHIRReference?
    /// Resources contained in this one.
    public var contained: [FHIRAnyResource]?
    /// Whom it is for.
    public var subject: FHIRReference?
    /// When it was written.
    public var authoredOn: String?
    /// How to take it.
    public var dosageInstruction: [FHIRDosage]?

    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { authoredOn }
}

/// A MedicationDispense (DSTU2 and R4): medication handed to the patient.
public struct FHIRMedicationDispense: FHIRMedicationResource {
    /// `"MedicationDispense"`.
    public static let resourceType = "MedicationDispense"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// The identifier: one in DSTU2, a list in R4.
    public var identifier: FHIROneOrMany<FHIRIdentifier>?
    /// `in-progress`, `completed`, ...
    public var status: String?
    /// The medication as a concept.
    public var medicationCodeableConcept: FHIRCodeableConcept?
    /// The medication as a reference to a Medication resource.
    public var medicationReference: FHIRReference?
    /// Resources contained in this one.
    public var contained: [FHIRAnyResource]?
    /// Whom it is for (DSTU2).
    public var patient: FHIRReference?
    /// Whom it is for (R4).
    public var subject: FHIRReference?
    /// When it was prepared.
    public var whenPrepared: String?
    /// When it was handed over.
    public var whenHandedOver: String?
    /// How to take it.
    public var dosageInstruction: [FHIRDosage]?

    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { whenHandedOver ?? whenPrepared }
}

/// A Medication (DSTU2 and R4): what a medication resource refers to. Not a clinical record by itself.
public struct FHIRMedication: FHIRResourceModel, Hashable {
    /// `"Medication"`.
    public static let resourceType = "Medication"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// The medication's code.
    public var code: FHIRCodeableConcept?
}
