import Foundation
public import HealthKitModel

/// A resource's place in HealthKit: its clinical type and the title the Health app shows.
public struct FHIRClassification: Sendable, Hashable {
    /// The clinical type.
    public var clinicalType: HKClinicalTypeIdentifier
    /// The record's title.
    public var displayName: String
}

/// Sorts FHIR resources into HealthKit's clinical types, as HealthKit does.
///
/// AllergyIntolerance: allergy; Condition: condition; Immunization: immunization; MedicationDispense, -Order,
/// -Request, -Statement: medication; Procedure: procedure; Observation: vital sign when a category is
/// `vital-signs`, else lab result; DiagnosticReport: lab result; DocumentReference: clinical note;
/// Coverage: coverage. Anything else fits no clinical type.
public enum FHIRClassifier {
    /// The classification of `resource`, or nil when it fits no clinical type (see ``reasonNotClinical(_:)``).
    ///
    /// `medicationNames` maps references (`Medication/123`, a bundle entry's `fullUrl`) to medication
    /// names, for medication resources that only refer to their Medication.
    public static func classify(_ resource: FHIRAnyResource, medicationNames: [String: String] = [:]) -> FHIRClassification? {
        guard let clinical = resource.clinical, let type = clinical.clinicalTypeIdentifier else { return nil }
        var name = clinical.displayName
        if let medication = clinical as? any FHIRMedicationResource, medication.medicationName == nil,
           let reference = medication.medicationReference?.reference, let resolved = medicationNames[reference] {
            name = resolved  // the referenced Medication's own name beats the reference's display text
        }
        return FHIRClassification(clinicalType: type, displayName: name ?? fallbackName(resource.resourceType))
    }

    /// Why `resource` is not a clinical record, for reports.
    public static func reasonNotClinical(_ resource: FHIRAnyResource) -> String {
        "\(resource.resourceType) is not a clinical record type (HealthKit keeps \(clinicalResourceTypes.joined(separator: ", ")))"
    }

    /// The FHIR resource types that become clinical records.
    public static let clinicalResourceTypes = FHIRAnyResource.models.filter { $0.value is any FHIRClinicalResource.Type }
        .keys.sorted()

    /// Names of the Medication resources among `resources`, by `Medication/id` and by entry `fullUrl`.
    public static func medicationNames(in resources: [FHIRReadResource]) -> [String: String] {
        var names: [String: String] = [:]
        for item in resources {
            guard let medication = item.resource.model as? FHIRMedication, let name = medication.code?.displayText else { continue }
            names["Medication/\(item.identifier)"] = name
            if let url = item.fullUrl { names[url] = name }
        }
        return names
    }

    /// A title for a resource with nothing to show: its type in words ("Medication Statement").
    static func fallbackName(_ resourceType: String) -> String {
        var words = ""
        for character in resourceType {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(character)
        }
        return words
    }
}
